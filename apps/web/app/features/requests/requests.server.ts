import type { CatalogItem, RequestDetail, RequestList, RequestSummary } from '@portal/contracts';
import { redirect, type AppLoadContext } from 'react-router';
import { api, ApiError, call, required } from '../../lib/api.server.ts';
import { requireCitizen } from '../../lib/citizen.ts';
import { pageError } from '../../lib/page-error.ts';
import { fillPath } from './paths.ts';

// The citizen's requests (issue 27) through /v1/solicitacoes, with the session's token (the API decides what is
// theirs). The form posts that carry files go to the requests module's own routes (/app/solicitacoes/…).

export const requestsApi = {
  list: (c: AppLoadContext) => call<RequestList>(c, { url: '/v1/solicitacoes', auth: 'citizen' }),
  detail: (c: AppLoadContext, id: number) => call<RequestDetail>(c, { url: `/v1/solicitacoes/${id}`, auth: 'citizen' }),
  start: (c: AppLoadContext, service: string) => call<RequestDetail>(c, { method: 'POST', url: '/v1/solicitacoes', body: { service }, auth: 'citizen' }),
  send: (c: AppLoadContext, id: number) => call<RequestDetail>(c, { method: 'POST', url: `/v1/solicitacoes/${id}/enviar`, body: { declaration: 'aceito' }, auth: 'citizen' }),
  withdraw: (c: AppLoadContext, id: number, reason: string) => call<RequestDetail>(c, { method: 'POST', url: `/v1/solicitacoes/${id}/desistir`, body: { reason }, auth: 'citizen' }),
  rate: (c: AppLoadContext, id: number, value: number) => call<RequestDetail>(c, { method: 'POST', url: `/v1/solicitacoes/${id}/avaliacao`, body: { value }, auth: 'citizen' }),
  discard: (c: AppLoadContext, id: number) => call<null>(c, { method: 'DELETE', url: `/v1/solicitacoes/${id}`, auth: 'citizen' }),
};

/** The service of a request page (404 when it does not exist or is not requested here). */
export async function requestableService(context: AppLoadContext, slug: string): Promise<CatalogItem> {
  const service = await required(context, api.service(context, slug), { notFound: 'Serviço não encontrado.' });
  if (!service.requestable) throw pageError(404, 'Este serviço não é solicitado pelo portal: veja na página do serviço como solicitá-lo.');
  return service;
}

/** The citizen's draft of this service, if there is one. */
export async function draftOf(context: AppLoadContext, slug: string): Promise<RequestSummary | null> {
  const { requests } = await required(context, requestsApi.list(context));
  return requests.find((r) => r.state === 'rascunho' && r.service.slug === slug) ?? null;
}

/** The draft being filled in, whole; without one, back to the form's start page (which begins one). */
export async function currentDraft(context: AppLoadContext, request: Request, service: { slug: string; category: { slug: string } }): Promise<RequestDetail> {
  await requireCitizen(context, request);
  const draft = await draftOf(context, service.slug);
  if (!draft) throw redirect(fillPath({ categorySlug: service.category.slug, slug: service.slug }));
  return required(context, requestsApi.detail(context, draft.id));
}

/** An action's refusal from the API, as the page shows it (its message, and each field's problem). */
export function refusal(err: unknown): { message: string; fields: { field: string; message: string; page?: string }[]; status: number } {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return { message: err.message, fields: err.fields, status: err.status };
  throw err;
}
