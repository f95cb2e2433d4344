import { catalogPath } from '../../lib/paths.ts';

// The addresses of the request pages (issue 27), for the pages and their loaders alike.

export const REQUESTS_PATH = '/app/acompanhar-minhas-solicitacoes';
export const requestPath = (id: number) => `${REQUESTS_PATH}/${id}`;
/** Where a form's page is filled in: under the service's own address. */
export const fillPath = (service: { categorySlug: string; slug: string }, page = '') => catalogPath(`/${service.categorySlug}/${service.slug}/solicitar${page ? `/${page}` : ''}`);
/** Where a page's form posts (streamed, files and all) and where the answer to the department goes. */
export const pagePostPath = (id: number, page: string) => `/app/solicitacoes/${id}/paginas/${page}`;
export const replyPostPath = (id: number) => `/app/solicitacoes/${id}/responder`;
export const filePath = (id: number, file: number) => `/app/solicitacoes/${id}/arquivos/${file}`;
export const receiptPath = (id: number) => `/app/solicitacoes/${id}/comprovante`;

/** 'Quem acessou meus dados' (issue 28): every look of a department's staff at the citizen's requests. */
export const ACCESSES_PATH = '/app/minha-area/quem-acessou';
