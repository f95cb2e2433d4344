import multipart from '@fastify/multipart';
import { formatDate, MAX_FILE_MB, type NoticeKind } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { closures } from './closures.ts';
import { gestaoContext } from '../gestao/gestao.context.ts';
import { publicOrigin } from '../../plugins/config.ts';
import { requestPagesRoutes } from './requests.pages.ts';
import * as repository from './requests.repository.ts';
import { requestsRoutes } from './requests.routes.ts';
import { REMINDER_DAYS, requestsService } from './requests.service.ts';
import { staffRequests } from './requests.staff.ts';
import { staffRequestsRoutes } from './requests.staff.routes.ts';
import { contactOf, noticePreferences } from '../my-data/my-data.repository.ts';

const DAY = 86_400_000;

/**
 * What the citizen is told of their request or appointment: the bell (which pushes to the app) and, with SMTP_URL,
 * an e-mail; both link to the request (`requestId`) or to the page `url` names.
 */
interface Notice {
  userSub: string;
  email: string;
  requestId?: number;
  url?: string;
  title: string;
  body: string;
  /** which of the citizen's choices applies ('Meus dados'); a notice queued before there were choices is a request's */
  kind?: NoticeKind;
}

/**
 * Requests of services (issue 27; the department's side is issue 28): the citizen's API (/v1/solicitacoes), the
 * pages' form posts that carry files (/app/solicitacoes), the notices to the citizen, and the drafts' reminder and
 * expiry, all as jobs of the one queue. Every state a request goes through is requests.workflow.ts's.
 */
export const requestsPlugin = fp(async (app: FastifyInstance) => {
  const service = requestsService(app);
  const work = staffRequests(app, service);
  const origin = publicOrigin(app.config);
  const link = (id: number) => `/app/acompanhar-minhas-solicitacoes/${id}`;

  app.jobs.define<Notice>('avisar-solicitante', {
    run: async ({ userSub, email, requestId, url, title, body, kind = 'solicitacoes' }) => {
      const page = url ?? link(requestId!);
      // Always in the portal's messages; by push and by e-mail as the citizen chose for this kind of notice.
      const chosen = (await noticePreferences(app.db, userSub)).find((p) => p.tipo === kind) ?? { email: true, push: true };
      await app.notifications.create({ userSub, kind: 'informacao', title, body, metadata: { onClick: { tipo: 'redirect', url: page } } }, { push: chosen.push });
      // Her own e-mail for notices once she confirmed it ('Meus dados'), else the one the request kept.
      const to = (await contactOf(app.db, userSub))?.email || email;
      if (chosen.email && to) await app.mail.send({ to, subject: title, text: `${body}\n\nAcompanhe: ${origin}${page}\n\nPortal de Serviços do Piauí` });
    },
  });

  // Drafts are kept 30 days after their last save: a reminder some days before, then they go, files and all.
  app.jobs.define('lembrar-rascunhos', {
    run: async () => {
      const now = new Date();
      for (const draft of await repository.draftsToRemind(app.db, new Date(now.getTime() + REMINDER_DAYS * DAY))) {
        if (!(await repository.markReminded(app.db, draft.id, now))) continue;
        const s = await repository.serviceById(app.db, draft.serviceId);
        const title = `Seu rascunho expira em ${formatDate(draft.expiresAt!)}`;
        const body = `A solicitação de "${s?.title ?? 'serviço'}" ainda não foi enviada. Continue de onde parou antes de ${formatDate(draft.expiresAt!)}; depois disso o rascunho é apagado.`;
        await app.jobs.send('avisar-solicitante', { userSub: draft.citizenSub, email: draft.citizen.email, requestId: draft.id, title, body, kind: 'lembretes' });
      }
    },
  });
  app.jobs.define('expirar-rascunhos', {
    run: async (_data, log) => {
      const expired = await repository.expiredDrafts(app.db, new Date());
      for (const draft of expired) {
        if (!(await repository.deleteDraft(app.db, draft.id))) continue;
        for (const key of draft.keys) await app.storage.remove(key);
      }
      if (expired.length) log.info({ drafts: expired.length }, 'expired drafts removed');
    },
  });
  // A deadline two business days away: the assignee (or, unclaimed, the department's attendants and leads) told once.
  app.jobs.define('lembrar-prazos', {
    run: async (_data, log) => {
      const told = await work.remindDeadlines();
      if (told) log.info({ requests: told }, 'deadline reminders sent');
    },
  });
  app.jobs.schedule('lembrar-rascunhos', '0 9 * * *');
  app.jobs.schedule('lembrar-prazos', '0 8 * * 1-5');
  app.jobs.schedule('expirar-rascunhos', '30 3 * * *');

  await app.register(async (scope) => {
    // Files stream through storage's own limits (per question, per request); these only bound the post itself.
    await scope.register(multipart, { limits: { fileSize: MAX_FILE_MB * 1024 * 1024 + 1, files: 10, fields: 200, fieldSize: 20_000, parts: 210, headerPairs: 50 }, throwFileSizeLimit: true });
    await scope.register(requestsRoutes, { service });
    await scope.register(requestPagesRoutes, { service, work });
    await scope.register(staffRequestsRoutes, { work, closed: closures(app), staffFor: gestaoContext(app).staffFor });
  });
});
