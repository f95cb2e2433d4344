import type { CatalogItem, CategoryNode, DepartmentSection, DepartmentSummary, RatingResponse, SearchItem, SearchRequest } from '@portal/contracts';
import { data, type AppLoadContext } from 'react-router';
import './load-context.ts';

/** An API answer other than 2xx, with the server's Portuguese message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function call<T>(context: AppLoadContext, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const answer = await context.api({ method, url, body });
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  const message = (answer.body as { message?: unknown } | null)?.message;
  throw new ApiError(answer.status, typeof message === 'string' ? message : 'Não foi possível completar a ação!');
}

export const api = {
  categories: (c: AppLoadContext) => call<CategoryNode[]>(c, 'GET', '/v1/category'),
  departments: (c: AppLoadContext) => call<DepartmentSummary[]>(c, 'GET', '/v1/department'),
  sections: (c: AppLoadContext, department: string) =>
    call<DepartmentSection[]>(c, 'GET', `/v1/department/${encodeURIComponent(department)}/section`),
  search: (c: AppLoadContext, body: SearchRequest) => call<SearchItem[]>(c, 'POST', '/v1/search', { groups: ['CATALOG'], ...body }),
  service: (c: AppLoadContext, slug: string) => call<CatalogItem>(c, 'GET', `/v1/catalog/${encodeURIComponent(slug)}/load`),
  rate: (c: AppLoadContext, id: number, value: number) => call<RatingResponse>(c, 'POST', `/v1/catalog/${id}/ratings`, { value }),
  indicator: async (c: AppLoadContext, dashcard: number, card: number) => {
    const answer = await call<{ data?: { rows?: unknown[][] } }>(c, 'POST', `/api/metabase/api/dashboard/8/dashcard/${dashcard}/card/${card}/query`);
    const value = Number(answer.data?.rows?.[0]?.[0]);
    return Number.isFinite(value) ? value : null;
  },
};

/** Lists the home and the sidebars can live without (spec §8: only logged): an empty list on failure. */
export async function orEmpty<T>(promise: Promise<T[]>): Promise<T[]> {
  try {
    return await promise;
  } catch (err) {
    console.error('optional list failed', err);
    return [];
  }
}

/** A failed API call as the route's error response: 404 stays 404, anything else says the service is unavailable. */
export function failure(err: unknown, notFoundMessage?: string): never {
  if (err instanceof ApiError) {
    if (err.status === 404) throw data({ message: notFoundMessage ?? err.message }, { status: 404 });
    if (err.status === 400) throw data({ message: err.message }, { status: 400 });
    throw data({ message: err.message }, { status: 502 });
  }
  throw err;
}

/** Whether a slug can reach the API at all (the contract's pattern); others are simply not found. */
export const isSlug = (value: string | undefined): value is string => !!value && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 120;
