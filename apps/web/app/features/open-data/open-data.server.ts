// The open-data sources as the pages' loaders reach them. The index (GET /v1/open-data) carries the URL
// templates with the configured bases (TRANSPARENCIA_API_URL, TCE_API_URL, USERS_LOG_URL): a path is our
// own server, called in-process; an absolute URL is another service, called from this server, so the
// browser only ever talks to the portal.
import { AuditCourtCategory, AuditCourtQuery, AuditCourtResource, OPEN_DATA_PARAMS, type OpenDataEndpoint, type OpenDataGroup } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { ApiError, call, callRaw, messageOf, optional } from '../../lib/api.server.ts';
import { paramLabel } from './endpoints.ts';
import type { FieldError } from './view.ts';

const UPSTREAM_TIMEOUT_MS = 20_000;

interface Rule {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}
/** The first message of a contract rule the value breaks, or null when it is valid. */
const brokenRule = (rule: Rule, value: string): string | null => {
  const checked = rule.safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Valor inválido.');
};
// A placeholder the contracts have no rule for (a new endpoint in the index): one plain path segment.
const PLAIN_SEGMENT = /^[\p{L}\p{N}_-]{1,60}$/u;

/**
 * The values that break their placeholder's rule (the contracts' OPEN_DATA_PARAMS, the same the API
 * applies), each with a Portuguese message. Checked before any URL is built from them: `..`, a slash, an
 * encoded NUL or a 20-digit id never reach our API or another server.
 */
export function invalidParams(names: string[], values: Record<string, string>): FieldError[] {
  return names.flatMap((name) => {
    const value = (values[name] ?? '').trim();
    const rule = (OPEN_DATA_PARAMS as Record<string, Rule>)[name];
    const message = rule
      ? brokenRule(rule, value)
      : PLAIN_SEGMENT.test(value)
        ? null
        : `${paramLabel(name)} inválido: use apenas letras, números, hífen e sublinhado.`;
    return message ? [{ name, message }] : [];
  });
}

/** What is wrong with the segments of an automatic viewer's address (/dados/{resources}/{category}/{query}), or null. */
export function invalidAuditCourtPath([resources, category, query]: [string, string, string]): string | null {
  return brokenRule(AuditCourtResource, resources) ?? brokenRule(AuditCourtCategory, category) ?? brokenRule(AuditCourtQuery, query);
}

/**
 * GET one source URL, JSON parsed when it is JSON: a path is our own API (the one client), an absolute
 * URL another service, called from this server. Either way the body, or an ApiError (a network failure
 * is a 502 with its message).
 */
export async function fetchSource(context: AppLoadContext, url: string): Promise<unknown> {
  if (url.startsWith('/')) return call<unknown>(context, { url, auth: 'anonymous' });
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { headers: { accept: 'application/json, text/csv;q=0.9, */*;q=0.5' }, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
    text = await response.text();
  } catch (err) {
    throw new ApiError(502, err instanceof Error ? err.message : null);
  }
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) throw new ApiError(response.status, messageOf(body));
  return body;
}

/** How long another service may take to say how big a file is: the page does not wait on it for long. */
const SIZE_TIMEOUT_MS = 5_000;

/**
 * The bytes of a source's file without downloading it: HEAD's Content-Length (our own API counts them in the
 * database; another service may or may not say). null when it is not told; a failure is an error for `optional`.
 */
export async function sourceSize(context: AppLoadContext, url: string): Promise<number | null> {
  const length = url.startsWith('/')
    ? (await callRaw(context, { method: 'HEAD', url, auth: 'anonymous' })).headers['content-length']
    : (await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(SIZE_TIMEOUT_MS) })).headers.get('content-length');
  const bytes = Number(length ?? '');
  return length && Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : null;
}

/** The index of /dados, from the API (spec §2: the groups are data, not code). */
export async function loadIndex(context: AppLoadContext): Promise<OpenDataGroup[]> {
  const body = await call<OpenDataGroup[]>(context, { url: '/v1/open-data', auth: 'anonymous' });
  if (!Array.isArray(body)) throw new ApiError(502, null);
  return body;
}

export interface FoundEndpoint {
  group: OpenDataGroup;
  endpoint: OpenDataEndpoint;
}

export function findEndpoint(groups: OpenDataGroup[], slug: string): FoundEndpoint | null {
  for (const group of groups) {
    const endpoint = group.servicos.find((s) => s.slug === slug && s.url);
    if (endpoint) return { group, endpoint };
  }
  return null;
}

/** The group a `resources` value names ('despesa', 'credores', ...). */
export const findGroup = (groups: OpenDataGroup[], resources: string) => groups.find((g) => g.slug === resources) ?? null;

/**
 * The audit-court API's base. The index names it only inside its endpoints' URLs ({base}/{resources}/
 * {category}/{query}, whose slug is the path after the base), so it is read back from there.
 */
export function auditCourtBase(groups: OpenDataGroup[]): string | null {
  for (const group of groups) {
    for (const s of group.servicos) {
      if (s.slug.split('/').length === 3 && s.url.endsWith(`/${s.slug}`)) return s.url.slice(0, -s.slug.length - 1);
    }
  }
  return null;
}

/** The JSON listing a CSV download mirrors ('/despesas/{…}/download/' → '/despesas/{…}/'), when the group has it. */
export function jsonCounterpart(group: OpenDataGroup, endpoint: OpenDataEndpoint): OpenDataEndpoint | null {
  if (endpoint.format === 'json') return endpoint;
  const url = endpoint.url.replace(/download\/?$/, '');
  return group.servicos.find((s) => s.format === 'json' && s.url === url) ?? null;
}

/** The CSV download of the same listing ('/despesas/{…}/' → '/despesas/{…}/download/'), when the group has it. */
export function csvCounterpart(group: OpenDataGroup, endpoint: OpenDataEndpoint): OpenDataEndpoint | null {
  if (endpoint.format === 'csv') return endpoint;
  const url = `${endpoint.url.replace(/\/?$/, '/')}download/`;
  return group.servicos.find((s) => s.format === 'csv' && s.url.replace(/\/?$/, '/') === url) ?? null;
}

/** When the group's data was last updated: its updated_at endpoint, or null when it has none or it fails. */
export async function loadUpdatedAt(context: AppLoadContext, group: OpenDataGroup): Promise<string | null> {
  const endpoint = group.servicos.find((s) => /\/updated_at\/?$/.test(s.url) && !/\{/.test(s.url));
  if (!endpoint) return null;
  const answer = await optional(context, 'open-data updated_at', fetchSource(context, endpoint.url), null);
  const value = (answer as { updated_at?: unknown } | null)?.updated_at;
  return typeof value === 'string' ? value : null;
}

/** A URL as people can open it: our own paths get the page's origin. */
export const absoluteUrl = (url: string, request: Request) => (url.startsWith('/') ? new URL(url, request.url).href : url);

/** The URL with `page` and `page_size` set (the APIs paginate with them; others ignore them). */
export function withPage(url: string, page: number, pageSize: number): string {
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  params.set('page_size', String(pageSize));
  return `${path}?${params.toString()}`;
}
