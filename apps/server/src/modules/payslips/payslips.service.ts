import { maskCpf, type PaySlip } from '@portal/contracts';
import type { Database } from '@portal/db';
import { forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import { isSignature, PAYSLIP_LINK_SECONDS, signature } from './payslips.links.ts';
import { paySlipFileName, periodLabel, renderPaySlipPdf } from './payslips.pdf.ts';
import * as repository from './payslips.repository.ts';

export const PAYSLIPS_BASE = '/api/contracheque/sead/empresa';
/** The download with a bearer token (the web app's, through its backend). */
export const downloadPath = (id: number) => `${PAYSLIPS_BASE}/contracheques/${id}/pdf`;
/** The download with a signed link instead (the state's app fetches `link` with no header at all). */
export const signedPath = (id: number) => `${PAYSLIPS_BASE}/contracheques/${id}/arquivo`;

/** Where links point (the portal's public origin) and the key that signs them. */
export interface PaySlipLinks {
  origin: string;
  key: () => Promise<Buffer>;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

export async function latest(db: Database, links: PaySlipLinks, userSub: string, now = Date.now()): Promise<PaySlip[]> {
  const found = await repository.latest(db, userSub);
  const key = await links.key();
  const expires = seconds(now) + PAYSLIP_LINK_SECONDS;
  return found.map((row) => ({
    id: row.id,
    link: `${links.origin}${signedPath(row.id)}?expira=${expires}&assinatura=${signature(key, userSub, row.id, expires)}`,
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

const render = async (row: repository.PaySlipRow) => ({ fileName: paySlipFileName(row), pdf: await renderPaySlipPdf(row) });

/**
 * The PDF of one of the caller's pay slips. Someone else's answers 404 like an id that does not exist:
 * a 403 would tell which ids exist (and so how many slips the state issues, and when).
 */
export async function download(db: Database, userSub: string, id: number) {
  const row = await repository.ownById(db, userSub, id);
  if (!row) throw notFound('Contracheque não encontrado.');
  return render(row);
}

/**
 * The PDF a signed link points to. A link whose signature is not that of this pay slip for its own
 * citizen (altered id, expiry or signature; an id that does not exist) answers 403, all alike; a genuine
 * link past its time answers 410.
 */
export async function downloadSigned(db: Database, links: PaySlipLinks, id: number, query: { expira?: string; assinatura?: string }, now = Date.now()) {
  const expires = /^\d{1,12}$/.test(query.expira ?? '') ? Number(query.expira) : null;
  const row = expires === null ? null : await repository.byId(db, id);
  if (expires === null || !row || !isSignature(await links.key(), row.userSub, id, expires, query.assinatura ?? '')) {
    throw forbidden('Link de download inválido. Baixe o contracheque pela lista de contracheques.');
  }
  if (expires < seconds(now)) throw new HttpError(410, 'Este link de download expirou. Atualize a lista de contracheques e baixe de novo.');
  return render(row);
}
