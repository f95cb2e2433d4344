import {
  ErrorResponse,
  ExpertLinkCreated,
  ExpertLinkParams,
  ExpertLinkRequest,
  ExpertPreview,
  ExpertReplyRequest,
  ExpertTokenParams,
  GestaoService,
  GestaoServiceParams,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound, tooManyRequests } from '../../lib/http-error.ts';
import { iso } from '../../lib/rows.ts';
import { markPersonal } from '../../plugins/credentials.ts';
import { loadService } from '../catalog/catalog.service.ts';
import { compareContents } from './compare.ts';
import * as links from './expert-links.repository.ts';
import { contentOf, type GestaoContext } from './gestao.context.ts';
import * as repository from './gestao.repository.ts';
import type { EditorialNotices } from './notices.ts';
import { previewItem } from './preview.ts';

const DAY_MS = 86_400_000;
/** Replies one link takes: an expert answers a few times, not a flood. */
const MAX_REPLIES = 30;
const GONE = 'Este link de prévia não vale mais: ele expirou, foi revogado, ou a alteração já foi decidida. Peça um novo a quem o enviou.';


/**
 * Asking a subject expert outside (issue 26; GOV.UK's fact check and share-preview links): staff who may read a
 * change make a link for a named expert, valid for some days; whoever holds it reads the change as citizens will,
 * with what it changes, and replies into the change's conversation (its author and the link's maker are told).
 * The token is told once and kept as a hash; its address is never cached, never sent on as a referrer, and the
 * logs redact it. A link stops opening when it expires, is revoked, or the change is published or discarded.
 */
export const expertLinksRoutes: FastifyPluginAsyncZod<{ g: GestaoContext; notices: EditorialNotices }> = async (app, { g, notices }) => {
  const security = [{ bearerAuth: [] }];
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };

  app.post(
    '/v1/gestao/servicos/:id/especialistas',
    {
      preHandler: app.requireUser,
      schema: { tags: ['gestão'], security, summary: 'Criar um link de prévia para um especialista sem conta (o endereço é dito só agora)', params: GestaoServiceParams, body: ExpertLinkRequest, response: { 200: ExpertLinkCreated, ...errors } },
    },
    async (request) => {
      const { staff, service } = await g.serviceFor(request, request.params.id);
      const open = await repository.openVersion(app.db, service.id);
      if (!open) throw conflict('Não há alteração em andamento neste serviço para mostrar a um especialista.');
      const token = links.newToken();
      const now = new Date();
      const link = await links.insertLink(app.db, {
        versionId: open.id,
        tokenHash: links.tokenHash(token),
        expertName: request.body.expertName,
        createdBy: staff.sub,
        createdByName: staff.name,
        expiresAt: new Date(now.getTime() + request.body.days * DAY_MS),
      });
      await repository.audit(app.db, {
        ...g.actor(request, staff),
        action: 'link_especialista',
        serviceId: service.id,
        versionId: open.id,
        departmentId: service.departmentId,
        detail: { expertName: link.expertName, expiresAt: iso(link.expiresAt) },
      });
      return { link: links.toExpertLink({ link, replies: 0 }, now), token };
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/especialistas/:link/revogar',
    { preHandler: app.requireUser, schema: { tags: ['gestão'], security, summary: 'Revogar um link de prévia: ele deixa de abrir na hora', params: ExpertLinkParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await g.serviceFor(request, request.params.id);
      const open = await repository.openVersion(app.db, service.id);
      const revoked = open ? await links.revokeLink(app.db, open.id, request.params.link, new Date()) : null;
      if (!revoked) throw conflict('Este link já não abre a prévia: ele foi revogado, ou é de outra alteração.');
      await repository.audit(app.db, {
        ...g.actor(request, staff),
        action: 'link_especialista_revogado',
        serviceId: service.id,
        versionId: open!.id,
        departmentId: service.departmentId,
        detail: { expertName: revoked.expertName },
      });
      return g.answer(staff, service);
    },
  );

  /** The link a token opens now, its change as citizens will read it, and what came through it; 404 when it opens nothing. */
  const previewFor = async (token: string): Promise<ExpertPreview & { found: NonNullable<Awaited<ReturnType<typeof links.openLink>>>; service: repository.ServiceRef }> => {
    const found = await links.openLink(app.db, links.tokenHash(token), new Date());
    const service = found && (await repository.findService(app.db, found.version.serviceId));
    if (!found || !service) throw notFound(GONE);
    const content = contentOf(found.version);
    const [live, liveItem, replies] = await Promise.all([repository.liveContent(app.db, service.id), loadService(app.db, service.slug), links.repliesThrough(app.db, found.link.id)]);
    return {
      found,
      service,
      expertName: found.link.expertName,
      departmentName: service.departmentShortName,
      expiresAt: iso(found.link.expiresAt),
      item: await previewItem(app.db, liveItem, content),
      changes: compareContents(live, content),
      replies: replies.map((reply) => ({ body: reply.body, createdAt: iso(reply.createdAt) })),
    };
  };
  const publicAnswer = ({ found: _found, service: _service, ...preview }: Awaited<ReturnType<typeof previewFor>>): ExpertPreview => preview;

  app.get(
    '/v1/especialista/:token',
    { schema: { tags: ['gestão'], summary: 'A prévia que um link de especialista abre (sem conta: o link é a credencial)', params: ExpertTokenParams, response: { 200: ExpertPreview, ...errors } } },
    async (request) => {
      // The link stands for someone: its answer is kept by no cache.
      markPersonal(request);
      return publicAnswer(await previewFor(request.params.token));
    },
  );

  app.post(
    '/v1/especialista/:token/resposta',
    {
      schema: { tags: ['gestão'], summary: 'A resposta do especialista: entra na conversa da alteração', params: ExpertTokenParams, body: ExpertReplyRequest, response: { 200: ExpertPreview, ...errors } },
    },
    async (request) => {
      markPersonal(request);
      const preview = await previewFor(request.params.token);
      const { link, version } = preview.found;
      // Counted and written under the link's row lock: of replies sent at once, no more than MAX_REPLIES get in.
      const reply = await app.db.transaction(async (tx) => {
        if ((await links.lockedReplies(tx, link.id)) >= MAX_REPLIES) throw tooManyRequests('Este link já recebeu muitas respostas. Escreva diretamente a quem o enviou.');
        return repository.addComment(tx, { versionId: version.id, kind: 'especialista', authorSub: null, authorName: link.expertName, body: request.body.body, expertLinkId: link.id });
      });
      await repository.audit(app.db, {
        actorSub: `especialista:${link.id}`,
        actorName: link.expertName,
        address: request.ip,
        action: 'resposta_especialista',
        serviceId: preview.service.id,
        versionId: version.id,
        departmentId: preview.service.departmentId,
      });
      await notices.expertReplied(version, link);
      // the page as it was opened, with this reply under the others (built once)
      return publicAnswer({ ...preview, replies: [...preview.replies, { body: reply.body, createdAt: iso(reply.createdAt) }] });
    },
  );
};
