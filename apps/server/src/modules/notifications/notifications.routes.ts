import {
  ArchiveRequest,
  ErrorResponse,
  MarkAsReadRequest,
  NOTIFICATIONS_PREFIXES,
  NotificationsQuery,
  NotificationsResponse,
  NotificationsUpdateResponse,
  PushDevicesResponse,
  PushTokenParams,
  type NotificationMessage,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicOrigin } from '../../plugins/config.ts';
import { pushSender, type PushMessage } from './notifications.push.ts';
import type { NewNotification } from './notifications.repository.ts';
import * as service from './notifications.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How any part of the portal gives a citizen a notification (panel and phones): see service.createNotification. */
    notifications: {
      create(notification: NewNotification, options?: { push?: boolean }): Promise<NotificationMessage>;
      /** resolves when the pushes asked for so far are done (tests) */
      settled(): Promise<void>;
    };
  }
}

/** The calls of the notifications panel, and the app's push switch; mounted under each prefix. */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['notificações'];
  const origin = publicOrigin(app.config);
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
    '/buscar',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'As mensagens de quem chama (não arquivadas; com arquivadas=true, as arquivadas), mais novas primeiro',
        security,
        querystring: NotificationsQuery,
        response: { 200: NotificationsResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => service.listMessages(app.db, origin, request.user!.sub, request.query.pageIndex, request.query.pageSize, request.query.arquivadas),
  );

  app.post(
    '/marcarComoLidas',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Marca como lidas as mensagens indicadas (corpo: lista de ids, números ou textos), somente as de quem chama',
        security,
        body: MarkAsReadRequest,
        response: { 200: NotificationsUpdateResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => service.markAsRead(app.db, request.user!.sub, request.body),
  );

  // The app posts an empty body (sometimes an empty JSON one): everything is archived, as the spec has it. A list of
  // ids archives only those (issue 24).
  app.post(
    '/arquivar',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Arquiva as mensagens de quem chama: sem corpo, todas (limpa a lista); com uma lista de ids, somente essas, que continuam em arquivadas',
        security,
        body: ArchiveRequest,
        response: { 200: NotificationsUpdateResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => service.archive(app.db, request.user!.sub, Array.isArray(request.body) ? request.body : undefined),
  );

  app.put(
    '/habilitarNotificacaoPush/:token',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Liga as notificações push neste aparelho (token do Expo: ExponentPushToken[...])',
        security,
        params: PushTokenParams,
        response: { 200: PushDevicesResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => service.enablePush(app.db, request.user!.sub, request.params.token),
  );

  // Also called at the app's sign-out; it names no phone, so every phone of the caller stops getting them.
  app.delete(
    '/desabilitarNotificacaoPush',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Desliga as notificações push nos aparelhos de quem chama (também ao sair do aplicativo)',
        security,
        response: { 200: PushDevicesResponse, 401: ErrorResponse },
      },
    },
    async (request) => service.disablePush(app.db, request.user!.sub),
  );
};

/**
 * Notifications: the same calls under the web's prefix and the state's app's (one set of handlers,
 * mounted twice), the push sender (PUSH_URL), and `app.notifications.create` for whoever notifies.
 */
export const notificationsPlugin = fp(async (app: FastifyInstance) => {
  app.jobs.define<{ userSub: string } & PushMessage>('push', {
    run: async ({ userSub, title, body }, log) => pushSender({ url: app.config.PUSH_URL, db: () => app.db, log }).push(userSub, { title, body }),
  });
  app.decorate('notifications', {
    create: (notification: NewNotification, options?: { push?: boolean }) =>
      service.createNotification(app.db, publicOrigin(app.config), (userSub, message) => app.jobs.send('push', { userSub, ...message }), notification, options),
    settled: () => app.jobs.settle(['push']),
  });
  for (const prefix of NOTIFICATIONS_PREFIXES) await app.register(notificationsRoutes, { prefix });
});
