import type { PaySlip } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { ApiError, call, callRaw, optional, personalFile } from '../../lib/api.server.ts';
import { plainText } from '../../lib/plain-text.ts';

const LIST = '/api/contracheque/sead/empresa/ultimos-contracheques';
const DOWNLOAD = '/api/contracheque/sead/empresa/contracheques';

/** What the widget shows of a pay slip: never its link (the browser downloads through our route). */
export interface PayslipItem {
  id: number;
  periodo: string;
  siglaUrl: string;
  fileName: string;
}

async function list(context: AppLoadContext): Promise<PaySlip[]> {
  const body = await call<PaySlip[]>(context, { url: LIST, auth: 'citizen' });
  return Array.isArray(body) ? body : [];
}

/** The latest pay slips; empty for a citizen who has none, or when the call fails (logged). */
export async function loadPayslips(context: AppLoadContext): Promise<PayslipItem[]> {
  const slips = await optional(context, 'payslips', list(context), []);
  return slips.map((slip) => ({ id: slip.id, periodo: slip.periodo, siglaUrl: slip.siglaUrl, fileName: slip.nomeArquivo }));
}

/**
 * The PDF of one of the citizen's pay slips: the API's download with the citizen's token (the list's
 * `link` is the state's app's signed URL; the browser's way goes through the session). The API answers
 * another citizen's slip 404, like one that does not exist.
 */
export async function downloadPayslip(context: AppLoadContext, id: number): Promise<Response> {
  // A file, not a page: its failure is a short Portuguese text, with the status the browser should see.
  const file = await callRaw(context, { url: `${DOWNLOAD}/${id}/pdf`, auth: 'citizen' }).catch((err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
    context.log.warn({ status: err.status }, 'payslip download failed');
    return err;
  });
  if (file instanceof ApiError) return plainText(file.status === 404 ? 404 : 502, file.status === 404 ? 'Contracheque não encontrado.' : 'Não foi possível baixar o contracheque.');
  // The file name is the API's (contracheque-MM-YYYY-BOND.pdf), named once, on the server.
  return personalFile(file, 'application/pdf', 'contracheque.pdf');
}
