import { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import {
  OPEN_DATA_USERS_TOTAL,
  type AuditCourtPage,
  type Expense,
  type ExpenseDetail,
  type ExpenseHistory,
  type OpenDataGroup,
  type PageQuery,
  type ServantDetail,
  type ServantPay,
} from '@portal/contracts';
import { stableHash, type Database } from '@portal/db';
import { badRequest, notFound } from '../../lib/http-error.ts';
import * as repository from './open-data.repository.ts';

/** Rows per database round trip while exporting: small enough to keep memory flat, big enough to be fast. */
export const EXPORT_BATCH = 2_000;

// ----- shared helpers ------------------------------------------------------------------------------

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

function pageLinks(url: string, query: PageQuery, count: number) {
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

const reais = (cents: number | null | undefined) => Math.round(cents ?? 0) / 100;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** A CSV download: UTF-8 with BOM, `;` separated, decimal comma, CRLF, as Brazilian spreadsheets expect. */
export interface CsvDownload {
  filename: string;
  stream: Readable;
}

function csvStream(header: string[], nextPage: (after: repository.CsvRow | null) => Promise<repository.CsvRow[]>): Readable {
  async function* lines() {
    yield `\uFEFF${header.join(';')}\r\n`;
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

// ----- expenses --------------------------------------------------------------------------------------

async function requireExpenseYear(db: Database, year: number) {
  if (!(await repository.hasExpenseYear(db, year))) {
    const years = (await repository.expenseYears(db)).map((y) => y.exercicio);
    throw notFound(`Exercício ${year} não encontrado.${years.length ? ` Exercícios disponíveis: ${years.join(', ')}.` : ''}`);
  }
}

function toExpense(row: repository.ExpenseRow): Expense {
  const { id: _id, credor_cidade: _c, credor_uf: _u, ...rest } = row;
  return { ...rest, referencia: row.data_emissao.slice(0, 7) };
}

export async function listExpenses(db: Database, year: number, ate: string, de: string, query: repository.ExpenseFilter & PageQuery, url: string) {
  const period = resolvePeriod(year, ate, de);
  await requireExpenseYear(db, year);
  const [count, found] = await Promise.all([
    repository.countExpenses(db, period, query),
    repository.listExpenses(db, period, query, query.page_size, (query.page - 1) * query.page_size),
  ]);
  return { count, ...pageLinks(url, query, count), results: found.map(toExpense) };
}

async function requireExpense(db: Database, year: number, code: string, unit: string) {
  const row = await repository.findExpense(db, year, code, unit);
  if (row) return row;
  await requireExpenseYear(db, year);
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

export const expenseYears = (db: Database) => repository.expenseYears(db);

export async function expenseBodies(db: Database, year: number, ate: string, de: string) {
  const period = resolvePeriod(year, ate, de);
  await requireExpenseYear(db, year);
  return repository.expenseTotalsByBody(db, period);
}

export async function expenseReferences(db: Database, year: number) {
  await requireExpenseYear(db, year);
  return repository.expenseTotalsByMonth(db, year);
}

export async function updatedAt(db: Database, dataset: 'despesas' | 'servidores') {
  const row = await repository.datasetUpdatedAt(db, dataset);
  if (!row) throw notFound('Conjunto de dados ainda não carregado.');
  return { updated_at: new Date(row.updated_at).toISOString(), registros: Number(row.row_count) };
}

export async function expenseCsv(db: Database, year: number, ate: string, de: string, filter: repository.ExpenseFilter): Promise<CsvDownload> {
  const period = resolvePeriod(year, ate, de);
  await requireExpenseYear(db, year);
  return {
    filename: `despesas_${year}_${period.from}_${period.to}.csv`,
    stream: csvStream(repository.EXPENSE_CSV_HEADER, (after) =>
      repository.expenseCsvPage(db, period, filter, after && { key: after.key, id: after.id }, EXPORT_BATCH),
    ),
  };
}

// ----- servants --------------------------------------------------------------------------------------

async function requireServantYear(db: Database, year: number) {
  if (!(await repository.hasServantYear(db, year))) {
    const years = (await repository.servantYears(db)).map((y) => y.exercicio);
    throw notFound(`Exercício ${year} não encontrado.${years.length ? ` Exercícios disponíveis: ${years.join(', ')}.` : ''}`);
  }
}

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
  await requireServantYear(db, year);
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
    await requireServantYear(db, year);
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

export const servantYears = (db: Database) => repository.servantYears(db);
export const servantBodies = (db: Database) => repository.servantBodies(db);

export async function servantReferences(db: Database, year: number) {
  await requireServantYear(db, year);
  const counts = await repository.servantMonthCounts(db, year);
  return counts.flatMap((servidores, i) => (servidores ? [{ referencia: `${year}-${String(i + 1).padStart(2, '0')}`, servidores }] : []));
}

export async function servantCsv(db: Database, year: number, referencia: string, filter: repository.ServantFilter): Promise<CsvDownload> {
  const month = monthOf(year, referencia);
  await requireServantYear(db, year);
  return {
    filename: `servidores_${year}_${referencia}.csv`,
    stream: csvStream(repository.SERVANT_CSV_HEADER, (after) => repository.servantCsvPage(db, year, month, filter, after?.id ?? 0, EXPORT_BATCH)),
  };
}

// ----- users log ---------------------------------------------------------------------------------------

const USERS_LOG_START = Date.UTC(2021, 0, 4);

/**
 * The digital-transformation users log: one line a day since the citizen app launched, whose new users
 * add up to the static total of the index (2.785.167). Computed, deterministic, a few thousand lines.
 */
export function usersLogCsv(today = new Date()): CsvDownload {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const days = Math.max(1, Math.floor((end - USERS_LOG_START) / 86_400_000) + 1);
  const weights = Array.from({ length: days }, (_, i) => {
    const date = new Date(USERS_LOG_START + i * 86_400_000);
    const weekend = [0, 6].includes(date.getUTCDay()) ? 0.55 : 1;
    return (1 + (2 * i) / days) * weekend * (0.8 + (stableHash(date.toISOString().slice(0, 10)) % 400) / 1000);
  });
  const total = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  let carried = 0;
  const lines = [`\uFEFFdata;novos_usuarios;total_acumulado;acessos`];
  weights.forEach((w, i) => {
    carried += (w / total) * OPEN_DATA_USERS_TOTAL;
    const added = i === days - 1 ? OPEN_DATA_USERS_TOTAL - cumulative : Math.round(carried - cumulative);
    cumulative += added;
    const date = new Date(USERS_LOG_START + i * 86_400_000).toISOString().slice(0, 10);
    const visits = Math.round(cumulative * 0.04 * (0.7 + (stableHash(`a${date}`) % 600) / 1000));
    lines.push(`${date.split('-').reverse().join('/')};${added};${cumulative};${visits}`);
  });
  return { filename: 'log_usuarios.csv', stream: Readable.from([`${lines.join('\r\n')}\r\n`], { objectMode: false }) };
}

// ----- audit court ---------------------------------------------------------------------------------------

const YEAR = /^\d{4}$/;

function yearOf(query: string) {
  if (!YEAR.test(query)) throw badRequest('Exercício inválido: informe o ano com quatro dígitos (ex.: 2025).');
  return Number(query);
}

async function yearly(db: Database, table: Parameters<typeof repository.hasYear>[1], query: string, select: (year: number) => SQL) {
  const year = yearOf(query);
  if (!(await repository.hasYear(db, table, year))) throw notFound(`Exercício ${year} não encontrado.`);
  return select(year);
}

/** GET /{resources}/{category}/{query} of the audit-court API, answered from our datasets. */
export async function auditCourt(db: Database, resources: string, category: string, query: string, page: PageQuery, url: string): Promise<AuditCourtPage> {
  const q = repository.auditCourtQueries;
  let select: SQL | undefined;
  if (resources === 'credores') {
    if (category === 'lista') select = query === 'todos' ? q.creditors() : await yearly(db, 'expense_commitments', query, q.creditorsOfYear);
    else if (category === 'busca') {
      if (query.trim().length < 2) throw badRequest('Informe ao menos 2 caracteres do nome ou do documento do credor.');
      select = q.creditorSearch(query.trim());
    }
  } else if (resources === 'documentos') {
    const kind = repository.DOCUMENT_KIND_SLUGS[category];
    if (kind) select = await yearly(db, 'public_documents', query, (year) => q.documents(kind, year));
  } else if (resources === 'licitacoes') {
    const modality = category === 'todas' ? null : repository.TENDER_MODALITY_SLUGS[category];
    if (modality !== undefined) select = await yearly(db, 'tenders', query, (year) => q.tenders(modality, year));
  } else if (resources === 'orgaos') {
    if (category === 'lista' && query === 'todos') select = q.bodies();
    else if (category === 'unidades-gestoras') select = q.units(query === 'todas' ? null : query);
  } else if (resources === 'receitas') {
    if (category === 'mensal') select = await yearly(db, 'revenues', query, q.revenuesByMonth);
    else if (category === 'natureza') select = await yearly(db, 'revenues', query, q.revenuesByNature);
  }
  if (!select) throw notFound(`Consulta não encontrada: ${resources}/${category}/${query}.`);
  const { count, results } = await repository.pageOfRecords(db, select, page.page_size, (page.page - 1) * page.page_size);
  return { count, ...pageLinks(url, page, count), results };
}

// ----- the index of /dados ------------------------------------------------------------------------------

export interface OpenDataUrls {
  transparencia: string;
  auditCourt: string;
  usersLog: string;
}

export async function openDataIndex(db: Database, urls: OpenDataUrls): Promise<OpenDataGroup[]> {
  const years = (await repository.expenseYears(db)).map((y) => y.exercicio);
  const [latest, previous] = [years[0] ?? new Date().getUTCFullYear(), years[1] ?? new Date().getUTCFullYear() - 1];
  const t = urls.transparencia;
  const tce = (path: string, description: string) => ({ slug: path, description, url: `${urls.auditCourt}/${path}`, format: 'json' as const });
  const api = (slug: string, description: string, path: string, format: 'json' | 'csv' = 'json') => ({ slug, description, url: `${t}${path}`, format });
  const group = (text: string, slug: string, icon: string, description: string, servicos: OpenDataGroup['servicos']): OpenDataGroup => ({
    text, slug, icon, description, servicos, informational: false, total: null,
  });
  const total = OPEN_DATA_USERS_TOTAL.toLocaleString('pt-BR');
  return [
    group('CREDORES', 'credores', 'hand-coins', 'Pessoas e empresas que receberam pagamentos do Estado, com os valores empenhados e pagos.', [
      tce(`credores/lista/${latest}`, `Credores e valores recebidos em ${latest}`),
      tce(`credores/lista/${previous}`, `Credores e valores recebidos em ${previous}`),
      tce('credores/lista/todos', 'Cadastro de credores'),
    ]),
    group('DESPESAS', 'despesa', 'receipt', 'Empenhos, liquidações e pagamentos de todos os órgãos do Estado, por período.', [
      api('despesa/empenhos', 'Empenhos do período', '/despesas/{exercicio}/{referencia_ate}/{referencia_de}/'),
      api('despesa/detalhamento', 'Detalhamento de um empenho', '/despesas/{exercicio}/{empenho_codigo}/{unidade_gestora_codigo}/detalhamento/'),
      api('despesa/historico-financeiro', 'Histórico financeiro de um empenho', '/despesas/{exercicio}/{empenho_codigo}/{unidade_gestora_codigo}/financial_history/'),
      api('despesa/exercicios', 'Exercícios disponíveis', '/despesas/exercicios/'),
      api('despesa/orgaos', 'Despesas por órgão no período', '/despesas/orgaos/{exercicio}/{referencia_ate}/{referencia_de}/'),
      api('despesa/referencias', 'Meses com despesas no exercício', '/despesas/referencias/{exercicio}/'),
      api('despesa/atualizacao', 'Data da última atualização', '/despesas/updated_at/'),
      api('despesa/download', 'Download dos empenhos do período (CSV)', '/despesas/{exercicio}/{referencia_ate}/{referencia_de}/download/', 'csv'),
    ]),
    group('DOCUMENTOS', 'documentos', 'file-text', 'Contratos, termos aditivos, convênios e atas de registro de preços.', [
      tce(`documentos/contratos/${latest}`, `Contratos de ${latest}`),
      tce(`documentos/aditivos/${latest}`, `Termos aditivos de ${latest}`),
      tce(`documentos/convenios/${latest}`, `Convênios de ${latest}`),
      tce(`documentos/atas/${latest}`, `Atas de registro de preços de ${latest}`),
    ]),
    group('LICITAÇÕES', 'licitacoes', 'gavel', 'Processos licitatórios, por modalidade e situação.', [
      tce(`licitacoes/todas/${latest}`, `Licitações de ${latest}`),
      tce(`licitacoes/pregao-eletronico/${latest}`, `Pregões eletrônicos de ${latest}`),
      tce(`licitacoes/todas/${previous}`, `Licitações de ${previous}`),
    ]),
    group('ÓRGÃOS', 'orgaos', 'landmark', 'Órgãos do Estado e suas unidades gestoras.', [
      tce('orgaos/lista/todos', 'Órgãos do Estado'),
      tce('orgaos/unidades-gestoras/todas', 'Unidades gestoras'),
    ]),
    group('RECEITAS', 'receitas', 'trending-up', 'Receitas previstas e arrecadadas pelo Estado, por mês e por natureza.', [
      tce(`receitas/mensal/${latest}`, `Receitas por mês em ${latest}`),
      tce(`receitas/natureza/${latest}`, `Receitas por natureza em ${latest}`),
      tce(`receitas/natureza/${previous}`, `Receitas por natureza em ${previous}`),
    ]),
    group('SERVIDORES', 'servidor', 'users', 'Servidores públicos estaduais e suas remunerações mensais.', [
      api('servidor/remuneracoes', 'Remunerações do mês', '/servidores/{exercicio}/{referencia}/'),
      api('servidor/detalhamento', 'Remunerações de um servidor no exercício', '/servidores/{exercicio}/{id}/detalhamento/'),
      api('servidor/exercicios', 'Exercícios disponíveis', '/servidores/exercicios/'),
      api('servidor/orgaos', 'Servidores por órgão', '/servidores/orgaos/'),
      api('servidor/referencias', 'Meses com folha no exercício', '/servidores/referencias/{exercicio}/'),
      api('servidor/atualizacao', 'Data da última atualização', '/servidores/updated_at/'),
      api('servidor/download', 'Download das remunerações do mês (CSV)', '/servidores/{exercicio}/{referencia}/download/', 'csv'),
    ]),
    {
      text: 'TRANSFORMAÇÃO DIGITAL - LOG DE USUÁRIOS',
      slug: 'usuarios',
      icon: 'monitor-smartphone',
      description: `Usuários cadastrados nos serviços digitais do Governo do Piauí: ${total} no total.`,
      informational: true,
      total: OPEN_DATA_USERS_TOTAL,
      servicos: [
        { slug: '', description: `Total de usuários cadastrados: ${total}`, url: '', format: 'json' },
        { slug: '', description: 'Contagem mantida pela Secretaria de Transformação Digital', url: '', format: 'json' },
        { slug: 'usuarios/log', description: 'Log de usuários (CSV)', url: urls.usersLog, format: 'csv' },
      ],
    },
  ];
}
