import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';

// What every open dataset shares. Dates come back as text and money as float8 so both drivers (PGlite,
// node-postgres) answer alike.

export interface Period {
  year: number;
  /** first and last day, 'YYYY-MM-DD' */
  from: string;
  to: string;
}

export const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The tables whose rows belong to a fiscal year. */
export type YearlyTable = 'expense_commitments' | 'servant_pay_years' | 'public_documents' | 'tenders' | 'revenues';

/** The fiscal years with rows in `table`, newest first. */
export async function fiscalYears(db: Database, table: YearlyTable) {
  const t = sql.identifier(table);
  return rows<{ exercicio: number }>(
    db,
    sql`select y::int as exercicio
        from generate_series((select min(fiscal_year) from ${t})::int, (select max(fiscal_year) from ${t})::int) y
        where exists (select 1 from ${t} where fiscal_year = y)
        order by y desc`,
  );
}

/** Whether `table` has rows of `year`, to tell an unknown fiscal year (404) from an empty result. */
export async function hasYear(db: Database, table: YearlyTable, year: number) {
  const found = await rows<{ ok: number }>(db, sql`select 1 as ok from ${sql.identifier(table)} where fiscal_year = ${year} limit 1`);
  return found.length > 0;
}

// CSV lines are formatted by the database: one text per row is far cheaper to move than twenty fields.
export const csvText = (column: SQL) => sql`'"' || replace(${column}, '"', '""') || '"'`;
export const csvMoney = (column: SQL) => sql`replace((${column})::text, '.', ',')`;
export const csvDay = (column: SQL) => sql`to_char(${column}, 'DD/MM/YYYY')`;

/** Rows and bytes of a CSV export's lines (each line and its CRLF), counted by the database without building the file. */
export interface CsvLinesSize {
  rows: number;
  bytes: number;
}

/** `select … as rows, … as bytes` of the lines `line` (an SQL expression over the query's rows) would give. */
export const csvLinesSize = (line: SQL) => sql`count(*)::float8 as rows, coalesce(sum(octet_length(${line}) + 2), 0)::float8 as bytes`;

export interface CsvRow {
  id: number;
  key: string;
  line: string;
}

export async function datasetUpdatedAt(db: Database, slug: string) {
  const [row] = await rows<{ updated_at: string | Date; row_count: number }>(
    db,
    sql`select updated_at, row_count::float8 as row_count from open_data_datasets where slug = ${slug}`,
  );
  return row ?? null;
}
