import {
  ApproveRequest,
  BrokenLinks,
  CatalogFeed,
  CatalogSlugParams,
  DepartmentPageContent,
  EmergencyRequest,
  FEEDBACK_STATES,
  FeedbackInbox,
  FeedbackParams,
  FeedbackUpdate,
  GestaoDashboard,
  GestaoDepartmentPage,
  GestaoDepartmentParams,
  ImportResult,
  UnitProposalParams,
  UnitProposalRefusal,
  UnitProposalRequest,
  PopularNameRequest,
  SearchMisses,
  ServicePreview,
  ServiceSearchDemand,
  TestQueryRequest,
  type CheckIssue,
  ErrorResponse,
  GestaoCompareParams,
  GestaoService,
  GestaoServiceList,
  GestaoServiceParams,
  GestaoUnitParams,
  GestaoVersionParams,
  RetireRequest,
  ReturnRequest,
  ServiceContent,
  ServiceChangeLog,
  ServiceExport,
  SubmitRequest,
  UnitContent,
  VersionComparison,
  VersionHistory,
  type FieldChange,
  type VersionDetail,
  type VersionState,
  type VersionSummary,
} from '@portal/contracts';
import { htmlToText, todayInPiaui } from '@portal/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/http-error.ts';
import { iso } from '../../lib/rows.ts';
import { publicOrigin } from '../../plugins/config.ts';
import { brDate } from '../identity/claims.ts';
import { checkContent, saveProblems } from './checks.ts';
import { compareContents, factLabel, keyFactChanges, unitChanges } from './compare.ts';
import { centralRoutes } from './central.routes.ts';
import { previewItem } from './preview.ts';
import { loadService } from '../catalog/catalog.service.ts';
import { brokenLinks, checkLinks } from './link-checker.ts';
import * as repository from './gestao.repository.ts';
import * as demand from '../search/search.demand.ts';
import { buildTextQuery, cachedDictionary, search } from '../search/search.service.ts';
import { canEdit, canRead, canReview, departmentsOf, notYours, staffOf, type Staff } from './roles.ts';

declare module 'fastify' {
  interface FastifyInstance {
    editorial: {
      /** Makes an approved version what citizens read, now; every instance's public copies are invalidated. */
      publish(version: repository.VersionRow, at: Date, by: Omit<repository.AuditValues, 'action'>): Promise<void>;
      /** Publishes the approved versions due by `now` (the schedule runs it every PUBLISH_CHECK_SECONDS); how many went live. */
      publishDue(now?: Date): Promise<number>;
      /** Tells each department's editors, once, of the services whose review date is near or past; how many services. */
      remindReviews(now?: Date): Promise<number>;
      /** Visits every http(s) link of the services on line (LINK_CHECK_HOURS schedules it). */
      checkLinks(): Promise<{ checked: number; broken: number }>;
    };
  }
}

const summary = (row: repository.VersionRow): VersionSummary => ({
  id: row.id,
  state: row.state as VersionState,
  changeNote: row.changeNote,
  reviewComment: row.reviewComment,
  createdByName: row.createdByName,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  submittedAt: row.submittedAt ? iso(row.submittedAt) : null,
  reviewedByName: row.reviewedByName,
  reviewedAt: row.reviewedAt ? iso(row.reviewedAt) : null,
  publishAt: row.publishAt ? iso(row.publishAt) : null,
  publishedAt: row.publishedAt ? iso(row.publishedAt) : null,
});

/** A version's content; versions written before sources existed have none. */
const contentOf = (row: repository.VersionRow): ServiceContent => {
  const content = row.content as unknown as ServiceContent;
  return { ...content, sources: content.sources ?? [] };
};

/** Whether `staff` had a hand in the version: wrote it, last changed it or sent it. Nobody reviews their own. */
/** How often each instance looks for reviews and legal bases coming due. */
const REMIND_EVERY_MS = 3_600_000;

const ALREADY_OPEN = 'Já há uma alteração em andamento neste serviço: conclua-a ou descarte-a antes.';

/** Editors are reminded this many days before a service's review date; the dashboard lists those too. */
const REVIEW_WARNING_DAYS = 30;

const ownWork = (staff: Staff, version: repository.VersionRow) => [version.createdBy, version.updatedBy, version.submittedBy].includes(staff.sub);

const gestaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['gestão'];
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };

  /** The caller's staff roles and the service, or why not (401 without a token, 403 for another department's). */
  /** The caller as staff (403 otherwise), remembered with their roles at most every ten minutes per process. */
  const seen = new Map<string, number>();
  const staffFor = (request: FastifyRequest) => {
    const staff = staffOf(request.user);
    if ((seen.get(staff.sub) ?? 0) < Date.now() - 600_000) {
      seen.set(staff.sub, Date.now());
      void repository.seeStaff(app.db, staff.sub, staff.name, request.user!.roles).catch((err) => request.log.warn({ err }, 'back office: staff not recorded'));
    }
    return staff;
  };
  const serviceFor = async (request: FastifyRequest, id: number) => {
    const staff = staffFor(request);
    const service = await repository.findService(app.db, id);
    if (!service) throw notFound('Serviço não encontrado.');
    if (!canRead(staff, service.departmentSlug)) throw notYours();
    return { staff, service };
  };
  const actor = (request: FastifyRequest, staff: Staff) => ({ actorSub: staff.sub, actorName: staff.name, address: request.ip });
  const requireEdit = (staff: Staff, service: repository.ServiceRef) => {
    if (!canEdit(staff, service.departmentSlug)) throw forbidden('Você pode revisar, mas não editar, os serviços deste órgão.');
  };

  /**
   * Content as it is stored: rich text sanitised, and what no save may store refused (links checked as sent,
   * so one the sanitiser would drop is refused rather than silently lost; units of another department).
   */
  const storable = async (service: repository.ServiceRef, sent: ServiceContent) => {
    const problems = saveProblems(sent);
    const content = repository.sanitizeContent(sent);
    const foreign = await repository.foreignUnits(app.db, service.departmentId, content.units);
    if (foreign.length) problems.push({ field: 'units', message: `Unidade que não é do ${service.departmentShortName}: ${foreign.join(', ')}.` });
    if (!(await repository.serviceCategories(app.db)).some((category) => category.slug === content.category)) {
      problems.push({ field: 'category', message: `Categoria desconhecida: "${content.category.slice(0, 80)}".` });
    }
    return { content, problems: problems.map((p) => p.message).join(' ') };
  };

  /** A new draft of the service, from the published version. */
  const newDraft = async (staff: Staff, service: repository.ServiceRef, content: ServiceContent | Record<string, unknown>) =>
    repository.insertVersion(app.db, {
      serviceId: service.id,
      departmentId: service.departmentId,
      state: 'rascunho',
      content: content as Record<string, unknown>,
      baseVersionId: (await repository.publishedVersion(app.db, service)).id,
      createdBy: staff.sub,
      createdByName: staff.name,
      updatedBy: staff.sub,
    });

  /**
   * The service's test searches a draft would stop answering (or that already miss it): warnings, since a
   * search's words are the editors' call, with the popular names or keywords as the way to fix them.
   */
  const searchChecks = async (serviceId: number, content: ServiceContent): Promise<CheckIssue[]> => {
    const tests = await demand.testQueries(app.db, serviceId);
    if (!tests.length) return [];
    const dictionary = cachedDictionary(app.db);
    const texts = await Promise.all(tests.map((test) => buildTextQuery(app.db, test.query, dictionary)));
    const asked = tests.flatMap((test, i) => (texts[i]?.all ? [{ query: test.query, tsquery: texts[i].all }] : []));
    const found = await demand.matches(app.db, serviceId, content, asked.map((a) => a.tsquery));
    return asked.flatMap(({ query }, i) => {
      const { live, draft } = found[i]!;
      if (draft) return [];
      const message = live
        ? `Com esta alteração, a busca de teste "${query}" deixa de encontrar este serviço: mantenha as palavras dela no título, nos nomes populares ou nas palavras-chave.`
        : `A busca de teste "${query}" não encontra este serviço: acrescente-a aos nomes populares ou às palavras-chave.`;
      return [{ field: 'popularNames', message }];
    });
  };

  /** Every check of a content, the service's test searches included (what the form, the preview and the reviewer read). */
  const allChecks = async (serviceId: number, content: ServiceContent, live: ServiceContent) => {
    const checks = checkContent(content, live);
    checks.warnings.push(...(await searchChecks(serviceId, content)));
    return checks;
  };

  const detail = async (row: repository.VersionRow, live: ServiceContent, serviceId: number): Promise<VersionDetail> => ({
    ...summary(row),
    content: contentOf(row),
    checks: await allChecks(serviceId, contentOf(row), live),
  });

  const answer = async (staff: Staff, service: repository.ServiceRef): Promise<GestaoService> => {
    const live = await repository.liveContent(app.db, service.id);
    const open = await repository.openVersion(app.db, service.id);
    return {
      id: service.id,
      slug: service.slug,
      department: { id: service.departmentId, slug: service.departmentSlug, shortName: service.departmentShortName },
      live,
      open: open ? await detail(open, live, service.id) : null,
      units: await repository.departmentUnits(app.db, service.departmentId),
      categories: await repository.serviceCategories(app.db),
      status: await repository.serviceState(app.db, service.id),
      emergencyPending: (await repository.pendingEmergencies(app.db, [service.departmentSlug])).find((e) => e.id === service.id)?.versionId ?? null,
      can: { edit: canEdit(staff, service.departmentSlug), review: canReview(staff, service.departmentSlug), admin: staff.admin },
    };
  };

  /** Blocking checks as one Portuguese message (the form lists each of them beside its field, from the checks it reads). */
  const refuseBlocked = async (service: repository.ServiceRef, content: ServiceContent, what: string) => {
    const { blocking } = checkContent(content, await repository.liveContent(app.db, service.id));
    if (blocking.length) throw unprocessable(`${what}: ${blocking.map((issue) => issue.message).join(' ')}`);
  };


  app.get(
    '/v1/gestao/servicos',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Serviços que quem chama pode editar ou revisar', response: { 200: GestaoServiceList, ...errors } } },
    async (request) => {
      const staff = staffFor(request);
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
          };
        }),
      };
    },
  );

  app.get(
    '/v1/gestao/servicos/:id',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Um serviço: o conteúdo publicado e a alteração em andamento', params: GestaoServiceParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await serviceFor(request, request.params.id);
      return answer(staff, service);
    },
  );

  app.get(
    '/v1/gestao/servicos/:id/previa',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Prévia: a alteração em andamento como os cidadãos a verão, com as verificações', params: GestaoServiceParams, response: { 200: ServicePreview, ...errors } } },
    async (request) => {
      const { service } = await serviceFor(request, request.params.id);
      const [live, open] = await Promise.all([repository.liveContent(app.db, service.id), repository.openVersion(app.db, service.id)]);
      const content = open ? contentOf(open) : live;
      const item = await previewItem(app.db, await loadService(app.db, service.slug), content);
      return { item, version: open ? { id: open.id, state: open.state } : null, checks: await allChecks(service.id, content, live) };
    },
  );

  app.put(
    '/v1/gestao/servicos/:id/rascunho',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Salvar o rascunho de uma alteração (cria um, se não houver)', params: GestaoServiceParams, body: ServiceContent, response: { 200: GestaoService, ...errors } },
    },
    async (request) => {
      const { staff, service } = await serviceFor(request, request.params.id);
      requireEdit(staff, service);
      const { content, problems } = await storable(service, request.body);
      if (problems) throw badRequest(`O rascunho não foi salvo. ${problems}`);
      const open = await repository.openVersion(app.db, service.id);
      if (open && (open.state === 'em_revisao' || open.state === 'aprovado')) {
        throw conflict('Esta alteração está com a revisão: aguarde que seja devolvida ou publicada para editar de novo.');
      }
      const version = open
        ? await repository.updateVersion(app.db, open.id, { content: content as unknown as Record<string, unknown>, updatedBy: staff.sub, updatedAt: new Date() })
        : await newDraft(staff, service, content);
      await repository.audit(app.db, { ...actor(request, staff), action: open ? 'rascunho_salvo' : 'rascunho_criado', serviceId: service.id, versionId: version.id, departmentId: service.departmentId });
      return answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/enviar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Enviar o rascunho para revisão', params: GestaoServiceParams, body: SubmitRequest, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await serviceFor(request, request.params.id);
      requireEdit(staff, service);
      const open = await repository.openVersion(app.db, service.id);
      if (!open || (open.state !== 'rascunho' && open.state !== 'devolvido')) throw conflict('Não há rascunho para enviar: salve uma alteração primeiro.');
      await refuseBlocked(service, contentOf(open), 'Não foi possível enviar para revisão');
      const now = new Date();
      const version = await repository.updateVersion(app.db, open.id, { state: 'em_revisao', changeNote: request.body.changeNote, submittedBy: staff.sub, submittedAt: now, updatedAt: now });
      await repository.audit(app.db, { ...actor(request, staff), action: 'enviado_para_revisao', serviceId: service.id, versionId: version.id, departmentId: service.departmentId, detail: { changeNote: request.body.changeNote } });
      return answer(staff, service);
    },
  );

  /** The version under review, for a reviewer who had no hand in it. */
  const underReview = async (request: FastifyRequest, id: number) => {
    const { staff, service } = await serviceFor(request, id);
    if (!canReview(staff, service.departmentSlug)) throw forbidden('Você pode editar, mas não revisar, os serviços deste órgão.');
    const open = await repository.openVersion(app.db, service.id);
    if (!open || open.state !== 'em_revisao') throw conflict('Não há alteração aguardando revisão neste serviço.');
    if (ownWork(staff, open)) throw forbidden('Você não pode revisar uma alteração que você mesmo escreveu ou enviou: peça a outra pessoa.');
    return { staff, service, open };
  };

  app.post(
    '/v1/gestao/servicos/:id/devolver',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Devolver a alteração a quem a escreveu, com comentários', params: GestaoServiceParams, body: ReturnRequest, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service, open } = await underReview(request, request.params.id);
      const now = new Date();
      await repository.updateVersion(app.db, open.id, { state: 'devolvido', reviewComment: request.body.comment, reviewedBy: staff.sub, reviewedByName: staff.name, reviewedAt: now });
      await repository.audit(app.db, { ...actor(request, staff), action: 'devolvido', serviceId: service.id, versionId: open.id, departmentId: service.departmentId, detail: { comment: request.body.comment } });
      return answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/aprovar',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Aprovar a alteração: publica agora ou na data marcada', params: GestaoServiceParams, body: ApproveRequest, response: { 200: GestaoService, ...errors } },
    },
    async (request) => {
      const { staff, service, open } = await underReview(request, request.params.id);
      await refuseBlocked(service, contentOf(open), 'Não foi possível aprovar');
      const now = new Date();
      const publishAt = request.body.publishAt ? new Date(request.body.publishAt) : now;
      const approved = await repository.updateVersion(app.db, open.id, {
        state: 'aprovado',
        reviewedBy: staff.sub,
        reviewedByName: staff.name,
        reviewedAt: now,
        publishAt: publishAt > now ? publishAt : now,
      });
      await repository.audit(app.db, { ...actor(request, staff), action: 'aprovado', serviceId: service.id, versionId: open.id, departmentId: service.departmentId, detail: { publishAt: iso(approved.publishAt!) } });
      if (publishAt <= now) {
        await app.editorial.publish(approved, now, actor(request, staff));
      }
      return answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/descartar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Descartar o rascunho (o conteúdo publicado continua)', params: GestaoServiceParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await serviceFor(request, request.params.id);
      requireEdit(staff, service);
      const open = await repository.openVersion(app.db, service.id);
      if (!open || (open.state !== 'rascunho' && open.state !== 'devolvido')) throw conflict('Não há rascunho para descartar.');
      await repository.updateVersion(app.db, open.id, { state: 'descartado', updatedBy: staff.sub, updatedAt: new Date() });
      await repository.audit(app.db, { ...actor(request, staff), action: 'descartado', serviceId: service.id, versionId: open.id, departmentId: service.departmentId });
      return answer(staff, service);
    },
  );

  app.get(
    '/v1/gestao/servicos/:id/versoes',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Histórico: cada versão, quem e quando', params: GestaoServiceParams, response: { 200: VersionHistory, ...errors } } },
    async (request) => {
      const { service } = await serviceFor(request, request.params.id);
      await repository.publishedVersion(app.db, service);
      return { versions: (await repository.history(app.db, service.id)).map(summary) };
    },
  );

  app.get(
    '/v1/gestao/servicos/:id/versoes/:from/comparacao/:to',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Comparar duas versões, campo a campo', params: GestaoCompareParams, response: { 200: VersionComparison, ...errors } } },
    async (request) => {
      const { service } = await serviceFor(request, request.params.id);
      const [from, to] = await Promise.all([repository.findVersion(app.db, service.id, request.params.from), repository.findVersion(app.db, service.id, request.params.to)]);
      if (!from || !to) throw notFound('Versão não encontrada neste serviço.');
      return { from: from.id, to: to.id, changes: compareContents(contentOf(from), contentOf(to)) };
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/versoes/:version/restaurar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Restaurar uma versão antiga como novo rascunho', params: GestaoVersionParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await serviceFor(request, request.params.id);
      requireEdit(staff, service);
      const old = await repository.findVersion(app.db, service.id, request.params.version);
      if (!old || (old.state !== 'publicado' && old.state !== 'substituido')) throw notFound('Só uma versão que foi publicada pode ser restaurada.');
      if (await repository.openVersion(app.db, service.id)) throw conflict(ALREADY_OPEN);
      const version = await newDraft(staff, service, old.content);
      await repository.audit(app.db, { ...actor(request, staff), action: 'versao_restaurada', serviceId: service.id, versionId: version.id, departmentId: service.departmentId, detail: { from: old.id } });
      return answer(staff, service);
    },
  );

  app.get(
    '/v1/gestao/painel',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'O que pede atenção: revisões vencidas ou próximas, publicações de urgência a confirmar', response: { 200: GestaoDashboard, ...errors } } },
    async (request) => {
      const staff = staffFor(request);
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
      return {
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

  app.post(
    '/v1/gestao/servicos/:id/revisado',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Confirmar que o conteúdo publicado continua correto (próxima revisão em 12 meses)', params: GestaoServiceParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await serviceFor(request, request.params.id);
      const today = todayInPiaui();
      await repository.setReviewBy(app.db, service.id, today);
      await repository.audit(app.db, { ...actor(request, staff), action: 'revisao_confirmada', serviceId: service.id, departmentId: service.departmentId });
      return answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/retirar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Retirar o serviço do ar, com o motivo e o serviço que o substitui', params: GestaoServiceParams, body: RetireRequest, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await serviceFor(request, request.params.id);
      if (!canReview(staff, service.departmentSlug)) throw forbidden('Retirar um serviço do ar cabe a quem revisa os serviços deste órgão.');
      const { reason, replacedBy } = request.body;
      let replacement: number | null = null;
      if (replacedBy) {
        const found = await repository.findServiceBySlug(app.db, replacedBy);
        if (!found || !found.active || found.id === service.id) throw badRequest('O serviço substituto não existe ou não está no ar.');
        replacement = found.id;
      }
      await repository.setActive(app.db, service.id, false, reason, replacement);
      await repository.audit(app.db, { ...actor(request, staff), action: 'retirado_do_ar', serviceId: service.id, departmentId: service.departmentId, detail: { reason, replacedBy: replacedBy || null } });
      await app.publicCache.invalidate();
      return answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/republicar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Pôr de volta no ar um serviço retirado', params: GestaoServiceParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await serviceFor(request, request.params.id);
      if (!canReview(staff, service.departmentSlug)) throw forbidden('Pôr um serviço de volta no ar cabe a quem revisa os serviços deste órgão.');
      await repository.setActive(app.db, service.id, true);
      await repository.audit(app.db, { ...actor(request, staff), action: 'de_volta_ao_ar', serviceId: service.id, departmentId: service.departmentId });
      await app.publicCache.invalidate();
      return answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/publicar-urgente',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Publicar já, sem revisão (equipe central, em urgência); um revisor confirma depois', params: GestaoServiceParams, body: EmergencyRequest, response: { 200: GestaoService, ...errors } },
    },
    async (request) => {
      const { staff, service } = await serviceFor(request, request.params.id);
      if (!staff.admin) throw forbidden('Publicar sem revisão é só para a equipe central, em urgência.');
      const open = await repository.openVersion(app.db, service.id);
      if (!open || open.state === 'aprovado') throw conflict('Não há rascunho nem alteração em revisão para publicar.');
      await refuseBlocked(service, contentOf(open), 'Não foi possível publicar');
      const now = new Date();
      const version = await repository.updateVersion(app.db, open.id, { changeNote: request.body.changeNote, submittedBy: open.submittedBy ?? staff.sub, submittedAt: open.submittedAt ?? now, emergency: true, publishAt: now });
      await repository.audit(app.db, { ...actor(request, staff), action: 'publicacao_urgente', serviceId: service.id, versionId: open.id, departmentId: service.departmentId, detail: { changeNote: request.body.changeNote } });
      await app.editorial.publish(version, now, actor(request, staff));
      return answer(staff, service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/confirmar-urgencia',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Revisar, depois, uma publicação de urgência', params: GestaoServiceParams, response: { 200: GestaoService, ...errors } } },
    async (request) => {
      const { staff, service } = await serviceFor(request, request.params.id);
      if (!canReview(staff, service.departmentSlug)) throw forbidden('Você pode editar, mas não revisar, os serviços deste órgão.');
      const [pending] = (await repository.pendingEmergencies(app.db, [service.departmentSlug])).filter((e) => e.id === service.id);
      if (!pending) throw conflict('Não há publicação de urgência a confirmar neste serviço.');
      const version = await repository.findVersion(app.db, service.id, pending.versionId);
      if (version && ownWork(staff, version)) throw forbidden('Você não pode revisar uma alteração que você mesmo escreveu ou enviou: peça a outra pessoa.');
      await repository.updateVersion(app.db, pending.versionId, { emergencyReviewedBy: staff.sub, reviewedBy: staff.sub, reviewedByName: staff.name, reviewedAt: new Date() });
      await repository.audit(app.db, { ...actor(request, staff), action: 'urgencia_confirmada', serviceId: service.id, versionId: pending.versionId, departmentId: service.departmentId });
      return answer(staff, service);
    },
  );

  app.get(
    '/v1/gestao/exportacao',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Exportar o conteúdo publicado dos serviços de quem chama (JSON)', response: { 200: ServiceExport, ...errors } } },
    async (request) => {
      const staff = staffFor(request);
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
      const staff = staffFor(request);
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
        const { content, problems } = await storable(service, sent);
        if (problems) {
          refuse(problems);
          continue;
        }
        if (await repository.openVersion(app.db, service.id)) {
          refuse(ALREADY_OPEN);
          continue;
        }
        const version = await newDraft(staff, service, content);
        await repository.audit(app.db, { ...actor(request, staff), action: 'rascunho_importado', serviceId: service.id, versionId: version.id, departmentId: service.departmentId });
        results.push({ slug, ok: true, message: 'Rascunho criado: envie-o para revisão.' });
      }
      return { results };
    },
  );

  app.get(
    '/v1/gestao/links',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Links quebrados dos serviços de quem chama, segundo o verificador de links', response: { 200: BrokenLinks, ...errors } } },
    async (request) => ({ links: await brokenLinks(app.db, departmentsOf(staffFor(request))) }),
  );

  app.get(
    '/v1/gestao/retorno',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Caixa de retorno: sugestões do Simplifique sobre os serviços de quem chama, e as avaliações', response: { 200: FeedbackInbox, ...errors } } },
    async (request) => {
      const scope = departmentsOf(staffFor(request));
      const service = (row: { serviceId: number; serviceTitle: string; departmentShortName: string }) => ({ id: row.serviceId, title: row.serviceTitle, department: row.departmentShortName });
      return {
        suggestions: (await repository.suggestionsAbout(app.db, scope)).map((row) => ({
          id: row.id,
          protocol: row.protocol,
          subject: row.subject,
          service: service(row),
          named: row.named,
          message: row.message,
          createdAt: iso(row.createdAt),
          status: (row.status ?? 'novo') as (typeof FEEDBACK_STATES)[number],
          versionId: row.versionId,
        })),
        ratings: (await repository.ratingsOf(app.db, scope)).map((row) => ({ service: { id: row.id, title: row.title, department: row.department }, count: row.count, average: row.average, low: row.low })),
      };
    },
  );

  app.post(
    '/v1/gestao/retorno/:id',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Mudar a situação de uma sugestão (e a versão que a resolveu)', params: FeedbackParams, body: FeedbackUpdate, response: { 200: FeedbackInbox.shape.suggestions.element, ...errors } } },
    async (request) => {
      const staff = staffFor(request);
      const [row] = await repository.suggestionsAbout(app.db, departmentsOf(staff), request.params.id);
      if (!row) throw notFound('Sugestão não encontrada entre as dos serviços do seu órgão.');
      const { status, versionId } = request.body;
      if (versionId !== undefined) {
        const version = await repository.findVersion(app.db, row.serviceId, versionId);
        if (!version || (version.state !== 'publicado' && version.state !== 'substituido')) throw badRequest('A versão informada não é uma versão publicada deste serviço.');
      }
      await repository.setFeedbackStatus(app.db, row.id, status, versionId ?? null, staff.sub);
      await repository.audit(app.db, { ...actor(request, staff), action: 'retorno_atualizado', serviceId: row.serviceId, detail: { suggestion: row.protocol, status, versionId: versionId ?? null } });
      return { id: row.id, protocol: row.protocol, subject: row.subject, service: { id: row.serviceId, title: row.serviceTitle, department: row.departmentShortName }, named: row.named, message: row.message, createdAt: iso(row.createdAt), status, versionId: versionId ?? null };
    },
  );

  /** A department's page and units: any of its staff read them; those who publish (reviewers, central team) change them. */
  const departmentFor = async (request: FastifyRequest, slug: string, change = false) => {
    const staff = staffFor(request);
    if (!canRead(staff, slug)) throw notYours();
    if (change && !canReview(staff, slug)) throw forbidden('A página do órgão e as unidades são alteradas por quem revisa os serviços deste órgão.');
    const found = await repository.departmentPage(app.db, slug);
    if (!found) throw notFound('Órgão não encontrado.');
    return { staff, ...found };
  };
  const pageAnswer = async (staff: Staff, slug: string): Promise<GestaoDepartmentPage> => {
    const { department, units } = (await repository.departmentPage(app.db, slug))!;
    const proposals = await repository.unitProposalsOf(app.db, department.id, staff.sub);
    return {
      slug: department.slug,
      shortName: department.shortName,
      page: { name: department.name, description: department.description, mission: department.mission, vision: department.vision, values: department.values, link: department.link },
      units: units.map((u) => ({
        slug: u.slug,
        name: u.name,
        address: u.address,
        district: u.district,
        complement: u.complement,
        postalCode: u.postalCode,
        city: u.city,
        openingTime: u.openingTime,
        phone: u.phone,
        latitude: u.latitude,
        longitude: u.longitude,
        active: u.active,
      })),
      can: { edit: canReview(staff, slug), propose: canEdit(staff, slug) && !canReview(staff, slug) },
      proposals: proposals.map((proposal) => {
        const current = units.find((u) => u.slug === proposal.unitSlug);
        const proposed = proposal.content as unknown as UnitContent;
        return {
          id: proposal.id,
          unit: proposal.unitSlug,
          unitName: current?.name ?? proposed.name,
          changes: unitChanges(current ?? null, proposed),
          proposedByName: proposal.proposedByName,
          createdAt: iso(proposal.createdAt),
          state: proposal.state as 'pendente' | 'aplicada' | 'recusada',
          comment: proposal.comment,
          own: proposal.proposedBy === staff.sub,
        };
      }),
    };
  };

  app.post(
    '/v1/gestao/orgaos/:slug/propostas',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Propor uma alteração de unidade, ou uma unidade nova (quem edita; quem revisa aplica)', params: GestaoDepartmentParams, body: UnitProposalRequest, response: { 200: GestaoDepartmentPage, ...errors } },
    },
    async (request) => {
      const { staff, department, units } = await departmentFor(request, request.params.slug);
      if (!canEdit(staff, department.slug)) throw forbidden('Propor alterações de unidades cabe a quem edita os serviços deste órgão.');
      const { unit, content } = request.body;
      if (unit && !units.some((u) => u.slug === unit)) throw notFound('Unidade não encontrada neste órgão.');
      const current = units.find((u) => u.slug === unit) ?? null;
      if (current && !unitChanges(current, content).length) throw badRequest('Nada mudou nesta unidade: altere algum campo antes de propor.');
      const proposal = await repository.insertUnitProposal(app.db, {
        departmentId: department.id,
        unitSlug: unit || null,
        content: content as unknown as Record<string, unknown>,
        proposedBy: staff.sub,
        proposedByName: staff.name,
      });
      await repository.audit(app.db, { ...actor(request, staff), action: 'unidade_proposta', departmentId: department.id, detail: { proposal: proposal.id, unit: unit || null } });
      return pageAnswer(staff, department.slug);
    },
  );

  app.post(
    '/v1/gestao/orgaos/:slug/propostas/:id/aplicar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Aplicar uma proposta de alteração de unidade (quem revisa)', params: UnitProposalParams, response: { 200: GestaoDepartmentPage, ...errors } } },
    async (request) => {
      const { staff, department } = await departmentFor(request, request.params.slug, true);
      const proposal = await repository.findUnitProposal(app.db, department.id, request.params.id);
      if (!proposal) throw notFound('Proposta não encontrada neste órgão.');
      if (proposal.proposedBy === staff.sub) throw forbidden('Você não pode aplicar uma proposta que você mesmo fez: peça a outra pessoa.');
      if (!(await repository.closeUnitProposal(app.db, proposal.id, 'aplicada', staff.sub))) throw conflict('Esta proposta já foi aplicada ou recusada.');
      const content = UnitContent.parse(proposal.content);
      const unit = proposal.unitSlug
        ? ((await repository.updateUnit(app.db, department.id, proposal.unitSlug, content)) ? proposal.unitSlug : null)
        : await repository.insertUnit(app.db, department.id, department.slug, content);
      if (!unit) throw notFound('A unidade desta proposta não existe mais.');
      await repository.audit(app.db, { ...actor(request, staff), action: 'proposta_aplicada', departmentId: department.id, detail: { proposal: proposal.id, unit, ...content } });
      await app.publicCache.invalidate();
      return pageAnswer(staff, department.slug);
    },
  );

  app.post(
    '/v1/gestao/orgaos/:slug/propostas/:id/recusar',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Recusar uma proposta de alteração de unidade, dizendo por quê (quem revisa)', params: UnitProposalParams, body: UnitProposalRefusal, response: { 200: GestaoDepartmentPage, ...errors } },
    },
    async (request) => {
      const { staff, department } = await departmentFor(request, request.params.slug, true);
      const proposal = await repository.findUnitProposal(app.db, department.id, request.params.id);
      if (!proposal) throw notFound('Proposta não encontrada neste órgão.');
      if (!(await repository.closeUnitProposal(app.db, proposal.id, 'recusada', staff.sub, request.body.comment))) throw conflict('Esta proposta já foi aplicada ou recusada.');
      await repository.audit(app.db, { ...actor(request, staff), action: 'proposta_recusada', departmentId: department.id, detail: { proposal: proposal.id, comment: request.body.comment } });
      return pageAnswer(staff, department.slug);
    },
  );

  app.get(
    '/v1/gestao/orgaos/:slug',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'A página de um órgão e as suas unidades', params: GestaoDepartmentParams, response: { 200: GestaoDepartmentPage, ...errors } } },
    async (request) => {
      const { staff } = await departmentFor(request, request.params.slug);
      return pageAnswer(staff, request.params.slug);
    },
  );

  app.put(
    '/v1/gestao/orgaos/:slug',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Alterar a página do órgão (missão, visão, valores, site)', params: GestaoDepartmentParams, body: DepartmentPageContent, response: { 200: GestaoDepartmentPage, ...errors } } },
    async (request) => {
      const { staff, department } = await departmentFor(request, request.params.slug, true);
      await repository.updateDepartment(app.db, department.id, request.body);
      await repository.audit(app.db, { ...actor(request, staff), action: 'orgao_alterado', departmentId: department.id, detail: { ...request.body } });
      await app.publicCache.invalidate();
      return pageAnswer(staff, department.slug);
    },
  );

  app.put(
    '/v1/gestao/orgaos/:slug/unidades/:unit',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Alterar uma unidade (endereço, horário, mapa)', params: GestaoUnitParams, body: UnitContent, response: { 200: GestaoDepartmentPage, ...errors } } },
    async (request) => {
      const { staff, department } = await departmentFor(request, request.params.slug, true);
      if (!(await repository.updateUnit(app.db, department.id, request.params.unit, request.body))) throw notFound('Unidade não encontrada neste órgão.');
      await repository.audit(app.db, { ...actor(request, staff), action: 'unidade_alterada', departmentId: department.id, detail: { unit: request.params.unit, ...request.body } });
      await app.publicCache.invalidate();
      return pageAnswer(staff, department.slug);
    },
  );

  app.post(
    '/v1/gestao/orgaos/:slug/unidades',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Incluir uma unidade do órgão', params: GestaoDepartmentParams, body: UnitContent, response: { 200: GestaoDepartmentPage, ...errors } } },
    async (request) => {
      const { staff, department } = await departmentFor(request, request.params.slug, true);
      const unit = await repository.insertUnit(app.db, department.id, department.slug, request.body);
      await repository.audit(app.db, { ...actor(request, staff), action: 'unidade_incluida', departmentId: department.id, detail: { unit, ...request.body } });
      await app.publicCache.invalidate();
      return pageAnswer(staff, department.slug);
    },
  );

  // Public: the federal portal's harvest of the states' catalogs.
  // --- search demand ----------------------------------------------------------------------------------------

  /** The searches that led to the service, and its test searches with its place in the live results of each. */
  const demandOf = async (service: repository.ServiceRef): Promise<ServiceSearchDemand> => {
    const [arrivals, tests] = await Promise.all([demand.arrivalsOf(app.db, service.id, todayInPiaui()), demand.testQueries(app.db, service.id)]);
    const dictionary = cachedDictionary(app.db);
    const positions = await Promise.all(
      tests.map(async (test) => {
        const found = await search(app.db, { query: test.query, groups: ['CATALOG'] }, dictionary);
        const index = found.findIndex((item) => item.id === String(service.id));
        return index < 0 ? null : index + 1;
      }),
    );
    return { days: demand.DEMAND_DAYS, arrivals, tests: tests.map((test, i) => ({ ...test, position: positions[i]! })) };
  };

  app.get(
    '/v1/gestao/servicos/:id/buscas',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'O que os cidadãos buscaram antes de abrir o serviço, e as buscas de teste dele', params: GestaoServiceParams, response: { 200: ServiceSearchDemand, ...errors } } },
    async (request) => demandOf((await serviceFor(request, request.params.id)).service),
  );

  app.get(
    '/v1/gestao/buscas-sem-resultado',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Buscas que não encontraram nenhum serviço', response: { 200: SearchMisses, ...errors } } },
    async (request) => {
      staffFor(request);
      return { days: demand.DEMAND_DAYS, misses: await demand.missesSince(app.db, todayInPiaui()) };
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/buscas-de-teste',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Acrescentar uma busca de teste ao serviço', params: GestaoServiceParams, body: TestQueryRequest, response: { 200: ServiceSearchDemand, ...errors } } },
    async (request) => {
      const { staff, service } = await serviceFor(request, request.params.id);
      requireEdit(staff, service);
      const query = demand.keepableQuery(request.body.query);
      if (!query) throw badRequest('Busca de teste: use palavras, sem CPF, telefone ou e-mail.');
      if (!(await demand.addTestQuery(app.db, service.id, query, staff.name))) throw conflict(`O serviço já tem a busca de teste "${query}".`);
      await repository.audit(app.db, { ...actor(request, staff), action: 'busca_de_teste_incluida', serviceId: service.id, departmentId: service.departmentId, detail: { query } });
      return demandOf(service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/buscas-de-teste/remover',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Retirar uma busca de teste do serviço', params: GestaoServiceParams, body: TestQueryRequest, response: { 200: ServiceSearchDemand, ...errors } } },
    async (request) => {
      const { staff, service } = await serviceFor(request, request.params.id);
      requireEdit(staff, service);
      const query = demand.keepableQuery(request.body.query) ?? '';
      if (!(await demand.removeTestQuery(app.db, service.id, query))) throw notFound(`O serviço não tem a busca de teste "${request.body.query}".`);
      await repository.audit(app.db, { ...actor(request, staff), action: 'busca_de_teste_retirada', serviceId: service.id, departmentId: service.departmentId, detail: { query } });
      return demandOf(service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/nome-popular',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Propor um nome popular (de uma busca): entra no rascunho do serviço e passa pela revisão', params: GestaoServiceParams, body: PopularNameRequest, response: { 200: GestaoService, ...errors } },
    },
    async (request) => {
      const { staff, service } = await serviceFor(request, request.params.id);
      requireEdit(staff, service);
      const name = request.body.name;
      const open = await repository.openVersion(app.db, service.id);
      if (open && (open.state === 'em_revisao' || open.state === 'aprovado')) {
        throw conflict('Esta alteração está com a revisão: proponha o nome popular quando ela for devolvida ou publicada.');
      }
      const content = open ? contentOf(open) : await repository.liveContent(app.db, service.id);
      const same = (a: string) => htmlToText(a).trim().toLowerCase() === name.toLowerCase();
      if (content.popularNames.some(same) || same(content.title)) throw conflict(`"${name}" já é o título ou um nome popular deste serviço.`);
      const proposed = { ...content, popularNames: [...content.popularNames, name] };
      const version = open
        ? await repository.updateVersion(app.db, open.id, { content: proposed as unknown as Record<string, unknown>, updatedBy: staff.sub, updatedAt: new Date() })
        : await newDraft(staff, service, proposed);
      await repository.audit(app.db, { ...actor(request, staff), action: 'nome_popular_proposto', serviceId: service.id, versionId: version.id, departmentId: service.departmentId, detail: { name } });
      return answer(staff, service);
    },
  );

  app.get(
    '/v1/catalog/feed',
    { config: { publicCache: {} }, schema: { tags: ['catálogo'], summary: 'O catálogo no formato que o portal federal colhe dos estados (id, nome, descrição, endereço, órgão, nomes populares, palavras-chave)', response: { 200: CatalogFeed } } },
    async () => {
      const origin = publicOrigin(app.config);
      const base = app.config.BASE_PATH === '/' ? '' : app.config.BASE_PATH;
      const rows = await repository.feedRows(app.db);
      return {
        generatedAt: new Date().toISOString(),
        services: rows.map((row) => ({
          id: String(row.id),
          name: row.title,
          description: htmlToText(row.description).trim(),
          url: `${origin}${base}/${row.category}/${row.slug}`,
          organization: { name: row.departmentName, shortName: row.departmentShortName, url: row.departmentLink },
          popularNames: row.popularNames,
          keywords: row.tags,
          updatedAt: iso(row.updatedAt),
        })),
      };
    },
  );

  // Public: the service page's 'O que mudou' (kept in the public cache; publishing invalidates it).
  app.get(
    '/v1/catalog/:slug/mudancas',
    {
      config: { publicCache: {} },
      schema: { tags: ['catálogo'], summary: 'O que mudou nos dados principais de um serviço (custo, prazo, documentos, unidades)', params: CatalogSlugParams, response: { 200: ServiceChangeLog, 400: ErrorResponse, 404: ErrorResponse } },
    },
    async (request) => {
      const log = await repository.changeLog(app.db, request.params.slug);
      if (!log) throw notFound('Serviço não encontrado.');
      app.publicCache.tag(request, `service:${log.serviceId}`);
      return { changes: log.entries.map((entry) => ({ publishedAt: iso(entry.publishedAt), changes: entry.changes })) };
    },
  );
};

/**
 * The editorial back office (issue 15, docs/decisions/023-editorial-back-office.md): /v1/gestao, the publisher
 * (`app.editorial`) and its schedule.
 */
export const gestaoPlugin = fp(async (app: FastifyInstance) => {
  /**
   * Makes a version what citizens read, inside the caller's transaction; the one it replaces becomes history.
   * What changed in its key facts goes in the public change log; the answer says whom to tell.
   */
  const goLive = async (tx: repository.Tx, version: repository.VersionRow, at: Date, by: Omit<repository.AuditValues, 'action'>) => {
    const previous = (await repository.history(tx, version.serviceId)).find((row) => row.state === 'publicado' && row.id !== version.id);
    await repository.writeLive(tx, version.serviceId, contentOf(version), at);
    // A publication is a review: the next one is due a year later.
    await repository.setReviewBy(tx, version.serviceId, todayInPiaui(at));
    if (previous) await repository.updateVersion(tx, previous.id, { state: 'substituido' });
    await repository.updateVersion(tx, version.id, { state: 'publicado', publishedAt: at });
    await repository.audit(tx, { ...by, action: 'publicado', serviceId: version.serviceId, versionId: version.id, departmentId: version.departmentId });
    if (!previous) return null;
    const [before, after] = [contentOf(previous), contentOf(version)];
    const changes = keyFactChanges(before, after, await repository.unitNames(tx, [...before.units, ...after.units]));
    if (!changes.length) return null;
    await repository.recordChanges(tx, { serviceId: version.serviceId, versionId: version.id, publishedAt: at, changes });
    return { serviceId: version.serviceId, changes };
  };

  /** Citizens who favourited a service hear of a change to its key facts (in their inbox, and by push). */
  const tellFollowers = async (changed: { serviceId: number; changes: FieldChange[] } | null) => {
    if (!changed) return;
    const { path, title, subs } = await repository.followers(app.db, changed.serviceId);
    const body = `${changed.changes.map((change) => `${change.label}: ${change.after || 'não informado'}`).join('. ')}.`;
    for (const userSub of subs) {
      await app.notifications.create({ userSub, kind: 'informacao', title: `Mudou: ${title}`, body, metadata: { onClick: { tipo: 'redirect', url: path } } });
    }
  };

  const SCHEDULE = { actorSub: 'agenda', actorName: 'Publicação agendada', address: '' };

  app.decorate('editorial', {
    async publish(version, at, by) {
      const changed = await app.db.transaction((tx) => goLive(tx, version, at, by));
      await app.publicCache.invalidate();
      await tellFollowers(changed);
    },
    async publishDue(now = new Date()) {
      const changed = await app.db.transaction(async (tx) => {
        const done = [];
        for (const version of await repository.dueVersions(tx, now)) done.push(await goLive(tx, version, now, SCHEDULE));
        return done;
      });
      // Every instance stops serving copies made before the change (Redis pub/sub when configured).
      if (changed.length) await app.publicCache.invalidate();
      for (const change of changed) await tellFollowers(change);
      return changed.length;
    },
    async checkLinks() {
      const result = await checkLinks(app.db);
      app.log.info(result, 'link checker: links visited');
      return result;
    },
    async remindReviews(now = new Date()) {
      const today = todayInPiaui(now);
      const editors = new Map<string, Promise<string[]>>();
      const tell = async (departmentSlug: string, serviceId: number, title: string, body: string) => {
        if (!editors.has(departmentSlug)) editors.set(departmentSlug, repository.editorsOf(app.db, departmentSlug));
        for (const userSub of await editors.get(departmentSlug)!) {
          await app.notifications.create({ userSub, kind: 'alerta', title, body, metadata: { onClick: { tipo: 'redirect', url: `/app/gestao/servicos/${serviceId}` } } });
        }
      };
      const reviews = await repository.claimReviewReminders(app.db, today, REVIEW_WARNING_DAYS, now);
      for (const service of reviews) {
        const title = `${service.reviewBy < today ? 'Revisão vencida' : 'Revisar até'} ${brDate(service.reviewBy)}: ${service.title}`;
        await tell(service.departmentSlug, service.id, title, 'Confirme que o conteúdo do serviço continua correto, ou proponha uma alteração.');
      }
      // Each fact's legal basis too, not only the page.
      const facts = await repository.claimFactReminders(app.db, today, REVIEW_WARNING_DAYS, now);
      for (const fact of facts) {
        const title = `${fact.validUntil < today ? 'Base legal vencida' : 'Base legal vence'} em ${brDate(fact.validUntil)}: ${fact.title}`;
        await tell(fact.departmentSlug, fact.id, title, `${factLabel(fact.fact)}: ${fact.source}. Confira se continua valendo e atualize o serviço.`);
      }
      return reviews.length + facts.length;
    },
  });
  schedule(app);
  await app.register(gestaoRoutes);
  await app.register(centralRoutes);
});

/** Each instance checks for due publications every PUBLISH_CHECK_SECONDS; a version is published once (rows locked, SKIP LOCKED). */
function schedule(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let reminders: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void app.editorial.publishDue().catch((err) => app.log.warn({ err }, 'scheduled publication failed; will try again')), app.config.PUBLISH_CHECK_SECONDS * 1000);
    timer.unref();
    // Review dates move by days: an hourly look is plenty, not one per publication check.
    reminders = setInterval(() => void app.editorial.remindReviews().catch((err) => app.log.warn({ err }, 'review reminders failed; will try again')), REMIND_EVERY_MS);
    reminders.unref();
  });
  // The link checker makes outbound calls: only when the operator sets how often.
  let links: NodeJS.Timeout | undefined;
  if (app.config.LINK_CHECK_HOURS > 0) {
    app.addHook('onReady', async () => {
      links = setInterval(() => void app.editorial.checkLinks().catch((err) => app.log.warn({ err }, 'link checker failed; will try again')), app.config.LINK_CHECK_HOURS * 3_600_000);
      links.unref();
    });
  }
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(reminders);
    clearInterval(links);
  });
}
