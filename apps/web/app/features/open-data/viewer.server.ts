// What /dados/{resources}[/{category}][/{query}] shows (spec §2's route table), resolved on the server:
// a group's list of endpoints, the form of an endpoint of despesa / servidor / usuarios, or the automatic
// viewer of the audit-court API for every other `resources` value.
import type { OpenDataEndpoint, OpenDataGroup } from '@portal/contracts';
import { redirect, type AppLoadContext } from 'react-router';
import { ApiError, optional } from '../../lib/api.server.ts';
import { catalogPath } from '../../lib/paths.ts';
import { csvRecords, downloadLabel, failureMessage, fieldOrder, fillTemplate, isFormResource, MESSAGES, missingParams, PARAM_LABELS, placeholders, VIEWER_PAGE_SIZE } from './endpoints.ts';
import { isPage } from './export.ts';
import {
  absoluteUrl,
  auditCourtBase,
  csvCounterpart,
  fetchSource,
  findEndpoint,
  findGroup,
  invalidAuditCourtPath,
  invalidParams,
  jsonCounterpart,
  loadIndex,
  loadUpdatedAt,
  sourceSize,
  withPage,
} from './open-data.server.ts';
import type { EndpointLink, Failure, GroupInfo, Result, View } from './view.ts';

const groupInfo = (g: OpenDataGroup): GroupInfo => ({ text: g.text, slug: g.slug, description: g.description, icon: g.icon, informational: g.informational });
const links = (endpoints: OpenDataEndpoint[]): EndpointLink[] => endpoints.filter((s) => s.slug && s.url).map((s) => ({ slug: s.slug, description: s.description, format: s.format }));

function pageNumber(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** The source's answer as the screen shows it; past the last page (?page=852 of 10), the address of the last page instead. */
function toResult(body: unknown, page: number, url: URL): Result {
  if (!isPage(body)) return { data: body, page: null };
  const count = Math.max(1, Math.ceil(body.count / VIEWER_PAGE_SIZE));
  if (body.count > 0 && page > count) {
    const params = new URLSearchParams(url.search);
    if (count === 1) params.delete('page');
    else params.set('page', String(count));
    const query = params.toString();
    throw redirect(`${url.pathname}${query ? `?${query}` : ''}`);
  }
  return { data: body, page: { index: page - 1, count, total: body.count } };
}

/** A source that failed, as the screen tells it (spec §8); the page itself still answers. Other errors go on. */
function toFailure(err: unknown, screen: 'form' | 'viewer'): Failure {
  if (!(err instanceof ApiError)) throw err;
  return { status: err.status, ...failureMessage({ status: err.status, message: err.serverMessage }, screen) };
}

/** The resource route of a CSV download: /dados/{resources}/{name}/arquivo.csv?{parameters}. */
export function downloadHref(slug: string, values: Record<string, string>): string {
  const params = new URLSearchParams(Object.entries(values).filter(([, v]) => v !== ''));
  const query = params.toString();
  return `${catalogPath(`/dados/${slug}/arquivo.csv`)}${query ? `?${query}` : ''}`;
}

/**
 * What a citizen picks from instead of guessing (issue 13): the fiscal years the source has data for, and the
 * months of the chosen year (or of the newest) for the reference fields. Asked of the source's own calls
 * ('…/despesas/exercicios/', '…/despesas/referencias/{ano}/'); when they fail, the fields stay free text.
 */
async function fieldChoices(context: AppLoadContext, template: string, names: string[], year: string): Promise<Record<string, string[]>> {
  const root = /^(.*?\/(?:despesas|servidores)\/)\{exercicio\}/.exec(template)?.[1];
  if (!root || !names.includes('exercicio')) return {};
  const list = async (url: string, key: string) => {
    const body = await fetchSource(context, url).catch(() => null);
    return Array.isArray(body) ? body.map((row) => String((row as Record<string, unknown>)[key] ?? '')).filter(Boolean) : [];
  };
  const years = await list(`${root}exercicios/`, 'exercicio');
  const referenceFields = names.filter((name) => name.startsWith('referencia'));
  const chosen = /^\d{4}$/.test(year) && years.includes(year) ? year : years[0];
  const months = referenceFields.length && chosen ? await list(`${root}referencias/${chosen}/`, 'referencia') : [];
  return { exercicio: years, ...Object.fromEntries(referenceFields.map((name) => [name, months])) };
}

async function formView(context: AppLoadContext, url: URL, resources: string, group: OpenDataGroup, endpoint: OpenDataEndpoint): Promise<View> {
  const names = fieldOrder(placeholders(endpoint.url));
  const values = Object.fromEntries(names.map((name) => [name, (url.searchParams.get(name) ?? '').trim()]));
  const searched = url.searchParams.has('buscar');
  const missing = searched ? missingParams(names, values) : [];
  // Only complete, valid values are ever put in a URL (a year of four digits, a month 1–12, ...).
  const invalid = searched && !missing.length ? invalidParams(names, values) : [];
  const csv = csvCounterpart(group, endpoint);
  const choices = await fieldChoices(context, endpoint.url, names, values.exercicio ?? '');
  const base = {
    kind: 'form' as const,
    title: endpoint.description,
    resources,
    group: groupInfo(group),
    endpoint: { slug: endpoint.slug, description: endpoint.description, format: endpoint.format },
    fields: names.map((name) => ({ name, label: PARAM_LABELS[name]?.label ?? name, hint: PARAM_LABELS[name]?.hint ?? '', value: values[name]!, choices: choices[name] ?? [] })),
    searched,
    missing,
    invalid,
    result: null,
    failure: null,
    download: null,
  };
  const updatedAt = await loadUpdatedAt(context, group);
  if (!searched || missing.length) return { ...base, updatedAt };
  // Told like the API's own 400 (spec §8: the server's message), without the call.
  if (invalid.length) return { ...base, updatedAt, failure: { status: 400, message: invalid.map((e) => e.message).join(' '), detail: null } };

  const href = csv ? downloadHref(endpoint.slug, values) : null;
  const json = jsonCounterpart(group, endpoint);
  const page = pageNumber(url);
  if (json) {
    let result: Result;
    try {
      result = toResult(await fetchSource(context, withPage(fillTemplate(json.url, values), page, VIEWER_PAGE_SIZE)), page, url);
    } catch (err) {
      return { ...base, updatedAt, failure: toFailure(err, 'form') };
    }
    // The file's size is asked of its source as the page is made: its name says it (issue 24).
    const records = result.page?.total;
    const bytes = csv && records ? await optional(context, 'open-data csv size', sourceSize(context, fillTemplate(csv.url, values)), null) : null;
    return { ...base, updatedAt, download: href && records ? { href, label: downloadLabel(records, bytes) } : null, result };
  }
  // A CSV with no JSON twin (the users log): read it here and show it a page at a time.
  let body: unknown;
  try {
    body = await fetchSource(context, fillTemplate(endpoint.url, values));
  } catch (err) {
    return { ...base, updatedAt, failure: toFailure(err, 'form') };
  }
  const records = typeof body === 'string' ? csvRecords(body) : [];
  const pageCount = Math.max(1, Math.ceil(records.length / VIEWER_PAGE_SIZE));
  const index = Math.min(page, pageCount) - 1;
  const data = { count: records.length, next: null, previous: null, results: records.slice(index * VIEWER_PAGE_SIZE, (index + 1) * VIEWER_PAGE_SIZE) };
  // The file was read whole here: its size is what was read.
  const download = href && records.length && typeof body === 'string' ? { href, label: downloadLabel(records.length, new TextEncoder().encode(body).byteLength) } : null;
  return { ...base, updatedAt, download, result: { data, page: { index, count: pageCount, total: records.length } } };
}

async function autoView(context: AppLoadContext, request: Request, url: URL, groups: OpenDataGroup[], segments: [string, string, string]): Promise<View> {
  const [resources] = segments;
  const group = findGroup(groups, resources);
  const known = findEndpoint(groups, segments.join('/'));
  const base = auditCourtBase(groups);
  const title = known?.endpoint.description ?? segments.join(' / ');
  const updatedAt = group ? await loadUpdatedAt(context, group) : null;
  if (!base) {
    return { kind: 'auto', title, resources, group: group && groupInfo(group), url: '', result: null, failure: { status: 502, message: MESSAGES.viewerDefault, detail: null }, updatedAt };
  }
  const source = `${base}/${segments.map(encodeURIComponent).join('/')}`;
  const page = pageNumber(url);
  const view = { kind: 'auto' as const, title, resources, group: group && groupInfo(group), url: absoluteUrl(withPage(source, page, VIEWER_PAGE_SIZE), request), updatedAt };
  try {
    return { ...view, result: toResult(await fetchSource(context, withPage(source, page, VIEWER_PAGE_SIZE)), page, url), failure: null };
  } catch (err) {
    return { ...view, result: null, failure: toFailure(err, 'viewer') };
  }
}

function notFound(message: string, group: OpenDataGroup | null): View {
  return { kind: 'not-found', title: message, message, group: group && groupInfo(group), endpoints: group ? links(group.servicos) : [] };
}

/** The screen of a /dados/... address, and the HTTP status it answers with. */
export async function resolveView(context: AppLoadContext, request: Request, splat: string): Promise<{ view: View; status: number }> {
  const url = new URL(request.url);
  const raw = splat.split('/').filter(Boolean);
  const segments = raw.map((s) => s.trim());
  const groups = await loadIndex(context);
  const [resources = '', category, query] = segments;
  const group = findGroup(groups, resources);

  if (segments.length > 3 || !resources) return { view: notFound(MESSAGES.resourceNotFound, null), status: 404 };

  if (isFormResource(resources)) {
    if (segments.length === 1) {
      if (!group) return { view: notFound(MESSAGES.resourceNotFound, null), status: 404 };
      return { view: { kind: 'group', title: group.text, group: groupInfo(group), endpoints: links(group.servicos), updatedAt: await loadUpdatedAt(context, group) }, status: 200 };
    }
    const found = segments.length === 2 ? findEndpoint(groups, `${resources}/${category}`) : null;
    if (!found || found.group.slug !== resources) return { view: notFound(MESSAGES.endpointNotFound, group), status: 404 };
    const view = await formView(context, url, resources, found.group, found.endpoint);
    const status = view.kind === 'form' && view.missing.length ? 400 : view.kind === 'form' && view.failure ? failureStatus(view.failure.status) : 200;
    return { view, status };
  }

  if (segments.length < 3) {
    // /dados/{resources} and /dados/{resources}/{category}: the group's queries under that prefix to choose from.
    const prefix = segments.join('/');
    const endpoints = group ? links(group.servicos.filter((s) => s.slug === prefix || s.slug.startsWith(`${prefix}/`))) : [];
    if (!group || !endpoints.length) return { view: notFound(MESSAGES.resourceNotFound, group), status: 404 };
    return { view: { kind: 'group', title: group.text, group: groupInfo(group), endpoints, updatedAt: await loadUpdatedAt(context, group) }, status: 200 };
  }

  // The automatic viewer puts the three segments in another server's URL: each must follow the API's rule.
  const broken = invalidAuditCourtPath(raw as [string, string, string]);
  if (broken) return { view: notFound(`Endereço de consulta inválido. ${broken}`, group), status: 400 };
  const view = await autoView(context, request, url, groups, [resources, category!, query!]);
  return { view, status: view.kind === 'auto' && view.failure ? failureStatus(view.failure.status) : 200 };
}

// The citizen's own values (too long for the source's address: 414) are a 400, not the source's failure.
const failureStatus = (status: number) => (status === 400 || status === 404 ? status : status === 414 ? 400 : 502);
