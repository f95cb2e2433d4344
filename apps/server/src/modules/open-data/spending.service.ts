import type { Expense, ExpenseDetail, ExpenseHistory, PageQuery } from '@portal/contracts';
import type { Database } from '@portal/db';
import { notFound } from '../../lib/http-error.ts';
import { fiscalYears } from './open-data.repository.ts';
import { csvSize, csvStream, EXPORT_BATCH, pageLinks, requireYear, resolvePeriod, round2, type CsvDownload, type CsvSize } from './open-data.service.ts';
import * as repository from './spending.repository.ts';

// Transparency spending: /despesas/...

function toExpense(row: repository.ExpenseRow): Expense {
  const { id: _id, credor_cidade: _c, credor_uf: _u, ...rest } = row;
  return { ...rest, referencia: row.data_emissao.slice(0, 7) };
}

export async function listExpenses(db: Database, year: number, ate: string, de: string, query: repository.ExpenseFilter & PageQuery, url: string) {
  const period = resolvePeriod(year, ate, de);
  await requireYear(db, 'expense_commitments', year);
  const [count, found] = await Promise.all([
    repository.countExpenses(db, period, query),
    repository.listExpenses(db, period, query, query.page_size, (query.page - 1) * query.page_size),
  ]);
  return { count, ...pageLinks(url, query, count), results: found.map(toExpense) };
}

async function requireExpense(db: Database, year: number, code: string, unit: string) {
  const row = await repository.findExpense(db, year, code, unit);
  if (row) return row;
  await requireYear(db, 'expense_commitments', year);
  throw notFound(`Empenho ${code} da unidade gestora ${unit} não encontrado no exercício ${year}.`);
}

export async function expenseDetail(db: Database, year: number, code: string, unit: string): Promise<ExpenseDetail> {
  const row = await requireExpense(db, year, code, unit);
  const { liquidations, payments } = await repository.expenseMovements(db, row.id);
  return {
    ...toExpense(row),
    credor_cidade: row.credor_cidade,
    credor_uf: row.credor_uf,
    liquidacoes: liquidations,
    pagamentos: payments,
    saldo_a_liquidar: round2(row.valor_empenhado - row.valor_liquidado),
    saldo_a_pagar: round2(row.valor_liquidado - row.valor_pago),
  };
}

export async function expenseHistory(db: Database, year: number, code: string, unit: string): Promise<ExpenseHistory> {
  const row = await requireExpense(db, year, code, unit);
  const { liquidations, payments } = await repository.expenseMovements(db, row.id);
  const events = [
    { data: row.data_emissao, tipo: 'Empenho' as const, documento: row.empenho_codigo, valor: row.valor_empenhado, order: 0 },
    ...liquidations.map((l) => ({ data: l.data, tipo: 'Liquidação' as const, documento: l.codigo, valor: l.valor, order: 1 })),
    ...payments.map((p) => ({ data: p.data, tipo: 'Pagamento' as const, documento: p.codigo, valor: p.valor, order: 2 })),
  ].sort((a, b) => a.data.localeCompare(b.data) || a.order - b.order);
  let committed = 0;
  let liquidated = 0;
  let paid = 0;
  return {
    exercicio: year,
    empenho_codigo: row.empenho_codigo,
    unidade_gestora_codigo: row.unidade_gestora_codigo,
    eventos: events.map(({ order: _order, ...event }) => {
      if (event.tipo === 'Empenho') committed = round2(committed + event.valor);
      else if (event.tipo === 'Liquidação') liquidated = round2(liquidated + event.valor);
      else paid = round2(paid + event.valor);
      return { ...event, empenhado_acumulado: committed, liquidado_acumulado: liquidated, pago_acumulado: paid };
    }),
  };
}

export const expenseYears = (db: Database) => fiscalYears(db, 'expense_commitments');

export async function expenseBodies(db: Database, year: number, ate: string, de: string) {
  const period = resolvePeriod(year, ate, de);
  await requireYear(db, 'expense_commitments', year);
  return repository.expenseTotalsByBody(db, period);
}

export async function expenseReferences(db: Database, year: number) {
  await requireYear(db, 'expense_commitments', year);
  return repository.expenseTotalsByMonth(db, year);
}

const expenseCsvName = (period: { year: number; from: string; to: string }) => `despesas_${period.year}_${period.from}_${period.to}.csv`;

export async function expenseCsv(db: Database, year: number, ate: string, de: string, filter: repository.ExpenseFilter): Promise<CsvDownload> {
  const period = resolvePeriod(year, ate, de);
  await requireYear(db, 'expense_commitments', year);
  return {
    filename: expenseCsvName(period),
    stream: csvStream(repository.EXPENSE_CSV_HEADER, (after) =>
      repository.expenseCsvPage(db, period, filter, after && { key: after.key, id: after.id }, EXPORT_BATCH),
    ),
  };
}

/** What expenseCsv would send for the same call: its records and bytes (HEAD of the download). */
export async function expenseCsvSize(db: Database, year: number, ate: string, de: string, filter: repository.ExpenseFilter): Promise<CsvSize> {
  const period = resolvePeriod(year, ate, de);
  await requireYear(db, 'expense_commitments', year);
  return csvSize(expenseCsvName(period), repository.EXPENSE_CSV_HEADER, await repository.expenseCsvSize(db, period, filter));
}
