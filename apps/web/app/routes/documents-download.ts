import type { LoaderFunctionArgs } from 'react-router';
import { IssuedDocumentParams } from '@portal/contracts';
import { downloadDocument } from '../features/documents/documents.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { onlyRead, plainText } from '../lib/plain-text.ts';

/** One of the citizen's issued documents as a PDF (from 'Documentos'), downloaded through her session. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const parsed = IssuedDocumentParams.safeParse(params);
  if (!parsed.success) return plainText(404, 'Documento não encontrado.');
  return downloadDocument(context, parsed.data.id);
}

/** A document is only downloaded (GET): a POST answers 405 in Portuguese. */
export function action() {
  return onlyRead('Este endereço só baixa o documento: use o link da página Documentos.');
}
