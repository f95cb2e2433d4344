import type { LoaderFunctionArgs } from 'react-router';
import { downloadPayslip } from '../features/payslips/payslips.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { onlyRead, plainText } from '../lib/plain-text.ts';

/**
 * One pay slip's PDF, for the browser that holds no token: the server calls the slip's link with the
 * citizen's bearer token and streams the file back (backend-for-frontend).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return plainText(404, 'Contracheque não encontrado.');
  return downloadPayslip(context, id);
}

/** A pay slip is only downloaded (GET): a POST answers 405 in Portuguese, not React Router's English. */
export function action() {
  return onlyRead('Este endereço só baixa o contracheque: use o link da lista de contracheques.');
}
