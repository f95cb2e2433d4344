import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { RequestForm, ServiceContent } from '@portal/contracts';
import { sanitizeRichText, schema, type Database } from '@portal/db';
import { pgArray, rows } from '../../lib/rows.ts';
import { versions } from './versions.workflow.ts';

const { services, departments, departmentSections, serviceSections, serviceSteps, stepDocuments, serviceInfo, servicePopularNames, serviceTags, tags, accessProfiles } = schema;
const { serviceVersions, editorialAudit, serviceChanges, favorites, categories, targets, serviceTargets, catalogDataRows } = schema;

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Db = Database | Tx;


export interface ServiceRef {
  id: number;
  slug: string;
  title: string;
  departmentId: number;
  departmentSlug: string;
  departmentShortName: string;
}

const serviceRef = {
  id: services.id,
  slug: services.slug,
  title: services.title,
  departmentId: services.departmentId,
  departmentSlug: departments.slug,
  departmentShortName: departments.shortName,
};

/** Services of these departments (every one when null), by title. */
export function listServices(db: Db, departmentSlugs: string[] | null) {
  const query = db.select(serviceRef).from(services).innerJoin(departments, eq(departments.id, services.departmentId));
  return (departmentSlugs ? query.where(inArray(departments.slug, departmentSlugs.length ? departmentSlugs : [''])) : query).orderBy(asc(services.searchTitle));
}

export async function findService(db: Db, id: number): Promise<ServiceRef | null> {
  const [found] = await db.select(serviceRef).from(services).innerJoin(departments, eq(departments.id, services.departmentId)).where(eq(services.id, id));
  return found ?? null;
}

/** The content citizens read now, from the catalog's tables. */
export async function liveContent(db: Db, id: number): Promise<ServiceContent> {
  const [row] = await db
    .select({ service: services, accessLevel: accessProfiles.name })
    .from(services)
    .innerJoin(accessProfiles, eq(accessProfiles.id, services.accessProfileId))
    .where(eq(services.id, id));
  const s = row!.service;
  const steps = await db.select().from(serviceSteps).where(eq(serviceSteps.serviceId, id)).orderBy(asc(serviceSteps.orderIndex), asc(serviceSteps.id));
  const documents = steps.length
    ? await db.select().from(stepDocuments).where(inArray(stepDocuments.stepId, steps.map((step) => step.id))).orderBy(asc(stepDocuments.orderIndex), asc(stepDocuments.id))
    : [];
  const info = await db.select().from(serviceInfo).where(eq(serviceInfo.serviceId, id)).orderBy(asc(serviceInfo.orderIndex), asc(serviceInfo.id));
  const units = await db
    .select({ slug: departmentSections.slug })
    .from(serviceSections)
    .innerJoin(departmentSections, eq(departmentSections.id, serviceSections.sectionId))
    .where(eq(serviceSections.serviceId, id))
    .orderBy(asc(departmentSections.slug));
  const popularNames = await db.select({ name: servicePopularNames.name }).from(servicePopularNames).where(eq(servicePopularNames.serviceId, id)).orderBy(asc(servicePopularNames.id));
  const sources = await db
    .select({ fact: schema.serviceFactSources.fact, source: schema.serviceFactSources.source, validUntil: schema.serviceFactSources.validUntil })
    .from(schema.serviceFactSources)
    .where(eq(schema.serviceFactSources.serviceId, id))
    .orderBy(asc(schema.serviceFactSources.fact));
  const tagNames = await db.select({ name: tags.name }).from(serviceTags).innerJoin(tags, eq(tags.id, serviceTags.tagId)).where(eq(serviceTags.serviceId, id)).orderBy(asc(tags.name));
  const [category] = await db.select({ slug: categories.slug }).from(categories).where(eq(categories.id, s.categoryId));
  const audiences = await db.select({ slug: targets.slug }).from(serviceTargets).innerJoin(targets, eq(targets.id, serviceTargets.targetId)).where(eq(serviceTargets.serviceId, id)).orderBy(asc(targets.id));
  const dataRows = await db.select({ name: catalogDataRows.name, value: catalogDataRows.value }).from(catalogDataRows).where(eq(catalogDataRows.serviceId, id)).orderBy(asc(catalogDataRows.id));
  return {
    title: s.title,
    description: s.description,
    cost: s.cost,
    isFree: s.isFree,
    estimatedTime: s.estimatedTime,
    isOnline: s.isOnline,
    isSelfService: s.isSelfService,
    accessLevel: row!.accessLevel as ServiceContent['accessLevel'],
    link: s.link,
    dataRows,
    category: category!.slug,
    audiences: audiences.map((a) => a.slug) as ServiceContent['audiences'],
    steps: steps.map((step) => ({
      name: step.name,
      description: step.description,
      channel: step.channel as 'online' | 'presencial',
      htmlContent: step.htmlContent,
      documents: documents.filter((d) => d.stepId === step.id).map((d) => d.name),
      ...(step.fees.length ? { fees: step.fees } : {}),
    })),
    info: info.map((block) => ({ title: block.title, text: block.text, icon: block.icon })),
    units: units.map((u) => u.slug),
    popularNames: popularNames.map((p) => p.name),
    tags: tagNames.map((tag) => tag.name),
    sources: sources.map((s) => ({ ...s, validUntil: s.validUntil ?? '' })),
    requestForm: (s.requestForm as RequestForm | null) ?? null,
    deadlineDays: s.deadlineDays,
  };
}

/** Rich text made safe, as on every write of the catalog (packages/db sanitize.ts). */
export function sanitizeContent(content: ServiceContent): ServiceContent {
  return {
    ...content,
    description: sanitizeRichText(content.description),
    steps: content.steps.map((step) => ({ ...step, htmlContent: sanitizeRichText(step.htmlContent) })),
    info: content.info.map((block) => ({ ...block, text: sanitizeRichText(block.text) })),
    units: [...new Set(content.units)],
    popularNames: [...new Set(content.popularNames)],
    tags: [...new Set(content.tags.map((tag) => tag.toLowerCase()))],
  };
}

/** The categories a service may be in: those that list services by category (audience pages list by target). */
export function serviceCategories(db: Db) {
  return db.select({ slug: categories.slug, name: categories.name }).from(categories).where(sql`${categories.audience} is null`).orderBy(asc(categories.name));
}

/** The department's units, by name. */
export function departmentUnits(db: Db, departmentId: number) {
  return db
    .select({ slug: departmentSections.slug, name: departmentSections.name })
    .from(departmentSections)
    .where(and(eq(departmentSections.departmentId, departmentId), eq(departmentSections.active, true)))
    .orderBy(asc(departmentSections.name));
}

/** The unit slugs among `slugs` that are not the department's. */
export async function foreignUnits(db: Db, departmentId: number, slugs: string[]): Promise<string[]> {
  if (!slugs.length) return [];
  const own = await db
    .select({ slug: departmentSections.slug })
    .from(departmentSections)
    .where(and(eq(departmentSections.departmentId, departmentId), inArray(departmentSections.slug, slugs)));
  const known = new Set(own.map((u) => u.slug));
  return slugs.filter((slug) => !known.has(slug));
}

export type VersionRow = typeof serviceVersions.$inferSelect;

export async function openVersion(db: Db, serviceId: number): Promise<VersionRow | null> {
  const [found] = await db
    .select()
    .from(serviceVersions)
    .where(and(eq(serviceVersions.serviceId, serviceId), inArray(serviceVersions.state, [...versions.open])));
  return found ?? null;
}

export async function openVersions(db: Db, serviceIds: number[]): Promise<VersionRow[]> {
  if (!serviceIds.length) return [];
  return db
    .select()
    .from(serviceVersions)
    .where(and(inArray(serviceVersions.serviceId, serviceIds), inArray(serviceVersions.state, [...versions.open])));
}

export async function findVersion(db: Db, serviceId: number, id: number): Promise<VersionRow | null> {
  const [found] = await db.select().from(serviceVersions).where(and(eq(serviceVersions.serviceId, serviceId), eq(serviceVersions.id, id)));
  return found ?? null;
}

export function history(db: Db, serviceId: number) {
  return db.select().from(serviceVersions).where(eq(serviceVersions.serviceId, serviceId)).orderBy(desc(serviceVersions.id));
}

/** The published version citizens read; the first time, the catalog as it was before the back office, recorded as version one. */
export async function publishedVersion(db: Db, service: ServiceRef): Promise<VersionRow> {
  const [found] = await db.select().from(serviceVersions).where(and(eq(serviceVersions.serviceId, service.id), eq(serviceVersions.state, versions.transitions.publicar.to)));
  if (found) return found;
  const [row] = await db.select({ updatedAt: services.updatedAt }).from(services).where(eq(services.id, service.id));
  const [created] = await db
    .insert(serviceVersions)
    .values({
      serviceId: service.id,
      departmentId: service.departmentId,
      state: versions.transitions.publicar.to,
      content: (await liveContent(db, service.id)) as unknown as Record<string, unknown>,
      changeNote: 'Versão do catálogo anterior à gestão editorial.',
      createdBy: 'catalogo',
      createdByName: 'Catálogo',
      updatedBy: 'catalogo',
      createdAt: row!.updatedAt,
      updatedAt: row!.updatedAt,
      publishedAt: row!.updatedAt,
    })
    .returning();
  return created!;
}

export async function insertVersion(db: Db, values: typeof serviceVersions.$inferInsert): Promise<VersionRow> {
  const [created] = await db.insert(serviceVersions).values(values).returning();
  return created!;
}

export async function updateVersion(db: Db, id: number, values: Partial<typeof serviceVersions.$inferInsert>): Promise<VersionRow> {
  const [updated] = await db.update(serviceVersions).set(values).where(eq(serviceVersions.id, id)).returning();
  return updated!;
}

/** The changes under way in these departments (every one when null), with their service: the start page's work. */
export async function openWork(db: Db, departmentSlugs: string[] | null) {
  const scope = departmentSlugs ? inArray(departments.slug, departmentSlugs.length ? departmentSlugs : ['']) : undefined;
  return db
    .select({ ...serviceRef, version: serviceVersions })
    .from(serviceVersions)
    .innerJoin(services, eq(services.id, serviceVersions.serviceId))
    .innerJoin(departments, eq(departments.id, services.departmentId))
    .where(and(inArray(serviceVersions.state, [...versions.open]), scope))
    .orderBy(asc(serviceVersions.updatedAt));
}

/** Approved versions whose time has come (each is then published by a conditional transition: once). */
export function dueVersions(db: Db, now: Date) {
  return db
    .select()
    .from(serviceVersions)
    .where(and(inArray(serviceVersions.state, [...versions.transitions.publicar.from]), lte(serviceVersions.publishAt, now)))
    .orderBy(asc(serviceVersions.publishAt))
    .limit(20);
}

export async function findVersionById(db: Db, id: number): Promise<VersionRow | null> {
  const [found] = await db.select().from(serviceVersions).where(eq(serviceVersions.id, id));
  return found ?? null;
}

/**
 * Makes `content` what citizens read: the service's row and its steps, documents, information blocks, units,
 * popular names and tags, then its search columns (refresh_service_search).
 */
export async function writeLive(tx: Tx, serviceId: number, content: ServiceContent, at: Date, versionId: number) {
  const [profile] = content.accessLevel
    ? await tx.select({ id: accessProfiles.id }).from(accessProfiles).where(eq(accessProfiles.name, content.accessLevel))
    : await tx.select({ id: accessProfiles.id }).from(accessProfiles).orderBy(asc(accessProfiles.weight)).limit(1);
  await tx
    .update(services)
    .set({
      title: content.title,
      description: content.description,
      cost: content.cost,
      isFree: content.isFree,
      estimatedTime: content.estimatedTime,
      isOnline: content.isOnline,
      isSelfService: content.isSelfService,
      accessProfileId: profile!.id,
      link: content.link,
      updatedAt: at,
    })
    .where(eq(services.id, serviceId));
  // Versions written before these fields existed leave them as they are.
  if (content.requestForm !== undefined) {
    // The version's id goes with its form: a request keeps the form it was filled with, whatever is published later.
    await tx.update(services).set({ requestForm: content.requestForm, requestFormVersion: content.requestForm ? versionId : null }).where(eq(services.id, serviceId));
  }
  if (content.deadlineDays !== undefined) await tx.update(services).set({ deadlineDays: content.deadlineDays }).where(eq(services.id, serviceId));
  if (content.category !== undefined) {
    await tx.update(services).set({ categoryId: sql`(select id from categories where slug = ${content.category})` }).where(eq(services.id, serviceId));
  }
  if (content.audiences !== undefined) {
    await tx.delete(serviceTargets).where(eq(serviceTargets.serviceId, serviceId));
    if (content.audiences.length) {
      const found = await tx.select({ id: targets.id }).from(targets).where(inArray(targets.slug, content.audiences));
      if (found.length) await tx.insert(serviceTargets).values(found.map((target) => ({ serviceId, targetId: target.id })));
    }
  }
  if (content.dataRows !== undefined) {
    await tx.delete(catalogDataRows).where(eq(catalogDataRows.serviceId, serviceId));
    if (content.dataRows.length) await tx.insert(catalogDataRows).values(content.dataRows.map((row) => ({ serviceId, name: row.name, value: row.value })));
  }
  await tx.delete(serviceSteps).where(eq(serviceSteps.serviceId, serviceId));
  for (const [index, step] of content.steps.entries()) {
    const [created] = await tx
      .insert(serviceSteps)
      .values({ serviceId, orderIndex: index + 1, name: step.name, description: step.description, channel: step.channel, htmlContent: step.htmlContent, fees: step.fees ?? [] })
      .returning({ id: serviceSteps.id });
    if (step.documents.length) await tx.insert(stepDocuments).values(step.documents.map((name, i) => ({ stepId: created!.id, orderIndex: i + 1, name })));
  }
  await tx.delete(serviceInfo).where(eq(serviceInfo.serviceId, serviceId));
  if (content.info.length) await tx.insert(serviceInfo).values(content.info.map((block, i) => ({ serviceId, orderIndex: i + 1, title: block.title, text: block.text, ...(block.icon ? { icon: block.icon } : {}) })));
  await tx.delete(serviceSections).where(eq(serviceSections.serviceId, serviceId));
  if (content.units.length) {
    const units = await tx.select({ id: departmentSections.id }).from(departmentSections).where(inArray(departmentSections.slug, content.units));
    if (units.length) await tx.insert(serviceSections).values(units.map((unit) => ({ serviceId, sectionId: unit.id })));
  }
  await tx.delete(servicePopularNames).where(eq(servicePopularNames.serviceId, serviceId));
  if (content.popularNames.length) await tx.insert(servicePopularNames).values(content.popularNames.map((name) => ({ serviceId, name })));
  await tx.delete(serviceTags).where(eq(serviceTags.serviceId, serviceId));
  if (content.tags.length) {
    await tx.insert(tags).values(content.tags.map((name) => ({ name }))).onConflictDoNothing();
    const tagRows = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.name, content.tags));
    await tx.insert(serviceTags).values(tagRows.map((tag) => ({ serviceId, tagId: tag.id })));
  }
  // Sources: a fact whose source and date did not change keeps its reminder state.
  const before = new Map((await tx.select().from(schema.serviceFactSources).where(eq(schema.serviceFactSources.serviceId, serviceId))).map((s) => [s.fact, s]));
  await tx.delete(schema.serviceFactSources).where(eq(schema.serviceFactSources.serviceId, serviceId));
  const sources = content.sources ?? [];
  if (sources.length) {
    await tx.insert(schema.serviceFactSources).values(
      sources.map((s) => {
        const old = before.get(s.fact);
        const same = old && old.source === s.source && (old.validUntil ?? '') === s.validUntil;
        return { serviceId, fact: s.fact, source: s.source, validUntil: s.validUntil || null, notifiedAt: same ? old.notifiedAt : null };
      }),
    );
  }
  await tx.execute(sql`select refresh_service_search(${pgArray([serviceId])}::integer[])`);
  // New words in its names are words the typo correction should know.
  await tx.execute(sql`select refresh_search_lexicon()`);
}

export interface AuditValues {
  actorSub: string;
  actorName: string;
  address: string;
  action: string;
  serviceId?: number | null;
  versionId?: number | null;
  departmentId?: number | null;
  detail?: Record<string, unknown>;
}

export async function audit(db: Db, values: AuditValues) {
  await db.insert(editorialAudit).values({ ...values, detail: values.detail ?? {} });
}

/** The latest entries, each with the title of the service it concerns (read by title, not by number). */
export async function auditLog(db: Db, limit: number) {
  const rows = await db
    .select({ entry: editorialAudit, serviceTitle: services.title })
    .from(editorialAudit)
    .leftJoin(services, eq(services.id, editorialAudit.serviceId))
    .orderBy(desc(editorialAudit.id))
    .limit(limit);
  return rows.map(({ entry, serviceTitle }) => ({ ...entry, serviceTitle }));
}

/** Names of the units, by slug. */
export async function unitNames(db: Db, slugs: string[]): Promise<Map<string, string>> {
  if (!slugs.length) return new Map();
  const found = await db.select({ slug: departmentSections.slug, name: departmentSections.name }).from(departmentSections).where(inArray(departmentSections.slug, slugs));
  return new Map(found.map((unit) => [unit.slug, unit.name]));
}

export async function recordChanges(db: Db, values: typeof serviceChanges.$inferInsert) {
  await db.insert(serviceChanges).values(values);
}


/** Who favourited the service, and the path of its page (what a notification links to). */
export async function followers(db: Db, serviceId: number) {
  const [page] = await db
    .select({ slug: services.slug, title: services.title, category: categories.slug })
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .where(eq(services.id, serviceId));
  const subs = await db.select({ sub: favorites.userSub }).from(favorites).where(eq(favorites.serviceId, serviceId));
  return { path: `/app/catalog/${page!.category}/${page!.slug}`, title: page!.title, subs: subs.map((row) => row.sub) };
}

// --- review dates, withdrawal, emergencies, staff --------------------------------------------------------

const { editorialStaff } = schema;

/** Remembers who works in the back office, with which roles and e-mail (notices and reminders go to them). */
export async function seeStaff(db: Db, sub: string, name: string, roles: string[], email: string) {
  await db
    .insert(editorialStaff)
    .values({ sub, name, roles, email, seenAt: new Date() })
    .onConflictDoUpdate({ target: editorialStaff.sub, set: { name, roles, email, seenAt: new Date() } });
}

export interface StaffContact {
  sub: string;
  name: string;
  email: string;
}

/** Members of staff by their sub, with their e-mail as last seen (unknown subs are left out). */
export async function staffContacts(db: Db, subs: string[]): Promise<StaffContact[]> {
  if (!subs.length) return [];
  return db.select({ sub: editorialStaff.sub, name: editorialStaff.name, email: editorialStaff.email }).from(editorialStaff).where(inArray(editorialStaff.sub, [...new Set(subs)]));
}

/** Who reviews a department's services, as last seen; the central team when nobody of the department was seen yet. */
export async function reviewersOf(db: Db, departmentSlug: string): Promise<StaffContact[]> {
  const contacts = (roles: string[]) =>
    db
      .select({ sub: editorialStaff.sub, name: editorialStaff.name, email: editorialStaff.email })
      .from(editorialStaff)
      .where(sql`${editorialStaff.roles} && ${pgArray(roles)}::text[]`);
  const reviewers = await contacts([`gestao:revisor:${departmentSlug}`]);
  return reviewers.length ? reviewers : contacts(['gestao:admin']);
}

// --- the conversation about a version ------------------------------------------------------------------

export type CommentRow = typeof schema.versionComments.$inferSelect;

export async function addComment(db: Db, values: typeof schema.versionComments.$inferInsert): Promise<CommentRow> {
  const [added] = await db.insert(schema.versionComments).values(values).returning();
  return added!;
}

export function commentsOf(db: Db, versionId: number): Promise<CommentRow[]> {
  return db.select().from(schema.versionComments).where(eq(schema.versionComments.versionId, versionId)).orderBy(asc(schema.versionComments.createdAt), asc(schema.versionComments.id));
}

/** The editors of a department, as last seen. */
export async function editorsOf(db: Db, departmentSlug: string) {
  const rows = await db
    .select({ sub: editorialStaff.sub })
    .from(editorialStaff)
    .where(sql`${editorialStaff.roles} && ${pgArray([`gestao:editor:${departmentSlug}`])}::text[]`);
  return rows.map((row) => row.sub);
}

export interface ServiceState {
  active: boolean;
  discontinuedReason: string;
  replacedBy: string | null;
  replacedByTitle: string | null;
  reviewBy: string;
}

export async function serviceState(db: Db, id: number): Promise<ServiceState> {
  const found = await db.execute(sql`select s.active, s.discontinued_reason as "discontinuedReason", r.slug as "replacedBy", r.title as "replacedByTitle", s.review_by::text as "reviewBy"
    from services s left join services r on r.id = s.replaced_by_id where s.id = ${id}`);
  return (found as unknown as { rows: ServiceState[] }).rows[0]!;
}

/** The services on line other than this one, by title: what may take its place when it is withdrawn. */
export function replacementChoices(db: Db, id: number) {
  return db
    .select({ slug: services.slug, title: services.title })
    .from(services)
    .where(and(eq(services.active, true), sql`${services.id} <> ${id}`))
    .orderBy(asc(services.searchTitle));
}

/** Services of these departments (all when null) whose review date is past or within `days`, soonest first. */
export function reviewsDue(db: Db, departmentSlugs: string[] | null, today: string, days: number) {
  const scope = departmentSlugs ? inArray(departments.slug, departmentSlugs.length ? departmentSlugs : ['']) : undefined;
  return db
    .select({ ...serviceRef, reviewBy: services.reviewBy })
    .from(services)
    .innerJoin(departments, eq(departments.id, services.departmentId))
    .where(and(eq(services.active, true), sql`${services.reviewBy} <= ${today}::date + ${days}::int`, scope))
    .orderBy(asc(services.reviewBy), asc(services.searchTitle));
}

/**
 * Takes the reviews coming within `days` whose editors were not told yet, marking them told in the same
 * statement: of several instances, one gets each.
 */
export function claimReviewReminders(db: Db, today: string, days: number, at: Date) {
  return rows<{ id: number; title: string; reviewBy: string; departmentSlug: string }>(
    db as Database,
    sql`update services s set review_notified_at = ${at.toISOString()}::timestamptz from departments d
        where d.id = s.department_id and s.active and s.review_by <= ${today}::date + ${days}::int and s.review_notified_at is null
        returning s.id, s.title, s.review_by::text as "reviewBy", d.slug as "departmentSlug"`,
  );
}

/** The content is confirmed true (or was just published): the next review is a year later. */
export async function setReviewBy(db: Db, id: number, from: string) {
  await db.execute(sql`update services set review_by = (${from}::date + interval '12 months')::date, review_notified_at = null where id = ${id}`);
}

/** Withdrawn (reason, and the service that replaces it, if any) or back on line. */
export async function setActive(db: Db, id: number, active: boolean, reason = '', replacedById: number | null = null) {
  await db.update(services).set({ active, discontinuedReason: active ? '' : reason, replacedById: active ? null : replacedById }).where(eq(services.id, id));
}

export async function findServiceBySlug(db: Db, slug: string) {
  const [found] = await db.select({ id: services.id, active: services.active }).from(services).where(eq(services.slug, slug));
  return found ?? null;
}

/** Versions published without review (emergencies) that no reviewer has confirmed yet. */
export function pendingEmergencies(db: Db, departmentSlugs: string[] | null) {
  const scope = departmentSlugs ? inArray(departments.slug, departmentSlugs.length ? departmentSlugs : ['']) : undefined;
  return db
    .select({ ...serviceRef, versionId: serviceVersions.id, publishedAt: serviceVersions.publishedAt })
    .from(serviceVersions)
    .innerJoin(services, eq(services.id, serviceVersions.serviceId))
    .innerJoin(departments, eq(departments.id, services.departmentId))
    .where(and(eq(serviceVersions.emergency, true), sql`${serviceVersions.emergencyReviewedBy} is null`, scope));
}

// --- feeds -----------------------------------------------------------------------------------------------


export async function findServicesBySlugs(db: Db, slugs: string[]) {
  if (!slugs.length) return [];
  return db.select(serviceRef).from(services).innerJoin(departments, eq(departments.id, services.departmentId)).where(inArray(services.slug, slugs));
}

// --- the feedback inbox ----------------------------------------------------------------------------------

export interface SuggestionRow {
  id: number;
  protocol: string;
  subject: string;
  named: string;
  message: string;
  createdAt: Date | string;
  serviceId: number;
  serviceTitle: string;
  departmentSlug: string;
  departmentShortName: string;
  status: string | null;
  versionId: number | null;
}

/**
 * The service a Simplifique suggestion `g` names (the citizen types its name: the closest title, popular name or
 * address, by trigram similarity of the unaccented words), as a lateral join's subquery: id, title, department_id,
 * dept_slug, dept_short. The feedback inbox and the public panel (issue 30) match suggestions the same way.
 */
export const SUGGESTION_SERVICE = sql`(
      select s.id, s.title, s.department_id, d.slug as dept_slug, d.short_name as dept_short
      from services s join departments d on d.id = s.department_id
      where g.service <> '' and (s.slug = g.service or word_similarity(unaccent(lower(g.service)), s.search_title) >= 0.6
             or exists (select 1 from unnest(s.search_names) n where n = unaccent(lower(g.service))))
      order by (s.slug = g.service) desc, word_similarity(unaccent(lower(g.service)), s.search_title) desc, s.access_count desc
      limit 1
    )`;

/** Simplifique suggestions that name a service, with the department's handling of each. */
export async function suggestionsAbout(db: Db, departmentSlugs: string[] | null, id?: number): Promise<SuggestionRow[]> {
  const found = await db.execute(sql`
    select g.id, g.protocol, g.subject, g.service as named, g.message, g.created_at as "createdAt",
           m.id as "serviceId", m.title as "serviceTitle", m.dept_slug as "departmentSlug", m.dept_short as "departmentShortName",
           f.status, f.version_id as "versionId"
    from simplifique_suggestions g
    cross join lateral ${SUGGESTION_SERVICE} m
    left join feedback_status f on f.suggestion_id = g.id
    where (${departmentSlugs === null} or m.dept_slug = any(${pgArray(departmentSlugs ?? [])}::text[]))
      and (${id ?? null}::int is null or g.id = ${id ?? null}::int)
    order by g.created_at desc
    limit 500`);
  return (found as unknown as { rows: SuggestionRow[] }).rows;
}

/** Ratings of the departments' services: how many, the average, and how many of 1 or 2 stars. */
export async function ratingsOf(db: Db, departmentSlugs: string[] | null) {
  const found = await db.execute(sql`
    select s.id, s.title, d.short_name as department, count(*)::int as count, round(avg(r.value)::numeric, 1)::float8 as average,
           count(*) filter (where r.value <= 2)::int as low
    from ratings r join services s on s.id = r.service_id join departments d on d.id = s.department_id
    where (${departmentSlugs === null} or d.slug = any(${pgArray(departmentSlugs ?? [])}::text[]))
    group by s.id, s.title, d.short_name
    order by low desc, average asc
    limit 100`);
  return (found as unknown as { rows: { id: number; title: string; department: string; count: number; average: number; low: number }[] }).rows;
}

export async function setFeedbackStatus(db: Db, suggestionId: number, status: string, versionId: number | null, by: string) {
  await db
    .insert(schema.feedbackStatus)
    .values({ suggestionId, status, versionId, updatedBy: by, updatedAt: new Date() })
    .onConflictDoUpdate({ target: schema.feedbackStatus.suggestionId, set: { status, versionId, updatedBy: by, updatedAt: new Date() } });
}

/** Facts whose legal basis lapses within `days` (or has lapsed), of services on line of these departments. */
export async function expiringFacts(db: Db, departmentSlugs: string[] | null, today: string, days: number) {
  const f = schema.serviceFactSources;
  const scope = departmentSlugs ? inArray(departments.slug, departmentSlugs.length ? departmentSlugs : ['']) : undefined;
  return db
    .select({ ...serviceRef, factId: f.id, fact: f.fact, source: f.source, validUntil: f.validUntil })
    .from(f)
    .innerJoin(services, eq(services.id, f.serviceId))
    .innerJoin(departments, eq(departments.id, services.departmentId))
    .where(and(eq(services.active, true), sql`${f.validUntil} <= ${today}::date + ${days}::int`, scope))
    .orderBy(asc(f.validUntil));
}

/** Takes the lapsing facts whose editors were not told yet, marking them told in the same statement (see claimReviewReminders). */
export function claimFactReminders(db: Db, today: string, days: number, at: Date) {
  return rows<{ id: number; title: string; fact: string; source: string; validUntil: string; departmentSlug: string }>(
    db as Database,
    sql`update service_fact_sources f set notified_at = ${at.toISOString()}::timestamptz from services s join departments d on d.id = s.department_id
        where s.id = f.service_id and s.active and f.valid_until <= ${today}::date + ${days}::int and f.notified_at is null
        returning s.id, s.title, f.fact, f.source, f.valid_until::text as "validUntil", d.slug as "departmentSlug"`,
  );
}
