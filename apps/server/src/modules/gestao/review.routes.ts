import {
  ApproveRequest,
  CommentRequest,
  EmergencyRequest,
  ErrorResponse,
  GestaoService,
  GestaoServiceParams,
  RetireRequest,
  ReturnRequest,
  SubmitRequest,
} from '@portal/contracts';
import { todayInPiaui } from '@portal/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, conflict, forbidden } from '../../lib/http-error.ts';
import { iso } from '../../lib/rows.ts';
import { transition } from '../../lib/workflow.ts';
import { contentOf, factsOf, type GestaoContext } from './gestao.context.ts';
import * as repository from './gestao.repository.ts';
import type { EditorialNotices } from './notices.ts';
import { canReview } from './roles.ts';
import { VERSION_TABLE, versions } from './versions.workflow.ts';

/**
 * Moving a change through review (issues 15, 26), each step a transition of the versions' workflow
 * (versions.workflow.ts), applied with a conditional update: of two people acting on one change at once, one
 * acts and the other is told what happened. And what a reviewer does to a service as a whole: confirm its review
 * date, withdraw it, put it back, confirm an emergency publication.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ g: GestaoContext; notices: EditorialNotices }> = async (app, { g, notices }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['gestão'];
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };
  const route = { preHandler: app.requireUser };

  /** The service's open version, which `action` must be possible on for this member of staff (403: who, 409: when). */
  const openFor = async (request: Parameters<GestaoContext['serviceFor']>[0], id: number, action: Parameters<typeof versions.check>[0]) => {
    const { staff, service } = await g.serviceFor(request, id);
    const open = await repository.openVersion(app.db, service.id);
    if (!open) {
      // Who first (an editor is told they may not approve), then that there is nothing to act on.
      const refusal = versions.transitions[action].may(staff, { departmentSlug: service.departmentSlug, createdBy: '', updatedBy: '', submittedBy: null });
      if (refusal !== true) throw forbidden(refusal);
      throw conflict(versions.transitions[action].gone);
    }
    versions.check(action, staff, factsOf(open, service));
    return { staff, service, open };
  };

  app.post(
    '/v1/gestao/servicos/:id/enviar',
    { ...route, schema: { tags, security, summary: 'Enviar o rascunho para revisão', params: GestaoServiceParams, body: SubmitRequest, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service, open } = await openFor(request, request.params.id, 'enviar');
      await g.refuseBlocked(service, contentOf(open), 'Não foi possível enviar para revisão');
      const now = new Date();
      const sent = await transition(app.db, versions, VERSION_TABLE, open.id, 'enviar', { changeNote: request.body.changeNote, submittedBy: staff.sub, submittedAt: now, updatedAt: now });
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'enviado_para_revisao', serviceId: service.id, versionId: open.id, departmentId: service.departmentId, detail: { changeNote: request.body.changeNote } });
      await notices.sentForReview(sent, service.departmentSlug, staff.sub);
      return g.answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/retirar-da-revisao',
    { ...route, schema: { tags, security, summary: 'Retirar a alteração da revisão para continuar editando', params: GestaoServiceParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service, open } = await openFor(request, request.params.id, 'retirar_da_revisao');
      await transition(app.db, versions, VERSION_TABLE, open.id, 'retirar_da_revisao', { updatedBy: staff.sub, updatedAt: new Date() });
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'retirado_da_revisao', serviceId: service.id, versionId: open.id, departmentId: service.departmentId });
      return g.answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/devolver',
    { ...route, schema: { tags, security, summary: 'Devolver a alteração a quem a escreveu, com comentários', params: GestaoServiceParams, body: ReturnRequest, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service, open } = await openFor(request, request.params.id, 'devolver');
      const now = new Date();
      const comment = request.body.comment;
      const returned = await app.db.transaction(async (tx) => {
        const row = await transition(tx, versions, VERSION_TABLE, open.id, 'devolver', {
          reviewComment: comment,
          reviewedBy: staff.sub,
          reviewedByName: staff.name,
          reviewedAt: now,
          // what the reviewer read: the next round shows what changed since
          returnedContent: open.content,
        });
        await repository.addComment(tx, { versionId: open.id, kind: 'devolucao', authorSub: staff.sub, authorName: staff.name, body: comment, createdAt: now });
        return row;
      });
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'devolvido', serviceId: service.id, versionId: open.id, departmentId: service.departmentId, detail: { comment } });
      await notices.returned(returned, comment, staff.sub);
      return g.answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/comentar',
    { ...route, schema: { tags, security, summary: 'Comentar a alteração em andamento (a conversa fica com ela)', params: GestaoServiceParams, body: CommentRequest, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await g.serviceFor(request, request.params.id);
      const open = await repository.openVersion(app.db, service.id);
      if (!open) throw conflict('Não há alteração em andamento neste serviço para comentar.');
      await repository.addComment(app.db, { versionId: open.id, kind: 'comentario', authorSub: staff.sub, authorName: staff.name, body: request.body.body });
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'comentario', serviceId: service.id, versionId: open.id, departmentId: service.departmentId });
      return g.answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/aprovar',
    { ...route, schema: { tags, security, summary: 'Aprovar a alteração: publica agora ou na data marcada', params: GestaoServiceParams, body: ApproveRequest, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service, open } = await openFor(request, request.params.id, 'aprovar');
      await g.refuseBlocked(service, contentOf(open), 'Não foi possível aprovar');
      const now = new Date();
      const asked = request.body.publishAt ? new Date(request.body.publishAt) : now;
      const publishAt = asked > now ? asked : now;
      // Approved and, when its time is later, its publication asked of the queue: both or neither.
      const approved = await app.db.transaction(async (tx) => {
        const row = await transition(tx, versions, VERSION_TABLE, open.id, 'aprovar', { reviewedBy: staff.sub, reviewedByName: staff.name, reviewedAt: now, publishAt });
        if (publishAt > now) await app.jobs.send('publicar-versao', { versionId: open.id }, { startAfter: publishAt, db: tx });
        return row;
      });
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'aprovado', serviceId: service.id, versionId: open.id, departmentId: service.departmentId, detail: { publishAt: iso(publishAt) } });
      await notices.approved(approved, staff.sub);
      if (publishAt <= now) await app.editorial.publish(open.id, now, staff, g.actor(request, staff));
      return g.answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/cancelar-agendamento',
    { ...route, schema: { tags, security, summary: 'Cancelar a publicação agendada: a alteração volta a aguardar revisão', params: GestaoServiceParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service, open } = await openFor(request, request.params.id, 'cancelar_agendamento');
      await transition(app.db, versions, VERSION_TABLE, open.id, 'cancelar_agendamento', { publishAt: null, updatedAt: new Date() });
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'agendamento_cancelado', serviceId: service.id, versionId: open.id, departmentId: service.departmentId });
      return g.answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/publicar-urgente',
    { ...route, schema: { tags, security, summary: 'Publicar já, sem revisão (equipe central, em urgência); um revisor confirma depois', params: GestaoServiceParams, body: EmergencyRequest, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service, open } = await openFor(request, request.params.id, 'publicar_urgente');
      await g.refuseBlocked(service, contentOf(open), 'Não foi possível publicar');
      const now = new Date();
      // Published by the emergency's own transition, recorded as sent by its author for now; a reviewer confirms later.
      await app.editorial.publish(open.id, now, staff, g.actor(request, staff), {
        action: 'publicar_urgente',
        set: { changeNote: request.body.changeNote, submittedBy: open.submittedBy ?? staff.sub, submittedAt: open.submittedAt ?? now, emergency: true, publishAt: now },
      });
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'publicacao_urgente', serviceId: service.id, versionId: open.id, departmentId: service.departmentId, detail: { changeNote: request.body.changeNote } });
      return g.answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/confirmar-urgencia',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Revisar, depois, uma publicação de urgência', params: GestaoServiceParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await g.serviceFor(request, request.params.id);
      if (!canReview(staff, service.departmentSlug)) throw forbidden('Você pode editar, mas não revisar, os serviços deste órgão.');
      const [pending] = (await repository.pendingEmergencies(app.db, [service.departmentSlug])).filter((e) => e.id === service.id);
      if (!pending) throw conflict('Não há publicação de urgência a confirmar neste serviço.');
      const version = await repository.findVersion(app.db, service.id, pending.versionId);
      // Confirming an emergency is a review: the same rule of who may make it, as if it still waited for one.
      const refusal = version ? versions.transitions.aprovar.may(staff, factsOf(version, service)) : true;
      if (refusal !== true) throw forbidden(refusal);
      await repository.updateVersion(app.db, pending.versionId, { emergencyReviewedBy: staff.sub, reviewedBy: staff.sub, reviewedByName: staff.name, reviewedAt: new Date() });
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'urgencia_confirmada', serviceId: service.id, versionId: pending.versionId, departmentId: service.departmentId });
      return g.answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/revisado',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Confirmar que o conteúdo publicado continua correto (próxima revisão em 12 meses)', params: GestaoServiceParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await g.serviceFor(request, request.params.id);
      const today = todayInPiaui();
      await repository.setReviewBy(app.db, service.id, today);
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'revisao_confirmada', serviceId: service.id, departmentId: service.departmentId });
      return g.answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/retirar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Retirar o serviço do ar, com o motivo e o serviço que o substitui', params: GestaoServiceParams, body: RetireRequest, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await g.serviceFor(request, request.params.id);
      if (!canReview(staff, service.departmentSlug)) throw forbidden('Retirar um serviço do ar cabe a quem revisa os serviços deste órgão.');
      const { reason, replacedBy } = request.body;
      let replacement: number | null = null;
      if (replacedBy) {
        const found = await repository.findServiceBySlug(app.db, replacedBy);
        if (!found || !found.active || found.id === service.id) throw badRequest('O serviço substituto não existe ou não está no ar.');
        replacement = found.id;
      }
      await repository.setActive(app.db, service.id, false, reason, replacement);
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'retirado_do_ar', serviceId: service.id, departmentId: service.departmentId, detail: { reason, replacedBy: replacedBy || null } });
      await app.publicCache.invalidate();
      return g.answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/republicar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Pôr de volta no ar um serviço retirado', params: GestaoServiceParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await g.serviceFor(request, request.params.id);
      if (!canReview(staff, service.departmentSlug)) throw forbidden('Pôr um serviço de volta no ar cabe a quem revisa os serviços deste órgão.');
      await repository.setActive(app.db, service.id, true);
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'de_volta_ao_ar', serviceId: service.id, departmentId: service.departmentId });
      await app.publicCache.invalidate();
      return g.answer(staff, service);
    },
  );
};
