import type { PageQuery, ServantDetail, ServantPay } from '@portal/contracts';
import type { Database } from '@portal/db';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { fiscalYears } from './open-data.repository.ts';
import { csvSize, csvStream, EXPORT_BATCH, pageLinks, reais, requireYear, round2, type CsvDownload, type CsvSize } from './open-data.service.ts';
import * as repository from './servants.repository.ts';

// Transparency servants: /servidores/...

function monthOf(year: number, referencia: string) {
  if (!referencia.startsWith(`${year}-`)) throw badRequest(`A referência ${referencia} não pertence ao exercício ${year}.`);
  return Number(referencia.slice(5, 7));
}

function payOf(base: number | null | undefined, benefits: number | null | undefined, deductions: number | null | undefined) {
  const gross = (base ?? 0) + (benefits ?? 0);
  return {
    remuneracao_basica: reais(base),
    vantagens: reais(benefits),
    remuneracao_bruta: reais(gross),
    descontos: reais(deductions),
    remuneracao_liquida: reais(gross - (deductions ?? 0)),
  };
}

export async function listServantPay(db: Database, year: number, referencia: string, query: repository.ServantFilter & PageQuery, url: string) {
  const month = monthOf(year, referencia);
  await requireYear(db, 'servant_pay_years', year);
  const [count, found] = await Promise.all([
    repository.countServantPay(db, year, month, query),
    repository.listServantPay(db, year, month, query, query.page_size, (query.page - 1) * query.page_size),
  ]);
  const results: ServantPay[] = found.map(({ base, benefits, deductions, ...servant }) => ({ ...servant, referencia, ...payOf(base, benefits, deductions) }));
  return { count, ...pageLinks(url, query, count), results };
}

export async function servantDetail(db: Database, year: number, id: number): Promise<ServantDetail> {
  const row = await repository.findServantYear(db, year, id);
  if (!row) {
    await requireYear(db, 'servant_pay_years', year);
    throw notFound(`Servidor ${id} não encontrado no exercício ${year}.`);
  }
  const { base_pay, benefits, deductions, ...servant } = row;
  const months = base_pay.flatMap((base, i) =>
    base == null ? [] : [{ referencia: `${year}-${String(i + 1).padStart(2, '0')}`, ...payOf(base, benefits[i], deductions[i]) }],
  );
  return {
    ...servant,
    exercicio: year,
    meses: months,
    total_bruto: round2(months.reduce((sum, m) => sum + m.remuneracao_bruta, 0)),
    total_liquido: round2(months.reduce((sum, m) => sum + m.remuneracao_liquida, 0)),
  };
}

export const servantYears = (db: Database) => fiscalYears(db, 'servant_pay_years');
export const servantBodies = (db: Database) => repository.servantBodies(db);

export async function servantReferences(db: Database, year: number) {
  await requireYear(db, 'servant_pay_years', year);
  const counts = await repository.servantMonthCounts(db, year);
  return counts.flatMap((servidores, i) => (servidores ? [{ referencia: `${year}-${String(i + 1).padStart(2, '0')}`, servidores }] : []));
}

export async function servantCsv(db: Database, year: number, referencia: string, filter: repository.ServantFilter): Promise<CsvDownload> {
  const month = monthOf(year, referencia);
  await requireYear(db, 'servant_pay_years', year);
  return {
    filename: servantCsvName(year, referencia),
    stream: csvStream(repository.SERVANT_CSV_HEADER, (after) => repository.servantCsvPage(db, year, month, filter, after?.id ?? 0, EXPORT_BATCH)),
  };
}

const servantCsvName = (year: number, referencia: string) => `servidores_${year}_${referencia}.csv`;

/** What servantCsv would send for the same call: its records and bytes (HEAD of the download). */
export async function servantCsvSize(db: Database, year: number, referencia: string, filter: repository.ServantFilter): Promise<CsvSize> {
  const month = monthOf(year, referencia);
  await requireYear(db, 'servant_pay_years', year);
  return csvSize(servantCsvName(year, referencia), repository.SERVANT_CSV_HEADER, await repository.servantCsvSize(db, year, month, filter));
}
