import { and, asc, desc, eq, inArray, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { OVERDUE_COUNT_CAP, type Answers, type RequestForm } from '@portal/contracts';
import { schema, type Database } from '@portal/db';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { preparedPer } from '../../lib/rows.ts';

const { serviceRequests, requestFiles, requestEvents, requestProtocols, verifiedRatings, issuedDocuments, services, departments, categories, accessProfiles, serviceSteps, users } = schema;

/** The database or a transaction in it. */
export type Db = Database;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type RequestRow = typeof serviceRequests.$inferSelect;
export type FileRow = typeof requestFiles.$inferSelect;
export type EventRow = typeof requestEvents.$inferSelect;

/** What a request needs of its service: where it lives, who works it, the form published now and its steps. */
export interface RequestService {
  id: number;
  slug: string;
  title: string;
  active: boolean;
  categorySlug: string;
  departmentId: number;
  departmentSlug: string;
  departmentShortName: string;
  departmentName: string;
  accessLevel: string | null;
  requestForm: RequestForm | null;
  requestFormVersion: number | null;
  deadlineDays: number | null;
  steps: string[];
}

const serviceColumns = {
  id: services.id,
  slug: services.slug,
  title: services.title,
  active: services.active,
  categorySlug: categories.slug,
  departmentId: departments.id,
  departmentSlug: departments.slug,
  departmentShortName: departments.shortName,
  departmentName: departments.name,
  accessLevel: accessProfiles.name,
  requestForm: services.requestForm,
  requestFormVersion: services.requestFormVersion,
  deadlineDays: services.deadlineDays,
};

// Every call of a request reads its service: its steps come in the same query, and `extra` (the request itself)
// when the service is read for one.
function serviceQuery<Extra extends SelectedFields>(db: Db, extra: Extra) {
  return db
    .select({ ...serviceColumns, steps: sql<string[]>`coalesce((select json_agg(st.name order by st.order_index, st.id) from ${serviceSteps} st where st.service_id = ${services.id}), '[]')`, ...extra })
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .innerJoin(departments, eq(departments.id, services.departmentId))
    .innerJoin(accessProfiles, eq(accessProfiles.id, services.accessProfileId));
}

const asService = <T extends { requestForm: unknown }>(s: T) => ({ ...s, requestForm: s.requestForm as RequestForm | null });

async function servicesWhere(db: Db, where: SQL | undefined): Promise<RequestService[]> {
  return (await serviceQuery(db, {}).where(where)).map(asService);
}

const serviceBySlugQuery = preparedPer((db: Db) => serviceQuery(db, {}).where(eq(services.slug, sql.placeholder('slug'))).prepare('request_service_by_slug'));
export const serviceBySlug = async (db: Db, slug: string): Promise<RequestService | null> => (await serviceBySlugQuery(db).execute({ slug })).map(asService)[0] ?? null;
export const serviceById = async (db: Db, id: number) => (await servicesWhere(db, eq(services.id, id)))[0] ?? null;
/** What a request's page shows beside the request, times as ISO text. */
export interface RequestExtras {
  /** with where each is stored and whether it came with a reply: for the send and the discard, never for a page (detail() picks) */
  files: (Pick<FileRow, 'id' | 'question' | 'name' | 'type' | 'size' | 'withReply' | 'storageKey'> & { createdAt: string })[];
  events: (Pick<EventRow, 'kind' | 'toState' | 'message' | 'actorName'> & { at: string })[];
  rating: number | null;
  documents: { code: string; title: string; issuedAt: string; revokedAt: string | null }[];
}

/** What a request has beside it when it has nothing yet: a new draft. */
export const NO_EXTRAS: Readonly<RequestExtras> = { files: [], events: [], rating: null, documents: [] };

// The request's id as a parameter of the prepared queries below: a column of the outer query would be written without
// its table when it reads one table, and read by a subquery as its own table's `id`.
const idParam = sql.placeholder('id');

/** A request's files, its history (internal notes only when `withNotes`), its citizen's rating and its documents. */
const extrasFields = (withNotes: SQL | Placeholder) => ({
  files: sql<RequestExtras['files']>`coalesce((select json_agg(json_build_object('id', f.id, 'question', f.question, 'name', f.name, 'type', f.type, 'size', f.size, 'createdAt', f.created_at, 'withReply', f.with_reply, 'storageKey', f.storage_key) order by f.id)
    from ${requestFiles} f where f.request_id = ${idParam}), '[]')`,
  events: sql<RequestExtras['events']>`coalesce((select json_agg(json_build_object('at', e.at, 'kind', e.kind, 'toState', e.to_state, 'message', e.message, 'actorName', e.actor_name) order by e.at, e.id)
    from ${requestEvents} e where e.request_id = ${idParam} and (${withNotes}::boolean or e.kind <> 'nota')), '[]')`,
  rating: sql<number | null>`(select r.value from ${verifiedRatings} r where r.request_id = ${idParam})`,
  documents: sql<RequestExtras['documents']>`coalesce((select json_agg(json_build_object('code', d.code, 'title', d.title, 'issuedAt', d.issued_at, 'revokedAt', d.revoked_at) order by d.issued_at, d.id)
    from ${issuedDocuments} d where d.request_id = ${idParam}), '[]')`,
});

// Prepared once per database: PostgreSQL plans its five tables once per connection instead of at every call.
const requestWithServiceQuery = preparedPer((db: Db) =>
  serviceQuery(db, { request: serviceRequests, ...extrasFields(sql`false`) })
    .innerJoin(serviceRequests, eq(serviceRequests.serviceId, services.id))
    .where(eq(serviceRequests.id, idParam))
    .prepare('request_with_service'),
);

/**
 * A request, its service, and what its citizen's page shows beside it (its files, history without the internal
 * notes, rating and documents), in one query: every call of a citizen's request starts with them.
 */
export async function requestWithService(db: Db, id: number): Promise<{ row: RequestRow; service: RequestService; extras: RequestExtras } | null> {
  const [found] = await requestWithServiceQuery(db).execute({ id });
  if (!found) return null;
  const { request, files, events, rating, documents, ...service } = found;
  return { row: request, service: asService(service), extras: { files, events, rating, documents } };
}

/** The account's data the state already holds (Lei 14.129's once-only principle); null for an account kept elsewhere. */
export async function account(db: Db, sub: string) {
  const [found] = await db.select({ name: users.name, cpf: users.cpf, email: users.email, phone: users.phone, birthDate: users.birthDate }).from(users).where(eq(users.sub, sub));
  return found ?? null;
}

export async function findRequest(db: Db, id: number): Promise<RequestRow | null> {
  const [found] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  return found ?? null;
}

export async function findDraft(db: Db, citizenSub: string, serviceId: number): Promise<RequestRow | null> {
  const [found] = await db
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.citizenSub, citizenSub), eq(serviceRequests.serviceId, serviceId), eq(serviceRequests.state, 'rascunho')));
  return found ?? null;
}

/** A new draft, or none when one already exists (one draft per citizen and service: two tabs starting at once make one). */
export async function insertDraft(db: Db, values: typeof serviceRequests.$inferInsert): Promise<RequestRow | null> {
  const [row] = await db.insert(serviceRequests).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateRequest(db: Db, id: number, values: Partial<typeof serviceRequests.$inferInsert>): Promise<RequestRow> {
  const [row] = await db.update(serviceRequests).set(values).where(eq(serviceRequests.id, id)).returning();
  return row!;
}

/** Deletes a draft (never a sent request): its files' rows go with it; the caller removes the stored files. */
export async function deleteDraft(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(serviceRequests).where(and(eq(serviceRequests.id, id), eq(serviceRequests.state, 'rascunho'))).returning({ id: serviceRequests.id });
  return deleted.length > 0;
}

/** The citizen's requests and drafts, latest first. */
export function citizenRequests(db: Db, citizenSub: string) {
  return db.select().from(serviceRequests).where(eq(serviceRequests.citizenSub, citizenSub)).orderBy(desc(serviceRequests.updatedAt), desc(serviceRequests.id)).limit(200);
}

/** The services of these requests, by id. */
export async function servicesOf(db: Db, ids: number[]): Promise<Map<number, RequestService>> {
  if (!ids.length) return new Map();
  const found = await servicesWhere(db, inArray(services.id, [...new Set(ids)]) as ReturnType<typeof eq>);
  return new Map(found.map((s) => [s.id, s]));
}

const extrasQuery = preparedPer((db: Db) =>
  db
    .select(extrasFields(sql.placeholder('withNotes')))
    .from(serviceRequests)
    .where(eq(serviceRequests.id, idParam))
    .prepare('request_extras'),
);

/**
 * A request's files, its history (internal notes only for staff), the citizen's rating and the documents issued
 * for it, in one query: every call of a citizen filling in a request answers with them, and four queries were four
 * round trips to the database each time.
 */
export async function extrasOf(db: Db, requestId: number, withNotes: boolean): Promise<RequestExtras> {
  const [found] = await extrasQuery(db).execute({ id: requestId, withNotes });
  return found ?? NO_EXTRAS;
}

export function filesOf(db: Db, requestId: number) {
  return db.select().from(requestFiles).where(eq(requestFiles.requestId, requestId)).orderBy(asc(requestFiles.id));
}

export async function findFile(db: Db, requestId: number, fileId: number): Promise<FileRow | null> {
  const [found] = await db.select().from(requestFiles).where(and(eq(requestFiles.requestId, requestId), eq(requestFiles.id, fileId)));
  return found ?? null;
}

export async function insertFile(db: Db, values: typeof requestFiles.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(requestFiles).values(values).returning();
  return row!;
}

export async function deleteFile(db: Db, requestId: number, fileId: number): Promise<FileRow | null> {
  const [row] = await db.delete(requestFiles).where(and(eq(requestFiles.requestId, requestId), eq(requestFiles.id, fileId))).returning();
  return row ?? null;
}

export async function addEvent(db: Db, values: typeof requestEvents.$inferInsert) {
  await db.insert(requestEvents).values(values);
}

/** Its history, oldest first; internal notes only for staff. */
export function eventsOf(db: Db, requestId: number, withNotes: boolean) {
  const where = withNotes ? eq(requestEvents.requestId, requestId) : and(eq(requestEvents.requestId, requestId), sql`${requestEvents.kind} <> 'nota'`);
  return db.select().from(requestEvents).where(where).orderBy(asc(requestEvents.at), asc(requestEvents.id));
}

/**
 * The next protocol number of a department in a year, taken in one statement of its own, before the caller's
 * transaction (two sends at once get two numbers). Not in the caller's transaction: there the counter's row stayed
 * locked until that transaction ended, so every send and booking of a department at once waited for the others to
 * commit, one by one (the rush of an agenda, decision 039). A send or booking that then fails leaves a gap in the
 * numbers, which nobody reads in order.
 */
export async function nextProtocolNumber(db: Db, year: number, department: string): Promise<number> {
  const [row] = await db
    .insert(requestProtocols)
    .values({ year, department, last: 1 })
    .onConflictDoUpdate({ target: [requestProtocols.year, requestProtocols.department], set: { last: sql`${requestProtocols.last} + 1` } })
    .returning({ last: requestProtocols.last });
  return row!.last;
}

/** Which of these requests their citizen rated (one query for a whole list, not one per request). */
export async function ratedAmong(db: Db, requestIds: number[]): Promise<Set<number>> {
  if (!requestIds.length) return new Set();
  const found = await db.select({ id: verifiedRatings.requestId }).from(verifiedRatings).where(inArray(verifiedRatings.requestId, requestIds));
  return new Set(found.map((r) => r.id));
}

/** The citizen's rating of the service they used; rating again changes it. */
export async function rate(db: Db, requestId: number, serviceId: number, value: number) {
  await db
    .insert(verifiedRatings)
    .values({ requestId, serviceId, value })
    .onConflictDoUpdate({ target: verifiedRatings.requestId, set: { value, createdAt: new Date() } });
}

/** Drafts that expire before `before` and whose citizen was not yet reminded. */
export function draftsToRemind(db: Db, before: Date) {
  return db
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.state, 'rascunho'), lt(serviceRequests.expiresAt, before), isNull(serviceRequests.reminderSentAt)))
    .limit(500);
}

/** Marks a reminder sent, once: true for the caller whose update found it unmarked. */
export async function markReminded(db: Db, id: number, at: Date): Promise<boolean> {
  const updated = await db
    .update(serviceRequests)
    .set({ reminderSentAt: at })
    .where(and(eq(serviceRequests.id, id), isNull(serviceRequests.reminderSentAt)))
    .returning({ id: serviceRequests.id });
  return updated.length > 0;
}

/** Drafts past their expiry, with their files' keys (the stored files are removed after). */
export async function expiredDrafts(db: Db, now: Date) {
  const drafts = await db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.state, 'rascunho'), lt(serviceRequests.expiresAt, now)))
    .limit(500);
  if (!drafts.length) return [];
  const files = await db.select({ requestId: requestFiles.requestId, key: requestFiles.storageKey }).from(requestFiles).where(inArray(requestFiles.requestId, drafts.map((d) => d.id)));
  return drafts.map((d) => ({ id: d.id, keys: files.filter((f) => f.requestId === d.id).map((f) => f.key) }));
}

export type { Answers };

// --- the department's side (issue 28) -----------------------------------------------------------------------

const OPEN_NOT_WAITING = ['enviada', 'em_analise'];

/** What narrows a department's queue: the caller's departments (null: all), and the query's filters. */
export interface QueueFilter {
  departmentIds: number[] | null;
  state?: string;
  openStates: readonly string[];
  serviceId?: number;
  assigneeSub?: string | null;
  overdueBefore?: string;
  search?: string;
}

/** The ids of departments by their slugs. */
export async function departmentIds(db: Db, slugs: string[]): Promise<number[]> {
  if (!slugs.length) return [];
  return (await db.select({ id: departments.id }).from(departments).where(inArray(departments.slug, slugs))).map((d) => d.id);
}

function queueWhere(filter: QueueFilter) {
  const search = filter.search?.trim() ?? '';
  const digits = search.replace(/\D/g, '');
  // The open states spelled as the partial indexes' condition, so the planner uses them.
  const open = sql`${serviceRequests.state} in ('enviada', 'em_analise', 'aguardando_cidadao')`;
  const conditions = [
    filter.departmentIds ? inArray(serviceRequests.departmentId, filter.departmentIds.length ? filter.departmentIds : [0]) : undefined,
    filter.state ? eq(serviceRequests.state, filter.state) : open,
    filter.serviceId ? eq(serviceRequests.serviceId, filter.serviceId) : undefined,
    filter.assigneeSub === null ? isNull(serviceRequests.assigneeSub) : filter.assigneeSub ? eq(serviceRequests.assigneeSub, filter.assigneeSub) : undefined,
    filter.overdueBefore ? and(open, inArray(serviceRequests.state, OPEN_NOT_WAITING), lt(serviceRequests.dueOn, filter.overdueBefore)) : undefined,
    !search
      ? undefined
      : /^\d{4}-[A-Za-z]+-\d+$/.test(search)
        ? eq(serviceRequests.protocol, search.toUpperCase())
        : digits.length === 11 && /^[\d.\s-]+$/.test(search)
          ? sql`${serviceRequests.citizen}->>'cpf' = ${digits}`
          : sql`${serviceRequests.citizen}->>'name' ilike ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
  ];
  return and(...conditions.filter(Boolean));
}

/**
 * A page of a department's queue: the open ones by deadline (the overdue first), the closed ones latest first,
 * one more row than the page to know whether another follows (a million rows are never counted for a page).
 */
export async function queuePage(db: Db, filter: QueueFilter, page: number, size: number) {
  const closed = filter.state !== undefined && !filter.openStates.includes(filter.state);
  const order = closed ? [sql`${serviceRequests.closedAt} desc nulls last`, sql`${serviceRequests.id} desc nulls last`] : [sql`${serviceRequests.dueOn} asc nulls last`, asc(serviceRequests.id)];
  // The page's ids first, from the index alone (the rows skipped to reach page 40 are never read), then their rows.
  const ids = await db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(queueWhere(filter))
    .orderBy(...order)
    .limit(size + 1)
    .offset((page - 1) * size);
  if (!ids.length) return { rows: [], more: false };
  const rows = await db
    .select({ request: serviceRequests, serviceTitle: services.title, department: departments.shortName })
    .from(serviceRequests)
    .innerJoin(departments, eq(departments.id, serviceRequests.departmentId))
    .innerJoin(services, eq(services.id, serviceRequests.serviceId))
    .where(inArray(serviceRequests.id, ids.slice(0, size).map((r) => r.id)))
    .orderBy(...order);
  return { rows, more: ids.length > size };
}

/** How many requests each state has in these departments (kept by the database as they change), and how many open ones are overdue (up to the cap, and one more). */
export async function queueCounts(db: Db, departmentIds: number[] | null, today: string) {
  const inDepartments = (column: typeof schema.requestCounts.departmentId | typeof serviceRequests.departmentId) =>
    departmentIds ? inArray(column, departmentIds.length ? departmentIds : [0]) : undefined;
  const [rows, [overdue]] = await Promise.all([
    db
      .select({ state: schema.requestCounts.state, n: sql<number>`sum(${schema.requestCounts.n})::int` })
      .from(schema.requestCounts)
      .where(inDepartments(schema.requestCounts.departmentId))
      .groupBy(schema.requestCounts.state),
    // Counted up to one past the cap, along the open requests' index: bounded work however many are late.
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(
        db
          .select({ one: sql`1` })
          .from(serviceRequests)
          .where(and(inDepartments(serviceRequests.departmentId), sql`${serviceRequests.state} in ('enviada', 'em_analise', 'aguardando_cidadao')`, inArray(serviceRequests.state, OPEN_NOT_WAITING), lt(serviceRequests.dueOn, today)))
          .limit(OVERDUE_COUNT_CAP + 1)
          .as('late'),
      ),
  ]);
  return { counts: Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])) as Record<string, number>, overdue: Number(overdue?.n ?? 0) };
}

/** The services with a request form in these departments (null: all): the queue's service filter. */
export function requestableServices(db: Db, departmentSlugs: string[] | null) {
  return db
    .select({ id: services.id, title: services.title })
    .from(services)
    .innerJoin(departments, eq(departments.id, services.departmentId))
    .where(and(sql`${services.requestForm} is not null`, departmentSlugs ? inArray(departments.slug, departmentSlugs.length ? departmentSlugs : ['']) : undefined))
    .orderBy(asc(services.title));
}

/** A request by its protocol, in a department. */
export async function byProtocol(db: Db, protocol: string, departmentId: number): Promise<RequestRow | null> {
  const [found] = await db.select().from(serviceRequests).where(and(eq(serviceRequests.protocol, protocol), eq(serviceRequests.departmentId, departmentId)));
  return found ?? null;
}

/** Who may be given a department's requests: its attendants and reviewers as last seen in the back office. */
export function attendantsOf(db: Db, departmentSlug: string) {
  return db
    .select({ sub: schema.editorialStaff.sub, name: schema.editorialStaff.name, email: schema.editorialStaff.email, roles: schema.editorialStaff.roles })
    .from(schema.editorialStaff)
    .where(sql`${schema.editorialStaff.roles} && array[${`gestao:atendente:${departmentSlug}`}, ${`gestao:revisor:${departmentSlug}`}]::text[]`)
    .orderBy(asc(schema.editorialStaff.name));
}

/** Open requests not waiting for the citizen, due by `by`, whose staff were not yet told. */
export function deadlinesToRemind(db: Db, by: string) {
  return db
    .select({ request: serviceRequests, department: departments.slug, serviceTitle: services.title })
    .from(serviceRequests)
    .innerJoin(departments, eq(departments.id, serviceRequests.departmentId))
    .innerJoin(services, eq(services.id, serviceRequests.serviceId))
    .where(and(inArray(serviceRequests.state, OPEN_NOT_WAITING), sql`${serviceRequests.dueOn} <= ${by}`, isNull(serviceRequests.deadlineRemindedAt)))
    .limit(500);
}

export async function markDeadlineReminded(db: Db, id: number, at: Date): Promise<boolean> {
  const updated = await db
    .update(serviceRequests)
    .set({ deadlineRemindedAt: at })
    .where(and(eq(serviceRequests.id, id), isNull(serviceRequests.deadlineRemindedAt)))
    .returning({ id: serviceRequests.id });
  return updated.length > 0;
}

/** A look of staff at a citizen's data, recorded for the citizen (never changed nor deleted: the table's trigger). */
export async function recordAccess(db: Db, values: typeof schema.dataAccesses.$inferInsert) {
  await db.insert(schema.dataAccesses).values(values);
}

export function accessesOf(db: Db, citizenSub: string) {
  return db.select().from(schema.dataAccesses).where(eq(schema.dataAccesses.citizenSub, citizenSub)).orderBy(desc(schema.dataAccesses.at), desc(schema.dataAccesses.id)).limit(500);
}

/** The row still as it was read (no one acted on it meanwhile): for changes that are not a transition. */
export const sameState = (row: RequestRow) => and(eq(serviceRequests.id, row.id), eq(serviceRequests.state, row.state), sql`date_trunc('milliseconds', ${serviceRequests.updatedAt}) = ${row.updatedAt.toISOString()}::timestamptz`);
/** The request still in the step it was read in: of two advancing it at once, one wins. */
export const sameStep = (row: RequestRow) => (row.stepIndex === null ? isNull(serviceRequests.stepIndex) : eq(serviceRequests.stepIndex, row.stepIndex));
