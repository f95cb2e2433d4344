// The one way the pages call the API: `call` (typed by the contracts, data or one ApiError), then either
// `required` (the page cannot exist without it: 404 stays 404, a refused 400 stays 400, anything else a
// 5xx page) or `optional` (a widget allowed to fail: logged through the request's logger, a fallback
// shown instead).
import type {
  ApiAnswer,
  ApiAuth,
  BestBets,
  CatalogItem,
  CategoryNode,
  DepartmentSection,
  DepartmentSummary,
  MeResponse,
  Panel,
  RatingResponse,
  SearchItem,
  SearchRequest,
  SearchSuggestions,
  ServiceChangeLog,
} from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import './load-context.ts';
import { pageError } from './page-error.ts';

/**
 * An API answer other than 2xx: `message` is Portuguese for the page (the server's own, or a general
 * one), `serverMessage` the server's own or null when it sent none.
 */
export class ApiError extends Error {
  readonly serverMessage: string | null;
  constructor(
    readonly status: number,
    serverMessage: string | null,
    /** each field's problem, when the API refused a form's answers (contracts' FieldErrors) */
    readonly fields: { field: string; message: string; page?: string }[] = [],
  ) {
    super(serverMessage ?? UNAVAILABLE);
    this.name = 'ApiError';
    this.serverMessage = serverMessage;
  }
}

/** The `message` of an error body, when it has one. */
export function messageOf(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** The message a failure shows when the API's answer has none. */
export const UNAVAILABLE = 'Não foi possível completar a ação!';

export interface Call {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  auth: ApiAuth;
}

/** One API call as it came back (a file: its bytes and headers) when 2xx, or an ApiError. */
export async function callRaw(context: AppLoadContext, { method = 'GET', url, body, auth }: Call): Promise<ApiAnswer> {
  const answer = await context.api({ method, url, body, auth });
  if (answer.status >= 200 && answer.status < 300) return answer;
  const fields = (answer.body as { fields?: unknown } | null)?.fields;
  throw new ApiError(answer.status, messageOf(answer.body), Array.isArray(fields) ? (fields as ApiError['fields']) : []);
}

/**
 * A citizen's own file from the API (a PDF, a calendar file, her data), handed to her browser as it came: the API's
 * file name, and kept by no cache. `fallback` names it when the API named none.
 */
export function personalFile(file: ApiAnswer, type: string, fallback: string): Response {
  return new Response(file.bytes as unknown as BodyInit, {
    headers: { 'content-type': type, 'content-disposition': file.headers['content-disposition'] ?? `attachment; filename="${fallback}"`, 'cache-control': 'private, no-store' },
  });
}

/** One API call: the 2xx body as `T` (a contract's type), or an ApiError. */
export async function call<T>(context: AppLoadContext, request: Call): Promise<T> {
  return (await callRaw(context, request)).body as T;
}

/** The catalog's calls the pages share (spec §7). */
export const api = {
  categories: (c: AppLoadContext) => call<CategoryNode[]>(c, { url: '/v1/category', auth: 'anonymous' }),
  departments: (c: AppLoadContext) => call<DepartmentSummary[]>(c, { url: '/v1/department', auth: 'anonymous' }),
  // The services' public panel (issue 30): `query` holds its filters (orgao, servico, de, ate).
  panel: (c: AppLoadContext, query: URLSearchParams) => call<Panel>(c, { url: `/v1/painel?${query}`, auth: 'anonymous' }),
  sections: (c: AppLoadContext, department: string) => call<DepartmentSection[]>(c, { url: `/v1/department/${encodeURIComponent(department)}/section`, auth: 'anonymous' }),
  search: (c: AppLoadContext, body: SearchRequest, auth: ApiAuth = 'anonymous') =>
    call<SearchItem[]>(c, { method: 'POST', url: '/v1/search', body: { groups: ['CATALOG'], ...body }, auth }),
  /** services beginning with what was typed, and its spelling as the search reads it ('Você quis dizer') */
  /** who provides what was searched for when the state does not: another government or a company (issue 25) */
  bestBets: (c: AppLoadContext, q: string) => call<BestBets>(c, { url: `/v1/search/best-bets?${new URLSearchParams({ q })}`, auth: 'anonymous' }),
  suggestions: (c: AppLoadContext, q: string) => call<SearchSuggestions>(c, { url: `/v1/search/suggestions?${new URLSearchParams({ q })}`, auth: 'anonymous' }),
  service: (c: AppLoadContext, slug: string) => call<CatalogItem>(c, { url: `/v1/catalog/${encodeURIComponent(slug)}/load`, auth: 'anonymous' }),
  /** what changed in a service's key facts, newest first (issue 15) */
  changes: (c: AppLoadContext, slug: string) => call<ServiceChangeLog>(c, { url: `/v1/catalog/${encodeURIComponent(slug)}/mudancas`, auth: 'anonymous' }),
  rate: (c: AppLoadContext, id: string, value: number, ballot?: string) =>
    call<RatingResponse>(c, { method: 'POST', url: `/v1/catalog/${encodeURIComponent(id)}/ratings`, body: { value, ...(ballot ? { ballot } : {}) }, auth: 'anonymous' }),
  indicator: async (c: AppLoadContext, dashcard: number, card: number) => {
    const answer = await call<{ data?: { rows?: unknown[][] } }>(c, { method: 'POST', url: `/api/metabase/api/dashboard/8/dashcard/${dashcard}/card/${card}/query`, auth: 'anonymous' });
    const value = Number(answer.data?.rows?.[0]?.[0]);
    return Number.isFinite(value) ? value : null;
  },
  /** the citizen's claims as of now, with the header's shortName and accessLevel (GET /v1/me) */
  me: (c: AppLoadContext) => call<MeResponse>(c, { url: '/v1/me', auth: 'citizen' }),
};

/** A response thrown on purpose (a redirect, a `data()` page): it goes on as it is. */
const isThrownResponse = (err: unknown) => err instanceof Response || (typeof err === 'object' && err !== null && (err as { type?: unknown }).type === 'DataWithResponseInit');

export interface RequiredMessages {
  /** what a 404 page says instead of the API's message */
  notFound?: string;
  /** what a 5xx page says instead of the API's message */
  failure?: string;
}

/**
 * Data the page cannot exist without: a failure becomes the route's error page. The API's refusals of this
 * request stay refusals, never a 5xx (issue 23: an address too long for the API answered 502): 404, and 414 (an
 * address too long to be anything), are the page's 404 with its own message when given; any other 4xx (the
 * address's own values, who the visitor is, a limit) keeps its status and the API's Portuguese message. The
 * API unavailable (503: the database is down) is the page unavailable; any other failure of the API is a 502,
 * and an error that is not the API's a 500, both with a Portuguese message.
 */
export async function required<T>(context: AppLoadContext, promise: Promise<T>, messages: RequiredMessages = {}): Promise<T> {
  try {
    return await promise;
  } catch (err) {
    if (isThrownResponse(err)) throw err;
    if (err instanceof ApiError && (err.status === 404 || err.status === 414)) throw pageError(404, messages.notFound ?? err.message);
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) throw pageError(err.status, err.message);
    if (err instanceof ApiError) {
      context.log.warn({ status: err.status, message: err.message }, 'a page could not load its data');
      throw pageError(err.status === 503 ? 503 : 502, messages.failure ?? err.message);
    }
    context.log.error({ err }, 'a page failed while loading its data');
    throw pageError(500, messages.failure ?? UNAVAILABLE);
  }
}

/**
 * What a widget may live without (spec §8: the personal widgets' errors are silent): on failure, logged
 * through the request's logger and replaced by `fallback`. `what` names it in the log.
 */
export async function optional<T>(context: AppLoadContext, what: string, promise: Promise<T>, fallback: T): Promise<T> {
  try {
    return await promise;
  } catch (err) {
    if (isThrownResponse(err)) throw err;
    context.log.warn({ err, what }, 'optional data failed: showing the fallback');
    return fallback;
  }
}
