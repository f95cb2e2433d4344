import type { DocumentVerification, IssuedDocumentList } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { ApiError, call, callRaw, optional, personalFile } from '../../lib/api.server.ts';
import { plainText } from '../../lib/plain-text.ts';

// Issued documents (issue 28) through /v1/documentos: the public check of a code, and the citizen's own documents
// with the session's token (the API decides what is hers).

export const documentsApi = {
  verify: (c: AppLoadContext, code: string) => call<DocumentVerification>(c, { url: `/v1/documentos/verificacao/${encodeURIComponent(code)}`, auth: 'anonymous' }),
  mine: (c: AppLoadContext) => call<IssuedDocumentList>(c, { url: '/v1/documentos', auth: 'citizen' }),
};

/** The citizen's documents for 'Documentos'; null when the call fails (logged), so the page says so. */
export async function loadMyDocuments(context: AppLoadContext) {
  const list = await optional(context, 'issued documents', documentsApi.mine(context), null);
  return list?.documents ?? null;
}

/**
 * The PDF of one of the citizen's documents, for the browser that holds no token: the server downloads it with her
 * token and streams it back (backend-for-frontend). Another citizen's answers 404, like one that does not exist.
 */
export async function downloadDocument(context: AppLoadContext, id: number): Promise<Response> {
  const file = await callRaw(context, { url: `/v1/documentos/${id}/pdf`, auth: 'citizen' }).catch((err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
    context.log.warn({ status: err.status }, 'issued document download failed');
    return err;
  });
  if (file instanceof ApiError) return plainText(file.status === 404 ? 404 : 502, file.status === 404 ? 'Documento não encontrado.' : 'Não foi possível baixar o documento.');
  return personalFile(file, 'application/pdf', 'documento.pdf');
}
