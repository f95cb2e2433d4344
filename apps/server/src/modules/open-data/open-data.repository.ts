import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';

// Dates come back as text and money as float8 so both drivers (PGlite, node-postgres) answer alike.

export interface Period {
  year: number;
  /** first and last day, 'YYYY-MM-DD' */
  from: string;
  to: string;
}
export interface ExpenseFilter {
  orgao?: string;
  unidade_gestora_codigo?: string;
  credor?: string;
}
export interface ServantFilter {
  orgao?: string;
  nome?: string;
  vinculo?: string;
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ----- expenses --------------------------------------------------------------------------------------

export interface ExpenseRow {
  id: number;
  exercicio: number;
  empenho_codigo: string;
  data_emissao: string;
  orgao_slug: string;
  orgao_sigla: string;
  orgao_nome: string;
  unidade_gestora_codigo: string;
  unidade_gestora_nome: string;
  credor_tipo: 'PJ' | 'PF';
  credor_documento: string;
  credor_nome: string;
  credor_cidade: string;
  credor_uf: string;
  elemento_despesa: string;
  funcao: string;
  fonte_recurso: string;
  modalidade_licitacao: string;
  historico: string;
  valor_empenhado: number;
  valor_liquidado: number;
  valor_pago: number;
}

const expenseColumns = sql`e.id::float8 as id, e.fiscal_year::int as exercicio, e.code as empenho_codigo, e.issued_on::text as data_emissao,
  d.slug as orgao_slug, d.short_name as orgao_sigla, d.name as orgao_nome, mu.code as unidade_gestora_codigo, mu.name as unidade_gestora_nome,
  cr.kind as credor_tipo, cr.document as credor_documento, cr.name as credor_nome, cr.city as credor_cidade, cr.state as credor_uf,
  e.expense_element as elemento_despesa, e.budget_function as funcao, e.funding_source as fonte_recurso, e.bidding_modality as modalidade_licitacao,
  e.description as historico, e.committed::float8 as valor_empenhado, e.liquidated::float8 as valor_liquidado, e.paid::float8 as valor_pago`;
const expenseJoins = sql`from expense_commitments e
  join management_units mu on mu.id = e.management_unit_id
  join departments d on d.id = mu.department_id
  join creditors cr on cr.id = e.creditor_id`;

function expenseWhere(period: Period, filter: ExpenseFilter): SQL {
  const parts = [sql`e.fiscal_year = ${period.year}`, sql`e.issued_on between ${period.from}::date and ${period.to}::date`];
  if (filter.orgao) parts.push(sql`d.slug = ${filter.orgao}`);
  if (filter.unidade_gestora_codigo) parts.push(sql`mu.code = ${filter.unidade_gestora_codigo}`);
  if (filter.credor) parts.push(sql`(cr.name ilike ${likeText(filter.credor)} or cr.document like ${likeText(filter.credor)})`);
  return sql.join(parts, sql` and `);
}

export async function expenseYears(db: Database) {
  return rows<{ exercicio: number }>(
    db,
    sql`select y::int as exercicio
        from generate_series((select min(fiscal_year) from expense_commitments)::int, (select max(fiscal_year) from expense_commitments)::int) y
        where exists (select 1 from expense_commitments where fiscal_year = y)
        order by y desc`,
  );
}

export async function hasExpenseYear(db: Database, year: number) {
  const found = await rows<{ ok: number }>(db, sql`select 1 as ok from expense_commitments where fiscal_year = ${year} limit 1`);
  return found.length > 0;
}

export async function listExpenses(db: Database, period: Period, filter: ExpenseFilter, limit: number, offset: number) {
  return rows<ExpenseRow>(
    db,
    sql`select ${expenseColumns} ${expenseJoins} where ${expenseWhere(period, filter)}
        order by e.issued_on, e.id limit ${limit} offset ${offset}`,
  );
}

export async function countExpenses(db: Database, period: Period, filter: ExpenseFilter) {
  const needsJoins = Boolean(filter.orgao || filter.unidade_gestora_codigo || filter.credor);
  const [row] = await rows<{ count: number }>(
    db,
    needsJoins
      ? sql`select count(*)::int as count ${expenseJoins} where ${expenseWhere(period, filter)}`
      : sql`select count(*)::int as count from expense_commitments e where ${expenseWhere(period, filter)}`,
  );
  return row?.count ?? 0;
}

export async function findExpense(db: Database, year: number, code: string, unitCode: string) {
  const [row] = await rows<ExpenseRow>(
    db,
    sql`select ${expenseColumns} ${expenseJoins} where e.fiscal_year = ${year} and e.code = ${code} and mu.code = ${unitCode}`,
  );
  return row ?? null;
}

export interface MovementRow {
  codigo: string;
  data: string;
  valor: number;
}

export async function expenseMovements(db: Database, commitmentId: number) {
  const [liquidations, payments] = await Promise.all([
    rows<MovementRow>(db, sql`select code as codigo, liquidated_on::text as data, amount::float8 as valor from expense_liquidations where commitment_id = ${commitmentId} order by liquidated_on, id`),
    rows<MovementRow>(db, sql`select code as codigo, paid_on::text as data, amount::float8 as valor from expense_payments where commitment_id = ${commitmentId} order by paid_on, id`),
  ]);
  return { liquidations, payments };
}

export async function expenseTotalsByBody(db: Database, period: Period) {
  return rows<{ orgao_slug: string; orgao_sigla: string; orgao_nome: string; empenhos: number; valor_empenhado: number; valor_liquidado: number; valor_pago: number }>(
    db,
    sql`select d.slug as orgao_slug, d.short_name as orgao_sigla, d.name as orgao_nome, t.empenhos, t.valor_empenhado, t.valor_liquidado, t.valor_pago
        from (select mu.department_id, count(*)::int as empenhos, sum(e.committed)::float8 as valor_empenhado,
                     sum(e.liquidated)::float8 as valor_liquidado, sum(e.paid)::float8 as valor_pago
              from expense_commitments e join management_units mu on mu.id = e.management_unit_id
              where e.fiscal_year = ${period.year} and e.issued_on between ${period.from}::date and ${period.to}::date
              group by mu.department_id) t
        join departments d on d.id = t.department_id
        order by t.valor_empenhado desc`,
  );
}

export async function expenseTotalsByMonth(db: Database, year: number) {
  return rows<{ referencia: string; empenhos: number; valor_empenhado: number }>(
    db,
    sql`select to_char(date_trunc('month', issued_on), 'YYYY-MM') as referencia, count(*)::int as empenhos, sum(committed)::float8 as valor_empenhado
        from expense_commitments where fiscal_year = ${year}
        group by 1 order by 1`,
  );
}

// CSV lines are formatted by the database: one text per row is far cheaper to move than twenty fields.
const q = (column: SQL) => sql`'"' || replace(${column}, '"', '""') || '"'`;
const money = (column: SQL) => sql`replace((${column})::text, '.', ',')`;
const day = (column: SQL) => sql`to_char(${column}, 'DD/MM/YYYY')`;

export const EXPENSE_CSV_HEADER = [
  'exercicio', 'empenho_codigo', 'data_emissao', 'orgao', 'unidade_gestora_codigo', 'unidade_gestora', 'credor_documento', 'credor_nome',
  'elemento_despesa', 'funcao', 'fonte_recurso', 'modalidade_licitacao', 'historico', 'valor_empenhado', 'valor_liquidado', 'valor_pago',
];

export interface CsvRow {
  id: number;
  key: string;
  line: string;
}

/** One page of the export after (key, id): keyset pagination, so each page is a short index range scan. */
export async function expenseCsvPage(db: Database, period: Period, filter: ExpenseFilter, after: { key: string; id: number } | null, limit: number) {
  const from = after ? sql`(e.issued_on, e.id) > (${after.key}::date, ${after.id})` : sql`true`;
  return rows<CsvRow>(
    db,
    sql`select e.id::float8 as id, e.issued_on::text as key,
          concat_ws(';', e.fiscal_year, e.code, ${day(sql`e.issued_on`)}, ${q(sql`d.short_name`)}, mu.code, ${q(sql`mu.name`)}, cr.document, ${q(sql`cr.name`)},
            ${q(sql`e.expense_element`)}, ${q(sql`e.budget_function`)}, ${q(sql`e.funding_source`)}, ${q(sql`e.bidding_modality`)}, ${q(sql`e.description`)},
            ${money(sql`e.committed`)}, ${money(sql`e.liquidated`)}, ${money(sql`e.paid`)}) as line
        ${expenseJoins}
        where ${expenseWhere(period, filter)} and ${from}
        order by e.issued_on, e.id
        limit ${limit}`,
  );
}

// ----- servants ---------------------------------------------------------------------------------------

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

export async function servantYears(db: Database) {
  return rows<{ exercicio: number }>(
    db,
    sql`select y::int as exercicio
        from generate_series((select min(fiscal_year) from servant_pay_years)::int, (select max(fiscal_year) from servant_pay_years)::int) y
        where exists (select 1 from servant_pay_years where fiscal_year = y)
        order by y desc`,
  );
}

export async function hasServantYear(db: Database, year: number) {
  const found = await rows<{ ok: number }>(db, sql`select 1 as ok from servant_pay_years where fiscal_year = ${year} limit 1`);
  return found.length > 0;
}

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

export async function servantCsvPage(db: Database, year: number, month: number, filter: ServantFilter, afterId: number, limit: number) {
  const cents = (column: SQL) => money(sql`((${column})::numeric / 100)::numeric(14, 2)`);
  const reference = `${year}-${String(month).padStart(2, '0')}`;
  return rows<CsvRow>(
    db,
    sql`select s.id, '' as key,
          concat_ws(';', s.id, s.registration, ${q(sql`s.name`)}, s.cpf_masked, ${q(sql`d.short_name`)}, ${q(sql`s.position`)}, ${q(sql`s.bond`)}, s.weekly_hours,
            ${reference}::text, ${cents(sql`p.base_pay[${month}::int]`)}, ${cents(sql`p.benefits[${month}::int]`)},
            ${cents(sql`p.base_pay[${month}::int] + p.benefits[${month}::int]`)}, ${cents(sql`p.deductions[${month}::int]`)},
            ${cents(sql`p.base_pay[${month}::int] + p.benefits[${month}::int] - p.deductions[${month}::int]`)}) as line
        ${servantJoins}
        where ${servantWhere(year, month, filter)} and p.servant_id > ${afterId}
        order by p.servant_id
        limit ${limit}`,
  );
}

// ----- other datasets ---------------------------------------------------------------------------------

export async function datasetUpdatedAt(db: Database, slug: string) {
  const [row] = await rows<{ updated_at: string | Date; row_count: number }>(
    db,
    sql`select updated_at, row_count::float8 as row_count from open_data_datasets where slug = ${slug}`,
  );
  return row ?? null;
}

export type OpenRecord = { [key: string]: string | number | boolean | null };

/** A page of any audit-court listing: `query` selects rows, `order` keeps pages stable. */
export async function pageOfRecords(db: Database, select: SQL, limit: number, offset: number) {
  const [result] = await rows<{ count: number; results: OpenRecord[] | string }>(
    db,
    sql`with q as (${select})
        select (select count(*)::int from q) as count,
               coalesce((select json_agg(p) from (select * from q limit ${limit} offset ${offset}) p), '[]') as results`,
  );
  const results = typeof result?.results === 'string' ? (JSON.parse(result.results) as OpenRecord[]) : (result?.results ?? []);
  return { count: result?.count ?? 0, results };
}

// ----- the audit-court API: /{resources}/{category}/{query} -------------------------------------------

export const TENDER_MODALITY_SLUGS: { [slug: string]: string } = {
  'pregao-eletronico': 'Pregão Eletrônico',
  'concorrencia-eletronica': 'Concorrência Eletrônica',
  'dispensa-eletronica': 'Dispensa Eletrônica',
  inexigibilidade: 'Inexigibilidade',
  credenciamento: 'Credenciamento',
  leilao: 'Leilão',
};
export const DOCUMENT_KIND_SLUGS: { [slug: string]: string } = {
  contratos: 'Contrato',
  aditivos: 'Termo Aditivo',
  convenios: 'Convênio',
  atas: 'Ata de Registro de Preços',
};

/** The table a yearly listing reads, to tell an unknown fiscal year (404) from an empty result. */
export async function hasYear(db: Database, table: 'expense_commitments' | 'public_documents' | 'tenders' | 'revenues', year: number) {
  const found = await rows<{ ok: number }>(db, sql`select 1 as ok from ${sql.identifier(table)} where fiscal_year = ${year} limit 1`);
  return found.length > 0;
}

export const auditCourtQueries = {
  creditorsOfYear: (year: number) => sql`
    select cr.id, cr.kind as tipo, cr.document as documento, cr.name as nome, cr.city as cidade, cr.state as uf,
           t.empenhos, t.valor_empenhado, t.valor_pago
    from (select creditor_id, count(*)::int as empenhos, sum(committed)::float8 as valor_empenhado, sum(paid)::float8 as valor_pago
          from expense_commitments where fiscal_year = ${year} group by creditor_id) t
    join creditors cr on cr.id = t.creditor_id
    order by t.valor_pago desc, cr.id`,
  creditors: () => sql`select id, kind as tipo, document as documento, name as nome, city as cidade, state as uf from creditors order by name, id`,
  creditorSearch: (text: string) => sql`
    select id, kind as tipo, document as documento, name as nome, city as cidade, state as uf from creditors
    where name ilike ${likeText(text)} or document like ${likeText(text)} order by name, id`,
  documents: (kind: string, year: number) => sql`
    select doc.number as numero, doc.kind as tipo, doc.object as objeto, mu.code as unidade_gestora_codigo, mu.name as unidade_gestora,
           cr.document as credor_documento, cr.name as credor_nome, doc.value::float8 as valor, doc.signed_on::text as data_assinatura,
           doc.valid_until::text as vigencia_ate
    from public_documents doc join management_units mu on mu.id = doc.management_unit_id join creditors cr on cr.id = doc.creditor_id
    where doc.fiscal_year = ${year} and doc.kind = ${kind}
    order by doc.signed_on, doc.id`,
  tenders: (modality: string | null, year: number) => sql`
    select t.process_number as processo, t.modality as modalidade, t.object as objeto, mu.code as unidade_gestora_codigo, mu.name as unidade_gestora,
           t.estimated_value::float8 as valor_estimado, t.opened_on::text as data_abertura, t.status as situacao
    from tenders t join management_units mu on mu.id = t.management_unit_id
    where t.fiscal_year = ${year} ${modality ? sql`and t.modality = ${modality}` : sql``}
    order by t.opened_on, t.id`,
  bodies: () => sql`
    select d.slug, d.short_name as sigla, d.name as nome, d.active as ativo, (select count(*)::int from management_units mu where mu.department_id = d.id) as unidades_gestoras
    from departments d order by d.short_name`,
  units: (departmentSlug: string | null) => sql`
    select mu.code as codigo, mu.name as nome, d.slug as orgao_slug, d.short_name as orgao_sigla
    from management_units mu join departments d on d.id = mu.department_id
    ${departmentSlug ? sql`where d.slug = ${departmentSlug}` : sql``}
    order by mu.code`,
  revenuesByMonth: (year: number) => sql`
    select to_char(make_date(fiscal_year, month, 1), 'YYYY-MM') as referencia, nature_code as natureza_codigo, nature as natureza,
           forecast::float8 as valor_previsto, collected::float8 as valor_arrecadado
    from revenues where fiscal_year = ${year} order by month, nature_code`,
  revenuesByNature: (year: number) => sql`
    select nature_code as natureza_codigo, nature as natureza, sum(forecast)::float8 as valor_previsto, sum(collected)::float8 as valor_arrecadado
    from revenues where fiscal_year = ${year} group by nature_code, nature order by sum(collected) desc`,
};
