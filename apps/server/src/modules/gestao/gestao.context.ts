import type { CheckIssue, GestaoService, ServiceContent, VersionComment, VersionDetail, VersionSummary } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound, unprocessable } from '../../lib/http-error.ts';
import { iso } from '../../lib/rows.ts';
import { transition } from '../../lib/workflow.ts';
import * as demand from '../search/search.demand.ts';
import { buildTextQuery, cachedDictionary } from '../search/search.service.ts';
import { checkContent, saveProblems } from './checks.ts';
import { compareContents } from './compare.ts';
import * as expertLinks from './expert-links.repository.ts';
import * as repository from './gestao.repository.ts';
import { canEdit, canRead, canReview, notYours, staffOf, type Staff } from './roles.ts';
import { VERSION_TABLE, versions, type VersionActor, type VersionFacts } from './versions.workflow.ts';

/**
 * What every route file of the back office shares (issue 26 split the one 1,003-line route file by concern):
 * who the caller is and what they may read, a service's answer as the pages read it, a content's checks, and
 * the audit's actor. Built once per app by gestao.plugin.ts and handed to each route file.
 */
export type GestaoContext = ReturnType<typeof gestaoContext>;

export const summary = (row: repository.VersionRow): VersionSummary => ({
  id: row.id,
  state: row.state as VersionSummary['state'],
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
export const contentOf = (row: repository.VersionRow): ServiceContent => {
  const content = row.content as unknown as ServiceContent;
  return { ...content, sources: content.sources ?? [] };
};

/** What the versions' workflow reads of a version: its department and who had a hand in it. */
export const factsOf = (version: repository.VersionRow, service: Pick<repository.ServiceRef, 'departmentSlug'>): VersionFacts & { state: string } => ({
  state: version.state,
  departmentSlug: service.departmentSlug,
  createdBy: version.createdBy,
  updatedBy: version.updatedBy,
  submittedBy: version.submittedBy,
});

export const ALREADY_OPEN = 'Já há uma alteração em andamento neste serviço: conclua-a ou descarte-a antes.';

export function gestaoContext(app: FastifyInstance) {
  /** The caller as staff (403 otherwise), remembered with their roles at most every ten minutes per process. */
  const seen = new Map<string, number>();
  const staffFor = (request: FastifyRequest) => {
    const staff = staffOf(request.user);
    if ((seen.get(staff.sub) ?? 0) < Date.now() - 600_000) {
      seen.set(staff.sub, Date.now());
      const email = typeof request.user!.claims.email === 'string' ? request.user!.claims.email : '';
      void repository.seeStaff(app.db, staff.sub, staff.name, request.user!.roles, email).catch((err) => request.log.warn({ err }, 'back office: staff not recorded'));
    }
    return staff;
  };

  /** The caller's staff roles and the service, or why not (401 without a token, 403 for another department's). */
  const serviceFor = async (request: FastifyRequest, id: number) => {
    const staff = staffFor(request);
    const service = await repository.findService(app.db, id);
    if (!service) throw notFound('Serviço não encontrado.');
    if (!canRead(staff, service.departmentSlug)) throw notYours();
    return { staff, service };
  };

  const actor = (request: FastifyRequest, staff: Staff) => ({ actorSub: staff.sub, actorName: staff.name, address: request.ip });

  /**
   * Content as it is stored: rich text sanitised, and what no save may store refused (links checked as sent,
   * so one the sanitiser would drop is refused rather than silently lost; units of another department).
   */
  const storable = async (service: repository.ServiceRef, sent: ServiceContent) => {
    // The edit form and the request form's builder each save their part: what a save leaves out is kept.
    if (sent.requestForm === undefined || sent.deadlineDays === undefined) {
      const open = await repository.openVersion(app.db, service.id);
      const current = open ? contentOf(open) : await repository.liveContent(app.db, service.id);
      sent = { ...sent, requestForm: sent.requestForm === undefined ? (current.requestForm ?? null) : sent.requestForm, deadlineDays: sent.deadlineDays === undefined ? (current.deadlineDays ?? null) : sent.deadlineDays };
    }
    const problems = saveProblems(sent);
    const content = repository.sanitizeContent(sent);
    const foreign = await repository.foreignUnits(app.db, service.departmentId, content.units);
    if (foreign.length) problems.push({ field: 'units', message: `Unidade que não é do ${service.departmentShortName}: ${foreign.join(', ')}.` });
    if (!(await repository.serviceCategories(app.db)).some((category) => category.slug === content.category)) {
      problems.push({ field: 'category', message: `Categoria desconhecida: "${content.category.slice(0, 80)}".` });
    }
    return { content, problems: problems.map((p) => p.message).join(' ') };
  };

  const requireEdit = (staff: Staff, service: repository.ServiceRef) => {
    if (!canEdit(staff, service.departmentSlug)) throw forbidden('Você pode revisar, mas não editar, os serviços deste órgão.');
  };

  /** New content for the open version: a draft, or a returned one, which becomes a draft again (the workflow's 'salvar'). */
  const saveDraft = (open: repository.VersionRow, staff: Staff, content: ServiceContent) =>
    transition(app.db, versions, VERSION_TABLE, open.id, 'salvar', { content: content as unknown as Record<string, unknown>, updatedBy: staff.sub, updatedAt: new Date() });

  /** A new draft of the service, from the published version. */
  const newDraft = async (staff: Staff, service: repository.ServiceRef, content: ServiceContent | Record<string, unknown>) =>
    repository.insertVersion(app.db, {
      serviceId: service.id,
      departmentId: service.departmentId,
      state: versions.transitions.salvar.to,
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

  const detail = async (row: repository.VersionRow, live: ServiceContent, service: repository.ServiceRef, who: VersionActor): Promise<VersionDetail> => ({
    ...summary(row),
    content: contentOf(row),
    checks: await allChecks(service.id, contentOf(row), live),
    actions: versions.available(who, factsOf(row, service)),
    comments: (await repository.commentsOf(app.db, row.id)).map((c) => ({ kind: c.kind as VersionComment['kind'], authorName: c.authorName, body: c.body, createdAt: iso(c.createdAt) })),
    changes: compareContents(live, contentOf(row)),
    sinceReturned: row.returnedContent ? compareContents(row.returnedContent as unknown as ServiceContent, contentOf(row)) : null,
    expertLinks: (await expertLinks.linksOf(app.db, row.id)).map((link) => expertLinks.toExpertLink(link)),
  });

  /** A service as the back office's pages read it. */
  const answer = async (staff: Staff, service: repository.ServiceRef): Promise<GestaoService> => {
    const live = await repository.liveContent(app.db, service.id);
    const open = await repository.openVersion(app.db, service.id);
    return {
      id: service.id,
      slug: service.slug,
      department: { id: service.departmentId, slug: service.departmentSlug, shortName: service.departmentShortName },
      live,
      open: open ? await detail(open, live, service, staff) : null,
      units: await repository.departmentUnits(app.db, service.departmentId),
      categories: await repository.serviceCategories(app.db),
      status: await repository.serviceState(app.db, service.id),
      replacements: canReview(staff, service.departmentSlug) ? await repository.replacementChoices(app.db, service.id) : [],
      emergencyPending: (await repository.pendingEmergencies(app.db, [service.departmentSlug])).find((e) => e.id === service.id)?.versionId ?? null,
      can: { edit: canEdit(staff, service.departmentSlug), review: canReview(staff, service.departmentSlug), admin: staff.admin },
    };
  };

  /** Blocking checks as one Portuguese message (the form lists each of them beside its field, from the checks it reads). */
  const refuseBlocked = async (service: repository.ServiceRef, content: ServiceContent, what: string) => {
    const { blocking } = checkContent(content, await repository.liveContent(app.db, service.id));
    if (blocking.length) throw unprocessable(`${what}: ${blocking.map((issue) => issue.message).join(' ')}`);
  };

  return { staffFor, serviceFor, actor, requireEdit, storable, saveDraft, newDraft, allChecks, detail, answer, refuseBlocked };
}
