import { Closure, ClosureInput, ClosureList, ClosureParams, DataAccessList, ErrorResponse, Queue, QueueQuery, RequestFileParams, RequestParams, StaffAction, StaffRequestDetail } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Staff } from '../gestao/roles.ts';
import { sendStoredFile } from './requests.routes.ts';
import type { Closures } from './closures.ts';
import type { StaffRequests } from './requests.staff.ts';

const security = [{ bearerAuth: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/**
 * The department's requests (issue 28): /v1/gestao/solicitacoes, for its attendants, its reviewers and the central
 * team; another department's request is a 404 by any route. And /v1/meus-dados/acessos, where a citizen reads who
 * of the departments opened her requests and files.
 */
export const staffRequestsRoutes: FastifyPluginAsyncZod<{ work: StaffRequests; closed: Closures; staffFor: (request: FastifyRequest) => Staff }> = async (app, { work, closed, staffFor }) => {
  const tags = ['gestão: solicitações'];

  app.get(
    '/v1/gestao/solicitacoes',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'A fila de solicitações dos órgãos de quem chama: abertas (ou da situação escolhida), as atrasadas primeiro, depois o prazo mais próximo',
        querystring: QueueQuery,
        response: { 200: Queue, ...errors },
      },
    },
    async (request) => work.queue(staffFor(request), request.query),
  );

  app.get(
    '/v1/gestao/solicitacoes/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Uma solicitação como o órgão a trabalha (abrir fica registrado para o cidadão)', params: RequestParams, response: { 200: StaffRequestDetail, ...errors } },
    },
    async (request) => work.open(staffFor(request), request.params.id),
  );

  app.get(
    '/v1/gestao/solicitacoes/:id/arquivos/:file',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Abrir um arquivo da solicitação no visualizador do navegador (fica registrado para o cidadão)',
        params: RequestFileParams,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        response: { 200: z.any().describe('o arquivo'), ...errors },
      },
    },
    async (request, reply) => {
      const { file, stream } = await work.file(staffFor(request), request.params.id, request.params.file);
      return sendStoredFile(reply, file, stream, 'inline');
    },
  );

  app.post(
    '/v1/gestao/solicitacoes/:id/acoes',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Agir na solicitação: assumir, atribuir, avançar a etapa, pedir informação, deferir, indeferir, cancelar duplicada, mensagem ao cidadão ou nota interna',
        params: RequestParams,
        body: StaffAction,
        response: { 200: StaffRequestDetail, ...errors },
      },
    },
    async (request) => work.act(staffFor(request), request.params.id, request.body),
  );

  app.get(
    '/v1/gestao/fechamentos',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Os dias sem expediente, de hoje em diante, dos órgãos que quem chama coordena e do estado todo: os prazos não contam esses dias',
        response: { 200: ClosureList, ...errors },
      },
    },
    async (request) => closed.list(staffFor(request)),
  );

  app.post(
    '/v1/gestao/fechamentos',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Fechar um dia (hoje ou adiante) para um órgão, ou para todos (equipe central): os prazos das solicitações abertas que o incluem passam um dia útil',
        body: ClosureInput,
        response: { 201: Closure, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await closed.add(staffFor(request), request.body)),
  );

  app.delete(
    '/v1/gestao/fechamentos/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Reabrir um dia fechado que ainda não passou: os prazos que ele tinha movido voltam', params: ClosureParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await closed.remove(staffFor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/v1/meus-dados/acessos',
    {
      preHandler: app.requireUser,
      schema: { tags: ['meus dados'], security, summary: 'Quem dos órgãos abriu os dados de quem chama: quando, quem, de que órgão, o quê e em qual solicitação', response: { 200: DataAccessList, 401: ErrorResponse } },
    },
    async (request) => ({ accesses: await work.accesses(request.user!.sub) }),
  );
};
