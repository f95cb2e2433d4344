import { Readable } from 'node:stream';
import type { PageQuery } from '@portal/contracts';
import type { Database } from '@portal/db';
import { badRequest, notFound } from '../../lib/http-error.ts';
import * as repository from './open-data.repository.ts';

// What every open dataset's service shares: periods, pages, money, CSV exports, fiscal years.

/** Rows per database round trip while exporting: small enough to keep memory flat, big enough to be fast. */
export const EXPORT_BATCH = 2_000;

const PT_MONTH = /^(\d{4})-(\d{2})$/;

/**
 * The period of /{exercicio}/{referencia_ate}/{referencia_de}/: months (whole months) or days, in either
 * order, inside the fiscal year.
 */
export function resolvePeriod(year: number, ate: string, de: string): repository.Period {
  const bounds = [de, ate].map((reference) => {
    if (!reference.startsWith(`${year}-`)) throw badRequest(`A referência ${reference} não pertence ao exercício ${year}.`);
    const month = PT_MONTH.exec(reference);
    if (month) {
      const last = new Date(Date.UTC(year, Number(month[2]), 0)).getUTCDate();
      return [`${reference}-01`, `${reference}-${String(last).padStart(2, '0')}`] as const;
    }
    const date = new Date(`${reference}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== reference) throw badRequest(`Data inválida: ${reference} não existe no calendário.`);
    return [reference, reference] as const;
  });
  const [a, b] = bounds as [readonly [string, string], readonly [string, string]];
  return a[0] <= b[0] ? { year, from: a[0], to: b[1] } : { year, from: b[0], to: a[1] };
}

export function pageLinks(url: string, query: PageQuery, count: number) {
  const link = (page: number) => {
    const target = new URL(url, 'http://portal.local');
    target.searchParams.set('page', String(page));
    target.searchParams.set('page_size', String(query.page_size));
    return `${target.pathname}${target.search}`;
  };
  return {
    next: query.page * query.page_size < count ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(Math.min(query.page - 1, Math.max(1, Math.ceil(count / query.page_size)))) : null,
  };
}

export const reais = (cents: number | null | undefined) => Math.round(cents ?? 0) / 100;
export const round2 = (value: number) => Math.round(value * 100) / 100;

/** A CSV download: UTF-8 with BOM, `;` separated, decimal comma, CRLF, as Brazilian spreadsheets expect. */
export interface CsvDownload {
  filename: string;
  stream: Readable;
}

/** The file's first line: the BOM, then the header. */
const csvHead = (header: string[]) => `\uFEFF${header.join(';')}\r\n`;

/** A small CSV made at once (the panel's months): numbers with a decimal comma, text quoted when it needs. */
export function csvText(header: string[], records: (string | number | null)[][]): string {
  const cell = (value: string | number | null) =>
    value === null ? '' : typeof value === 'number' ? String(value).replace('.', ',') : /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  return csvHead(header) + records.map((r) => `${r.map(cell).join(';')}\r\n`).join('');
}

/** A CSV download's size, told before it is made (HEAD): its records, and its bytes exactly as the stream sends them. */
export interface CsvSize {
  filename: string;
  records: number;
  bytes: number;
}

export function csvSize(filename: string, header: string[], lines: repository.CsvLinesSize): CsvSize {
  return { filename, records: lines.rows, bytes: Buffer.byteLength(csvHead(header)) + lines.bytes };
}

export function csvStream(header: string[], nextPage: (after: repository.CsvRow | null) => Promise<repository.CsvRow[]>): Readable {
  async function* lines() {
    yield csvHead(header);
    let after: repository.CsvRow | null = null;
    for (;;) {
      const page: repository.CsvRow[] = await nextPage(after);
      if (page.length === 0) return;
      yield `${page.map((r) => r.line).join('\r\n')}\r\n`;
      if (page.length < EXPORT_BATCH) return;
      after = page[page.length - 1]!;
      // PGlite answers inside this process: give waiting requests their turn before the next batch.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  // Byte mode: the stream buffers one batch at most, and a closed connection stops the queries.
  return Readable.from(lines(), { objectMode: false, highWaterMark: 64 * 1024 });
}

/** 404 for a fiscal year `table` has no rows of, naming the years it has. */
export async function requireYear(db: Database, table: repository.YearlyTable, year: number) {
  if (!(await repository.hasYear(db, table, year))) {
    const years = (await repository.fiscalYears(db, table)).map((y) => y.exercicio);
    throw notFound(`Exercício ${year} não encontrado.${years.length ? ` Exercícios disponíveis: ${years.join(', ')}.` : ''}`);
  }
}

export async function updatedAt(db: Database, dataset: 'despesas' | 'servidores') {
  const row = await repository.datasetUpdatedAt(db, dataset);
  if (!row) throw notFound('Conjunto de dados ainda não carregado.');
  return { updated_at: new Date(row.updated_at).toISOString(), registros: Number(row.row_count) };
}
