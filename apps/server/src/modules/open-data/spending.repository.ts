import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';
import { csvDay, csvLinesSize, csvMoney, csvText, likeText, type CsvLinesSize, type CsvRow, type Period } from './open-data.repository.ts';

// Transparency spending: commitments (empenhos), their liquidations and payments.

export interface ExpenseFilter {
  orgao?: string;
  unidade_gestora_codigo?: string;
  credor?: string;
}

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

export const EXPENSE_CSV_HEADER = [
  'exercicio', 'empenho_codigo', 'data_emissao', 'orgao', 'unidade_gestora_codigo', 'unidade_gestora', 'credor_documento', 'credor_nome',
  'elemento_despesa', 'funcao', 'fonte_recurso', 'modalidade_licitacao', 'historico', 'valor_empenhado', 'valor_liquidado', 'valor_pago',
];

/** One line of the export (without its CRLF), as EXPENSE_CSV_HEADER names its fields. */
const expenseCsvLine = sql`concat_ws(';', e.fiscal_year, e.code, ${csvDay(sql`e.issued_on`)}, ${csvText(sql`d.short_name`)}, mu.code, ${csvText(sql`mu.name`)}, cr.document, ${csvText(sql`cr.name`)},
  ${csvText(sql`e.expense_element`)}, ${csvText(sql`e.budget_function`)}, ${csvText(sql`e.funding_source`)}, ${csvText(sql`e.bidding_modality`)}, ${csvText(sql`e.description`)},
  ${csvMoney(sql`e.committed`)}, ${csvMoney(sql`e.liquidated`)}, ${csvMoney(sql`e.paid`)})`;

/** One page of the export after (key, id): keyset pagination, so each page is a short index range scan. */
export async function expenseCsvPage(db: Database, period: Period, filter: ExpenseFilter, after: { key: string; id: number } | null, limit: number) {
  const from = after ? sql`(e.issued_on, e.id) > (${after.key}::date, ${after.id})` : sql`true`;
  return rows<CsvRow>(
    db,
    sql`select e.id::float8 as id, e.issued_on::text as key, ${expenseCsvLine} as line
        ${expenseJoins}
        where ${expenseWhere(period, filter)} and ${from}
        order by e.issued_on, e.id
        limit ${limit}`,
  );
}

/** How many lines the export of the period has, and their bytes: the file's size without making it. */
export async function expenseCsvSize(db: Database, period: Period, filter: ExpenseFilter): Promise<CsvLinesSize> {
  const [row] = await rows<CsvLinesSize>(db, sql`select ${csvLinesSize(expenseCsvLine)} ${expenseJoins} where ${expenseWhere(period, filter)}`);
  return row ?? { rows: 0, bytes: 0 };
}
