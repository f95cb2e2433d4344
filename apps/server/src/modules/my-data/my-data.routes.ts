import { ContactChange, ContactCode, DataExport, DataExportState, EraseAnswer, EraseInput, ErrorResponse, MyDataSummary, NoticeContact, NoticePreferences, SessionsEnded } from '@portal/contracts';
import { notFound } from '../../lib/http-error.ts';
import { formatWait, limitReached, take } from '../../plugins/limits.ts';
import type { ExportRow } from './my-data.repository.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { knownData } from '../requests/requests.service.ts';
import type { MyDataService } from './my-data.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['meus dados'];
const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);
const exportOf = (row: ExportRow): DataExport => ({ estado: row.state, pedidoEm: iso(row.createdAt)!, prontoEm: iso(row.readyAt), disponivelAte: iso(row.expiresAt), bytes: row.bytes });

/** 'Meus dados' (issue 30): /v1/meus-dados, the caller's own data only (bearer token); never cached anywhere. */
export const myDataRoutes: FastifyPluginAsyncZod<{ service: MyDataService }> = async (app, { service }) => {
  app.get(
    '/v1/meus-dados',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'O que o portal guarda sobre quem chama, por tipo: quantos registros, alguns deles e até quando', response: { 200: MyDataSummary, 401: ErrorResponse } },
    },
    async (request) => service.summary(request.user!),
  );

  app.get(
    '/v1/meus-dados/exportacao',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Tudo o que o portal guarda sobre quem chama, num arquivo JSON (LGPD, art. 18, II e V)',
        response: { 200: z.any().describe('JSON: conta, favoritos, histórico, avaliações, solicitações (com arquivos e passos), rascunhos, agendamentos, documentos, mensagens, celulares, sessões, acessos'), 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const all = await service.everything(user);
      return reply
        .header('content-disposition', `attachment; filename="meus-dados-portal-piaui-${new Date().toISOString().slice(0, 10)}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ geradoEm: new Date().toISOString(), conta: { usuario: user.username, ...(await knownData(app, user)) }, ...all }, null, 2));
    },
  );

  app.post(
    '/v1/meus-dados/exportacao/zip',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Pedir o arquivo ZIP com os dados e os arquivos enviados: feito pela fila de trabalhos, com aviso quando fica pronto', response: { 202: DataExportState, 401: ErrorResponse } },
    },
    async (request, reply) => reply.code(202).send({ exportacao: exportOf(await service.askExport(request.user!)) }),
  );

  app.get(
    '/v1/meus-dados/exportacao/zip/situacao',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'O arquivo ZIP pedido: sendo feito, ou pronto para baixar até um dia', response: { 200: DataExportState, 401: ErrorResponse } } },
    async (request) => {
      const row = await service.latestExport(request.user!);
      return { exportacao: row ? exportOf(row) : null };
    },
  );

  app.get(
    '/v1/meus-dados/exportacao/zip',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Baixar o arquivo ZIP pronto', response: { 200: z.any().describe('ZIP'), 401: ErrorResponse, 404: ErrorResponse } } },
    async (request, reply) => {
      const file = await service.exportFile(request.user!);
      if (!file) throw notFound('Nenhum arquivo pronto: peça um em Meus dados.');
      return reply
        .type('application/zip')
        .header('content-length', String(file.bytes))
        .header('content-disposition', `attachment; filename="meus-dados-portal-piaui-${file.day}.zip"`)
        .send(file.stream);
    },
  );

  app.post(
    '/v1/meus-dados/apagar',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Apagar um tipo de dado que a lei deixa apagar a pedido: favoritos, histórico, rascunhos, mensagens ou celulares', body: EraseInput, response: { 200: EraseAnswer, 400: ErrorResponse, 401: ErrorResponse } },
    },
    async (request) => ({ tipo: request.body.tipo, apagados: await service.erase(request.user!, request.body.tipo) }),
  );

  app.get(
    '/v1/meus-dados/avisos',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Como quem chama quer ser avisado de cada tipo de aviso: por e-mail, por push (as mensagens do portal ficam sempre)', response: { 200: NoticePreferences, 401: ErrorResponse } },
    },
    async (request) => ({ avisos: await service.notices(request.user!) }),
  );

  app.put(
    '/v1/meus-dados/avisos',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Escolher por e-mail e por push, por tipo de aviso (o consentimento se retira desligando)', body: NoticePreferences, response: { 200: NoticePreferences, 400: ErrorResponse, 401: ErrorResponse } },
    },
    async (request) => ({ avisos: await service.chooseNotices(request.user!, request.body.avisos) }),
  );

  app.get(
    '/v1/meus-dados/contato',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'O e-mail e o telefone dos avisos: os que a pessoa deu ao portal, ou os do Acesso Cidadão', response: { 200: NoticeContact, 401: ErrorResponse } } },
    async (request) => service.contact(request.user!),
  );

  // A code is sent to each new e-mail: a few an hour per citizen, so the portal cannot be used to flood an inbox.
  const codes = app.limits.limiter('meus-dados-codigo', { points: 5, seconds: 3600 });
  app.put(
    '/v1/meus-dados/contato',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Corrigir o telefone (na hora) e o e-mail dos avisos (depois do código enviado a ele; vazio volta ao do Acesso Cidadão)', body: ContactChange, response: { 200: NoticeContact, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse } },
    },
    async (request, reply) => {
      if (request.body.email) {
        const allowance = await take(codes, request.user!.sub);
        if (!allowance.allowed) throw limitReached(reply, allowance.retryAfter, `Você pediu códigos demais. Tente de novo daqui a ${formatWait(allowance.retryAfter)}.`);
      }
      return service.changeContact(request.user!, request.body);
    },
  );

  app.post(
    '/v1/meus-dados/contato/confirmar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Confirmar o novo e-mail com o código de 6 números enviado a ele', body: ContactCode, response: { 200: NoticeContact, 400: ErrorResponse, 401: ErrorResponse } } },
    async (request) => service.confirmContact(request.user!, request.body.codigo),
  );

  app.post(
    '/v1/meus-dados/sessoes/encerrar',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Sair de todos os dispositivos: encerra as sessões do portal e os logins do aplicativo', response: { 200: SessionsEnded, 401: ErrorResponse } },
    },
    async (request) => service.endSessions(request.user!),
  );
};
