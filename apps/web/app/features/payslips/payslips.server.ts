import type { PaySlip } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import '../../lib/citizen.ts';
import { payslipFileName } from './payslip-rules.ts';

const LIST = '/api/contracheque/sead/empresa/ultimos-contracheques';

/** What the widget shows of a pay slip: never its link (the browser downloads through our route). */
export interface PayslipItem {
  id: number;
  periodo: string;
  siglaUrl: string;
  fileName: string;
}

async function list(context: AppLoadContext): Promise<PaySlip[]> {
  const answer = await context.citizenApi({ method: 'GET', url: LIST });
  return answer.status === 200 && Array.isArray(answer.body) ? (answer.body as PaySlip[]) : [];
}

/** The latest pay slips; empty for a citizen who has none, or when the call fails. */
export async function loadPayslips(context: AppLoadContext): Promise<PayslipItem[]> {
  try {
    return (await list(context)).map((slip) => ({ id: slip.id, periodo: slip.periodo, siglaUrl: slip.siglaUrl, fileName: payslipFileName(slip.periodo, slip.siglaUrl) }));
  } catch (err) {
    console.error('payslips failed', err);
    return [];
  }
}

/**
 * The PDF of one of the citizen's pay slips: follows the slip's own link with the citizen's token
 * (spec §7: the download carries a bearer header) and answers it as a file named from month, year and bond.
 */
export async function downloadPayslip(context: AppLoadContext, id: number): Promise<Response> {
  const slip = (await list(context)).find((s) => s.id === id);
  if (!slip) return new Response('Contracheque não encontrado.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  // Only our own API: the link is a path of this server.
  if (!slip.link.startsWith('/api/')) return new Response('Endereço do contracheque inválido.', { status: 502, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const file = await context.citizenDownload(slip.link);
  if (file.status !== 200) return new Response('Não foi possível baixar o contracheque.', { status: file.status === 404 ? 404 : 502, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const fileName = payslipFileName(slip.periodo, slip.siglaUrl);
  return new Response(file.body as unknown as BodyInit, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
}
