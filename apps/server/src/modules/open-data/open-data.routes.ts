import {
  AuditCourtPage,
  AuditCourtParams,
  ErrorResponse,
  ExercicioParams,
  ExpenseBodyTotals,
  ExpenseDetail,
  ExpenseFilters,
  ExpenseHistory,
  ExpenseListQuery,
  ExpensePage,
  ExpenseParams,
  ExpensePeriodParams,
  ExpenseReferenceList,
  FiscalYearList,
  OpenDataIndex,
  PageQuery,
  ServantBodyList,
  ServantDetail,
  ServantFilters,
  ServantListQuery,
  ServantParams,
  ServantPayPage,
  ServantReferenceList,
  ServantReferenceParams,
  UpdatedAt,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditCourt } from './audit-court.service.ts';
import { openDataIndex, type OpenDataUrls } from './open-data-index.service.ts';
import { updatedAt, type CsvDownload, type CsvSize } from './open-data.service.ts';
import * as servants from './servants.service.ts';
import * as spending from './spending.service.ts';
import { usersLogCsv } from './users-log.service.ts';

/** Our own copies of the open-data APIs; the /dados screens reach them through the configured base URLs. */
export const TRANSPARENCIA_PREFIX = '/api/transparencia';
export const AUDIT_COURT_PREFIX = '/api/tce';
export const USERS_LOG_PATH = '/api/transformacao-digital/log-usuarios.csv';

const errors = { 400: ErrorResponse, 404: ErrorResponse };
const csv = { 200: z.any().describe('CSV (UTF-8 com BOM, separador ;)'), ...errors };
// Public, rarely changing data: browsers and a CDN may keep it a few minutes.
const OPEN_DATA_SECONDS = 300;
const CACHE = `public, max-age=${OPEN_DATA_SECONDS}, stale-while-revalidate=3600`;

/**
 * HEAD of a download: what GET would send, with its exact Content-Length, which GET cannot give since it streams.
 * The portal's open-data pages say from it how big the file is before anyone downloads it (issue 24).
 */
function sendCsvHead(reply: FastifyReply, size: CsvSize) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${size.filename}"`)
    .header('content-length', String(size.bytes))
    .header('cache-control', CACHE)
    .send();
}

function sendCsv(reply: FastifyReply, download: CsvDownload) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .header('cache-control', CACHE)
    .send(download.stream);
}

export const openDataRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public, rarely changing data: every JSON read is served from the public cache (plugins/response-cache.ts)
  // for five minutes; CSV downloads stream (they can be hundreds of MiB) with their own Cache-Control.
  app.addHook('onRoute', (route) => {
    const produces = (route.schema as { produces?: string[] } | undefined)?.produces ?? [];
    if (route.method === 'GET' && !produces.includes('text/csv')) route.config = { ...route.config, publicCache: { maxAge: OPEN_DATA_SECONDS } };
  });
  const urls: OpenDataUrls = {
    transparencia: app.config.TRANSPARENCIA_API_URL,
    auditCourt: app.config.TCE_API_URL,
    usersLog: app.config.USERS_LOG_URL,
  };

  app.get(
    '/v1/open-data',
    { schema: { tags: ['dados abertos'], summary: 'Índice de /dados: grupos e seus endpoints, com modelos de URL', response: { 200: OpenDataIndex } } },
    async () => openDataIndex(app.db, urls),
  );

  // ----- expenses ----------------------------------------------------------------------------------
  const despesas = `${TRANSPARENCIA_PREFIX}/despesas`;
  const expenseTags = ['dados abertos: despesas'];

  app.get(`${despesas}/exercicios`, { schema: { tags: expenseTags, summary: 'Exercícios com despesas', response: { 200: FiscalYearList } } }, async () => {
    return spending.expenseYears(app.db);
  });

  app.get(`${despesas}/updated_at`, { schema: { tags: expenseTags, summary: 'Última atualização das despesas', response: { 200: UpdatedAt, 404: ErrorResponse } } }, async () =>
    updatedAt(app.db, 'despesas'),
  );

  app.get(
    `${despesas}/referencias/:exercicio`,
    { schema: { tags: expenseTags, summary: 'Meses com empenhos no exercício', params: ExercicioParams, response: { 200: ExpenseReferenceList, ...errors } } },
    async (request) => {
        return spending.expenseReferences(app.db, request.params.exercicio);
    },
  );

  app.get(
    `${despesas}/orgaos/:exercicio/:referencia_ate/:referencia_de`,
    { schema: { tags: expenseTags, summary: 'Despesas por órgão no período', params: ExpensePeriodParams, response: { 200: ExpenseBodyTotals, ...errors } } },
    async (request) => {
      const { exercicio, referencia_ate, referencia_de } = request.params;
        return spending.expenseBodies(app.db, exercicio, referencia_ate, referencia_de);
    },
  );

  app.get(
    `${despesas}/:exercicio/:referencia_ate/:referencia_de`,
    {
      schema: {
        tags: expenseTags,
        summary: 'Empenhos do período (referências AAAA-MM ou AAAA-MM-DD, em qualquer ordem)',
        params: ExpensePeriodParams,
        querystring: ExpenseListQuery,
        response: { 200: ExpensePage, ...errors },
      },
    },
    async (request) => {
      const { exercicio, referencia_ate, referencia_de } = request.params;
        return spending.listExpenses(app.db, exercicio, referencia_ate, referencia_de, request.query, request.url);
    },
  );

  // Declared before its GET, so that it replaces the HEAD Fastify would make of the GET (which streams the whole file).
  app.head(
    `${despesas}/:exercicio/:referencia_ate/:referencia_de/download`,
    { schema: { tags: expenseTags, summary: 'Tamanho do CSV dos empenhos do período (Content-Length), sem baixá-lo', params: ExpensePeriodParams, querystring: ExpenseFilters, response: { 200: z.any(), ...errors } } },
    async (request, reply) => {
      const { exercicio, referencia_ate, referencia_de } = request.params;
      return sendCsvHead(reply, await spending.expenseCsvSize(app.db, exercicio, referencia_ate, referencia_de, request.query));
    },
  );

  app.get(
    `${despesas}/:exercicio/:referencia_ate/:referencia_de/download`,
    { schema: { tags: expenseTags, summary: 'Empenhos do período em CSV', params: ExpensePeriodParams, querystring: ExpenseFilters, produces: ['text/csv'], response: csv } },
    async (request, reply) => {
      const { exercicio, referencia_ate, referencia_de } = request.params;
      return sendCsv(reply, await spending.expenseCsv(app.db, exercicio, referencia_ate, referencia_de, request.query));
    },
  );

  app.get(
    `${despesas}/:exercicio/:empenho_codigo/:unidade_gestora_codigo/detalhamento`,
    { schema: { tags: expenseTags, summary: 'Detalhamento de um empenho', params: ExpenseParams, response: { 200: ExpenseDetail, ...errors } } },
    async (request) => {
      const { exercicio, empenho_codigo, unidade_gestora_codigo } = request.params;
      return spending.expenseDetail(app.db, exercicio, empenho_codigo, unidade_gestora_codigo);
    },
  );

  app.get(
    `${despesas}/:exercicio/:empenho_codigo/:unidade_gestora_codigo/financial_history`,
    { schema: { tags: expenseTags, summary: 'Histórico financeiro de um empenho', params: ExpenseParams, response: { 200: ExpenseHistory, ...errors } } },
    async (request) => {
      const { exercicio, empenho_codigo, unidade_gestora_codigo } = request.params;
      return spending.expenseHistory(app.db, exercicio, empenho_codigo, unidade_gestora_codigo);
    },
  );

  // ----- servants ----------------------------------------------------------------------------------
  const servidores = `${TRANSPARENCIA_PREFIX}/servidores`;
  const servantTags = ['dados abertos: servidores'];

  app.get(`${servidores}/exercicios`, { schema: { tags: servantTags, summary: 'Exercícios com folha de pagamento', response: { 200: FiscalYearList } } }, async () => {
    return servants.servantYears(app.db);
  });

  app.get(`${servidores}/orgaos`, { schema: { tags: servantTags, summary: 'Servidores ativos por órgão', response: { 200: ServantBodyList } } }, async () => {
    return servants.servantBodies(app.db);
  });

  app.get(`${servidores}/updated_at`, { schema: { tags: servantTags, summary: 'Última atualização da folha', response: { 200: UpdatedAt, 404: ErrorResponse } } }, async () =>
    updatedAt(app.db, 'servidores'),
  );

  app.get(
    `${servidores}/referencias/:exercicio`,
    { schema: { tags: servantTags, summary: 'Meses com folha no exercício', params: ExercicioParams, response: { 200: ServantReferenceList, ...errors } } },
    async (request) => {
        return servants.servantReferences(app.db, request.params.exercicio);
    },
  );

  app.get(
    `${servidores}/:exercicio/:referencia`,
    {
      schema: {
        tags: servantTags,
        summary: 'Remunerações do mês (referência AAAA-MM)',
        params: ServantReferenceParams,
        querystring: ServantListQuery,
        response: { 200: ServantPayPage, ...errors },
      },
    },
    async (request) => {
        return servants.listServantPay(app.db, request.params.exercicio, request.params.referencia, request.query, request.url);
    },
  );

  app.head(
    `${servidores}/:exercicio/:referencia/download`,
    { schema: { tags: servantTags, summary: 'Tamanho do CSV das remunerações do mês (Content-Length), sem baixá-lo', params: ServantReferenceParams, querystring: ServantFilters, response: { 200: z.any(), ...errors } } },
    async (request, reply) => sendCsvHead(reply, await servants.servantCsvSize(app.db, request.params.exercicio, request.params.referencia, request.query)),
  );

  app.get(
    `${servidores}/:exercicio/:referencia/download`,
    { schema: { tags: servantTags, summary: 'Remunerações do mês em CSV', params: ServantReferenceParams, querystring: ServantFilters, produces: ['text/csv'], response: csv } },
    async (request, reply) => sendCsv(reply, await servants.servantCsv(app.db, request.params.exercicio, request.params.referencia, request.query)),
  );

  app.get(
    `${servidores}/:exercicio/:id/detalhamento`,
    { schema: { tags: servantTags, summary: 'Remunerações de um servidor no exercício', params: ServantParams, response: { 200: ServantDetail, ...errors } } },
    async (request) => servants.servantDetail(app.db, request.params.exercicio, request.params.id),
  );

  // ----- users log and audit court ---------------------------------------------------------------------
  app.get(
    USERS_LOG_PATH,
    { schema: { tags: ['dados abertos'], summary: 'Log de usuários da transformação digital (CSV)', produces: ['text/csv'], response: { 200: z.any() } } },
    async (_request, reply) => sendCsv(reply, usersLogCsv()),
  );

  app.get(
    `${AUDIT_COURT_PREFIX}/:resources/:category/:query`,
    {
      schema: {
        tags: ['dados abertos: tribunal de contas'],
        summary: 'Consulta no formato da API do tribunal de contas: /{resources}/{category}/{query}',
        params: AuditCourtParams,
        querystring: PageQuery,
        response: { 200: AuditCourtPage, ...errors },
      },
    },
    async (request) => {
      const { resources, category, query } = request.params;
        return auditCourt(app.db, resources, category, query, request.query, request.url);
    },
  );
};
