import {
  ErrorResponse,
  GestaoCompareParams,
  GestaoDashboard,
  GestaoService,
  GestaoServiceList,
  GestaoServiceParams,
  GestaoVersionParams,
  ImportResult,
  ServiceContent,
  ServiceExport,
  ServicePreview,
  VersionComparison,
  VersionHistory,
  type VersionState,
} from '@portal/contracts';
import { todayInPiaui } from '@portal/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { iso } from '../../lib/rows.ts';
import { transition } from '../../lib/workflow.ts';
import { loadService } from '../catalog/catalog.service.ts';
import { compareContents, factLabel } from './compare.ts';
import { ALREADY_OPEN, contentOf, factsOf, summary, type GestaoContext } from './gestao.context.ts';
import * as repository from './gestao.repository.ts';
import { previewItem } from './preview.ts';
import { REVIEW_WARNING_DAYS } from './publisher.ts';
import { canEdit, departmentsOf } from './roles.ts';
import { VERSION_TABLE, versions, WAS_PUBLISHED } from './versions.workflow.ts';

/**
 * The department's services and their versions (issue 15): the start page's work, the list, a service with its
 * change under way, the preview, the draft, history and comparison, restoring, export and import. Moving a
 * change through review is review.routes.ts.
 */
export const versionsRoutes: FastifyPluginAsyncZod<{ g: GestaoContext }> = async (app, { g }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['gestão'];
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };

  app.get(
    '/v1/gestao/painel',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'O que pede atenção: revisões vencidas ou próximas, publicações de urgência a confirmar', response: { 200: GestaoDashboard, ...errors } } },
    async (request) => {
      const staff = g.staffFor(request);
      const scope = departmentsOf(staff);
      const today = todayInPiaui();
      const item = (row: repository.ServiceRef, date: string) => ({
        id: row.id,
        slug: row.slug,
        title: row.title,
        department: { id: row.departmentId, slug: row.departmentSlug, shortName: row.departmentShortName },
        date,
        detail: '',
      });
      const due = await repository.reviewsDue(app.db, scope, today, REVIEW_WARNING_DAYS);
      // The work waiting for this person first: reviews they may make, changes returned to them.
      const open = await repository.openWork(app.db, scope);
      const mine = (row: (typeof open)[number]) => [row.version.createdBy, row.version.submittedBy].includes(staff.sub);
      return {
        awaitingReview: open.filter((row) => versions.can('aprovar', staff, factsOf(row.version, row))).map((row) => ({ ...item(row, iso(row.version.submittedAt ?? row.version.updatedAt)), detail: row.version.changeNote })),
        returnedToYou: open
          .filter((row) => row.version.state === versions.transitions.devolver.to && mine(row))
          .map((row) => ({ ...item(row, iso(row.version.reviewedAt ?? row.version.updatedAt)), detail: row.version.reviewComment })),
        overdue: due.filter((row) => row.reviewBy < today).map((row) => item(row, row.reviewBy)),
        dueSoon: due.filter((row) => row.reviewBy >= today).map((row) => item(row, row.reviewBy)),
        emergencies: (await repository.pendingEmergencies(app.db, scope)).map((row) => item(row, iso(row.publishedAt!))),
        expiringFacts: (await repository.expiringFacts(app.db, scope, today, REVIEW_WARNING_DAYS)).map((row) => ({
          ...item(row, row.validUntil!),
          detail: `${factLabel(row.fact)}: ${row.source}`,
        })),
      };
    },
  );

  app.get(
    '/v1/gestao/servicos',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Serviços que quem chama pode editar ou revisar', response: { 200: GestaoServiceList, ...errors } } },
    async (request) => {
      const staff = g.staffFor(request);
      const services = await repository.listServices(app.db, departmentsOf(staff));
      const open = new Map((await repository.openVersions(app.db, services.map((s) => s.id))).map((v) => [v.serviceId, v]));
      return {
        services: services.map((s) => {
          const version = open.get(s.id);
          return {
            id: s.id,
            slug: s.slug,
            title: s.title,
            department: { id: s.departmentId, slug: s.departmentSlug, shortName: s.departmentShortName },
            open: version ? { id: version.id, state: version.state as VersionState, updatedAt: iso(version.updatedAt), publishAt: version.publishAt ? iso(version.publishAt) : null } : null,
            draftable: version ? versions.can('salvar', staff, factsOf(version, s)) : canEdit(staff, s.departmentSlug),
          };
        }),
      };
    },
  );

  app.get(
    '/v1/gestao/servicos/:id',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Um serviço: o conteúdo publicado e a alteração em andamento', params: GestaoServiceParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await g.serviceFor(request, request.params.id);
      return g.answer(staff, service);
    },
  );

  app.get(
    '/v1/gestao/servicos/:id/previa',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Prévia: a alteração em andamento como os cidadãos a verão, com as verificações', params: GestaoServiceParams, response: { 200: ServicePreview, ...errors } } },
    async (request) => {
      const { service } = await g.serviceFor(request, request.params.id);
      const [live, open] = await Promise.all([repository.liveContent(app.db, service.id), repository.openVersion(app.db, service.id)]);
      const content = open ? contentOf(open) : live;
      const item = await previewItem(app.db, await loadService(app.db, service.slug), content);
      return { item, version: open ? { id: open.id, state: open.state } : null, checks: await g.allChecks(service.id, content, live) };
    },
  );

  app.put(
    '/v1/gestao/servicos/:id/rascunho',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Salvar o rascunho de uma alteração (cria um, se não houver)', params: GestaoServiceParams, body: ServiceContent, response: { 200: GestaoService, ...errors } },
    },
    async (request) => {
      const { staff, service } = await g.serviceFor(request, request.params.id);
      g.requireEdit(staff, service);
      const { content, problems } = await g.storable(service, request.body);
      if (problems) throw badRequest(`O rascunho não foi salvo. ${problems}`);
      const open = await repository.openVersion(app.db, service.id);
      if (open) versions.check('salvar', staff, factsOf(open, service));
      const version = open ? await g.saveDraft(open, staff, content) : await g.newDraft(staff, service, content);
      await repository.audit(app.db, { ...g.actor(request, staff), action: open ? 'rascunho_salvo' : 'rascunho_criado', serviceId: service.id, versionId: version.id, departmentId: service.departmentId });
      return g.answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/descartar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Descartar o rascunho (o conteúdo publicado continua)', params: GestaoServiceParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await g.serviceFor(request, request.params.id);
      const open = await repository.openVersion(app.db, service.id);
      if (!open) throw conflict(versions.transitions.descartar.gone);
      versions.check('descartar', staff, factsOf(open, service));
      await transition(app.db, versions, VERSION_TABLE, open.id, 'descartar', { updatedBy: staff.sub, updatedAt: new Date() });
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'descartado', serviceId: service.id, versionId: open.id, departmentId: service.departmentId });
      return g.answer(staff, service);
    },
  );

  app.get(
    '/v1/gestao/servicos/:id/versoes',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Histórico: cada versão, quem e quando', params: GestaoServiceParams, response: { 200: VersionHistory, ...errors } } },
    async (request) => {
      const { service } = await g.serviceFor(request, request.params.id);
      await repository.publishedVersion(app.db, service);
      return { versions: (await repository.history(app.db, service.id)).map(summary) };
    },
  );

  app.get(
    '/v1/gestao/servicos/:id/versoes/:from/comparacao/:to',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Comparar duas versões, campo a campo', params: GestaoCompareParams, response: { 200: VersionComparison, ...errors } } },
    async (request) => {
      const { service } = await g.serviceFor(request, request.params.id);
      const [from, to] = await Promise.all([repository.findVersion(app.db, service.id, request.params.from), repository.findVersion(app.db, service.id, request.params.to)]);
      if (!from || !to) throw notFound('Versão não encontrada neste serviço.');
      return { from: from.id, to: to.id, changes: compareContents(contentOf(from), contentOf(to)) };
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/versoes/:version/restaurar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Restaurar uma versão antiga como novo rascunho', params: GestaoVersionParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await g.serviceFor(request, request.params.id);
      g.requireEdit(staff, service);
      const old = await repository.findVersion(app.db, service.id, request.params.version);
      if (!old || !WAS_PUBLISHED.includes(old.state)) throw notFound('Só uma versão que foi publicada pode ser restaurada.');
      if (await repository.openVersion(app.db, service.id)) throw conflict(ALREADY_OPEN);
      const version = await g.newDraft(staff, service, old.content);
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'versao_restaurada', serviceId: service.id, versionId: version.id, departmentId: service.departmentId, detail: { from: old.id } });
      return g.answer(staff, service);
    },
  );

  app.get(
    '/v1/gestao/exportacao',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Exportar o conteúdo publicado dos serviços de quem chama (JSON)', response: { 200: ServiceExport, ...errors } } },
    async (request) => {
      const staff = g.staffFor(request);
      const list = await repository.listServices(app.db, departmentsOf(staff));
      const services = [];
      for (const service of list) services.push({ slug: service.slug, content: await repository.liveContent(app.db, service.id) });
      return { services };
    },
  );

  app.post(
    '/v1/gestao/importacao',
    {
      preHandler: app.requireUser,
      bodyLimit: 16 * 1024 * 1024,
      schema: { tags, security, summary: 'Importar conteúdo de serviços (JSON): cada um vira um rascunho, que segue para revisão', body: ServiceExport, response: { 200: ImportResult, ...errors } },
    },
    async (request) => {
      const staff = g.staffFor(request);
      const found = new Map((await repository.findServicesBySlugs(app.db, request.body.services.map((s) => s.slug))).map((s) => [s.slug, s]));
      const results = [];
      for (const { slug, content: sent } of request.body.services) {
        const service = found.get(slug);
        const refuse = (message: string) => results.push({ slug, ok: false, message });
        if (!service) {
          refuse('Serviço não encontrado.');
          continue;
        }
        if (!canEdit(staff, service.departmentSlug)) {
          refuse('Você não tem permissão para os serviços deste órgão.');
          continue;
        }
        const { content, problems } = await g.storable(service, sent);
        if (problems) {
          refuse(problems);
          continue;
        }
        if (await repository.openVersion(app.db, service.id)) {
          refuse(ALREADY_OPEN);
          continue;
        }
        const version = await g.newDraft(staff, service, content);
        await repository.audit(app.db, { ...g.actor(request, staff), action: 'rascunho_importado', serviceId: service.id, versionId: version.id, departmentId: service.departmentId });
        results.push({ slug, ok: true, message: 'Rascunho criado: envie-o para revisão.' });
      }
      return { results };
    },
  );
};
