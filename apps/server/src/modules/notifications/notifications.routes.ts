import { ErrorResponse, MarkAsReadRequest, NotificationsQuery, NotificationsResponse, NotificationsUpdateResponse } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './notifications.service.ts';

const BASE = '/api/govpicidadao-middleware/notificacoes/mensagem';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['notificações'];
  // The app posts `arquivar` with an empty body, sometimes labelled JSON: an empty JSON body is no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      (err as Error & { statusCode?: number }).statusCode = 400;
      done(err as Error, undefined);
    }
  });

  app.get(
    `${BASE}/buscar`,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'As mensagens de quem chama (não arquivadas), mais novas primeiro',
        security,
        querystring: NotificationsQuery,
        response: { 200: NotificationsResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => service.listMessages(app.db, request.user!.sub, request.query.pageIndex, request.query.pageSize),
  );

  app.post(
    `${BASE}/marcarComoLidas`,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Marca como lidas as mensagens indicadas (corpo: lista de ids), somente as de quem chama',
        security,
        body: MarkAsReadRequest,
        response: { 200: NotificationsUpdateResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => service.markAsRead(app.db, request.user!.sub, request.body),
  );

  // The app posts an empty body; any JSON body is ignored.
  app.post(
    `${BASE}/arquivar`,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Arquiva todas as mensagens de quem chama (limpa a lista)',
        security,
        response: { 200: NotificationsUpdateResponse, 401: ErrorResponse },
      },
    },
    async (request) => service.archiveAll(app.db, request.user!.sub),
  );
};
