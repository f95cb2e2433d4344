import type { PaySlip } from '@portal/contracts';
import type { Database } from '@portal/db';
import { notFound } from '../../lib/http-error.ts';
import { maskCpf, paySlipFileName, periodLabel, renderPaySlipPdf } from './payslips.pdf.ts';
import * as repository from './payslips.repository.ts';

export const PAYSLIPS_BASE = '/api/contracheque/sead/empresa';
export const downloadPath = (id: number) => `${PAYSLIPS_BASE}/contracheques/${id}/pdf`;

export async function latest(db: Database, userSub: string): Promise<PaySlip[]> {
  const found = await repository.latest(db, userSub);
  return found.map((row) => ({
    id: row.id,
    link: downloadPath(row.id),
    periodo: periodLabel(row),
    siglaUrl: row.bond,
    nomeArquivo: paySlipFileName(row),
    servidor: {
      documento: maskCpf(row.cpf ?? ''),
      success: true,
      ultimaGeracao: row.generatedAt.toISOString(),
      qtdErros: 0,
    },
  }));
}

/**
 * The PDF of one of the caller's pay slips. Someone else's answers 404 like an id that does not exist:
 * a 403 would tell which ids exist (and so how many slips the state issues, and when).
 */
export async function download(db: Database, userSub: string, id: number) {
  const row = await repository.ownById(db, userSub, id);
  if (!row) throw notFound('Contracheque não encontrado.');
  return { fileName: paySlipFileName(row), pdf: await renderPaySlipPdf(row) };
}
