import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';
import { csvLinesSize, csvMoney, csvText, likeText, type CsvLinesSize, type CsvRow } from './open-data.repository.ts';

// Transparency servants: civil servants and their monthly pay.

export interface ServantFilter {
  orgao?: string;
  nome?: string;
  vinculo?: string;
}

export interface ServantPayRow {
  id: number;
  matricula: string;
  nome: string;
  cpf: string;
  orgao_slug: string;
  orgao_sigla: string;
  orgao_nome: string;
  cargo: string;
  vinculo: string;
  carga_horaria: number;
  base: number;
  benefits: number;
  deductions: number;
}

function servantWhere(year: number, month: number, filter: ServantFilter): SQL {
  const parts = [sql`p.fiscal_year = ${year}`, sql`p.base_pay[${month}::int] is not null`];
  if (filter.orgao) parts.push(sql`d.slug = ${filter.orgao}`);
  if (filter.nome) parts.push(sql`s.name ilike ${likeText(filter.nome)}`);
  if (filter.vinculo) parts.push(sql`s.bond = ${filter.vinculo}`);
  return sql.join(parts, sql` and `);
}
const servantJoins = sql`from servant_pay_years p join civil_servants s on s.id = p.servant_id join departments d on d.id = s.department_id`;
const servantColumns = sql`s.id, s.registration as matricula, s.name as nome, s.cpf_masked as cpf, d.slug as orgao_slug, d.short_name as orgao_sigla,
  d.name as orgao_nome, s.position as cargo, s.bond as vinculo, s.weekly_hours::int as carga_horaria`;

export async function listServantPay(db: Database, year: number, month: number, filter: ServantFilter, limit: number, offset: number) {
  return rows<ServantPayRow>(
    db,
    sql`select ${servantColumns}, p.base_pay[${month}::int] as base, p.benefits[${month}::int] as benefits, p.deductions[${month}::int] as deductions
        ${servantJoins} where ${servantWhere(year, month, filter)}
        order by p.servant_id limit ${limit} offset ${offset}`,
  );
}

export async function countServantPay(db: Database, year: number, month: number, filter: ServantFilter) {
  const [row] = await rows<{ count: number }>(db, sql`select count(*)::int as count ${servantJoins} where ${servantWhere(year, month, filter)}`);
  return row?.count ?? 0;
}

export async function findServantYear(db: Database, year: number, id: number) {
  const [row] = await rows<Omit<ServantPayRow, 'base' | 'benefits' | 'deductions'> & { data_admissao: string; data_desligamento: string | null; base_pay: (number | null)[]; benefits: (number | null)[]; deductions: (number | null)[] }>(
    db,
    sql`select ${servantColumns}, s.hired_on::text as data_admissao, s.left_on::text as data_desligamento,
          p.base_pay, p.benefits, p.deductions
        ${servantJoins} where p.fiscal_year = ${year} and s.id = ${id}`,
  );
  return row ?? null;
}

export async function servantBodies(db: Database) {
  return rows<{ orgao_slug: string; orgao_sigla: string; orgao_nome: string; servidores: number }>(
    db,
    sql`select d.slug as orgao_slug, d.short_name as orgao_sigla, d.name as orgao_nome, t.servidores
        from (select department_id, count(*)::int as servidores from civil_servants where left_on is null group by department_id) t
        join departments d on d.id = t.department_id
        order by t.servidores desc, d.short_name`,
  );
}

/** How many servants were paid in each month of the year, in one pass over the year's rows. */
export async function servantMonthCounts(db: Database, year: number) {
  const counts = Array.from({ length: 12 }, (_, i) => sql.raw(`count(base_pay[${i + 1}])::int as m${i + 1}`));
  const [row] = await rows<{ [month: string]: number }>(db, sql`select ${sql.join(counts, sql`, `)} from servant_pay_years where fiscal_year = ${year}`);
  return Array.from({ length: 12 }, (_, i) => row?.[`m${i + 1}`] ?? 0);
}

export const SERVANT_CSV_HEADER = [
  'id', 'matricula', 'nome', 'cpf', 'orgao', 'cargo', 'vinculo', 'carga_horaria', 'referencia',
  'remuneracao_basica', 'vantagens', 'remuneracao_bruta', 'descontos', 'remuneracao_liquida',
];

/** One line of the month's export (without its CRLF), as SERVANT_CSV_HEADER names its fields. */
function servantCsvLine(year: number, month: number): SQL {
  const cents = (column: SQL) => csvMoney(sql`((${column})::numeric / 100)::numeric(14, 2)`);
  const reference = `${year}-${String(month).padStart(2, '0')}`;
  return sql`concat_ws(';', s.id, s.registration, ${csvText(sql`s.name`)}, s.cpf_masked, ${csvText(sql`d.short_name`)}, ${csvText(sql`s.position`)}, ${csvText(sql`s.bond`)}, s.weekly_hours,
    ${reference}::text, ${cents(sql`p.base_pay[${month}::int]`)}, ${cents(sql`p.benefits[${month}::int]`)},
    ${cents(sql`p.base_pay[${month}::int] + p.benefits[${month}::int]`)}, ${cents(sql`p.deductions[${month}::int]`)},
    ${cents(sql`p.base_pay[${month}::int] + p.benefits[${month}::int] - p.deductions[${month}::int]`)})`;
}

export async function servantCsvPage(db: Database, year: number, month: number, filter: ServantFilter, afterId: number, limit: number) {
  return rows<CsvRow>(
    db,
    sql`select s.id, '' as key, ${servantCsvLine(year, month)} as line
        ${servantJoins}
        where ${servantWhere(year, month, filter)} and p.servant_id > ${afterId}
        order by p.servant_id
        limit ${limit}`,
  );
}

/** How many lines the month's export has, and their bytes: the file's size without making it. */
export async function servantCsvSize(db: Database, year: number, month: number, filter: ServantFilter): Promise<CsvLinesSize> {
  const [row] = await rows<CsvLinesSize>(db, sql`select ${csvLinesSize(servantCsvLine(year, month))} ${servantJoins} where ${servantWhere(year, month, filter)}`);
  return row ?? { rows: 0, bytes: 0 };
}
