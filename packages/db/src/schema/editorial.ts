import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { departments, services } from './catalog.ts';
import { simplifiqueSuggestions } from './simplifique.ts';

// ---------------------------------------------------------------------------------------------------------
// The editorial back office (issue 15, apps/server/src/modules/gestao): versions of each service's content,
// from draft to published, and an append-only log of every editorial action.
// ---------------------------------------------------------------------------------------------------------

/**
 * One version of a service's content (the fields a department edits, as JSON: contracts' ServiceContent).
 * rascunho → em_revisao → (devolvido → em_revisao …) → aprovado → publicado; an older published version
 * becomes substituido when a newer one goes live; a draft given up is descartado. At most one version per
 * service is open (rascunho, em_revisao, devolvido or aprovado): the live one stays up meanwhile.
 */
export const serviceVersions = pgTable(
  'service_versions',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    state: text('state').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    /** the published version this one was drafted from */
    baseVersionId: integer('base_version_id'),
    /** what changed and why, as the editor wrote it when sending for review (required) */
    changeNote: text('change_note').notNull().default(''),
    /** the reviewer's comments when returning it */
    reviewComment: text('review_comment').notNull().default(''),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedBy: text('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    reviewedByName: text('reviewed_by_name').notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** approved versions go live at this time (now, when approved without a date) */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** published by the central team without review (an emergency): a reviewer still has to confirm it */
    emergency: boolean('emergency').notNull().default(false),
    emergencyReviewedBy: text('emergency_reviewed_by'),
    /** the content as it was when last returned: the reviewer reads what changed since (issue 26) */
    returnedContent: jsonb('returned_content').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('service_versions_service_idx').on(t.serviceId, t.id),
    index('service_versions_due_idx').on(t.publishAt).where(sql`${t.state} = 'aprovado'`),
    uniqueIndex('service_versions_one_open_idx')
      .on(t.serviceId)
      .where(sql`${t.state} in ('rascunho', 'em_revisao', 'devolvido', 'aprovado')`),
  ],
);

/**
 * The conversation about a version (issue 26): the reviewer's returns, the author's answers, and what a subject
 * expert replied through a preview link; each round kept, never overwritten.
 */
export const versionComments = pgTable(
  'version_comments',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => serviceVersions.id, { onDelete: 'cascade' }),
    /** 'devolucao' (a reviewer's return), 'comentario' (staff), 'especialista' (an expert without an account) */
    kind: text('kind').notNull(),
    authorSub: text('author_sub'),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    /** the preview link an expert's reply came through */
    expertLinkId: integer('expert_link_id').references(() => expertLinks.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('version_comments_version_idx').on(t.versionId, t.createdAt)],
);

/**
 * A preview link for a subject expert who has no account (issue 26; GOV.UK's fact check): whoever holds it reads
 * the change as citizens will and replies into its conversation, until it expires or is revoked, or the change is
 * decided. Only the token's SHA-256 is kept: the address is shown once, to the member of staff who made it.
 */
export const expertLinks = pgTable(
  'expert_links',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => serviceVersions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** who it was made for, as staff named them ('Dra. Lúcia, jurídico do DETRAN-PI') */
    expertName: text('expert_name').notNull(),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('expert_links_token_idx').on(t.tokenHash), index('expert_links_version_idx').on(t.versionId)],
);

/** Every editorial action: who, what, when, from where. Rows are only ever added (a trigger refuses UPDATE and DELETE). */
export const editorialAudit = pgTable(
  'editorial_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorSub: text('actor_sub').notNull(),
    actorName: text('actor_name').notNull().default(''),
    /** the network address the action came from (a member of staff at work, not a citizen) */
    address: text('address').notNull().default(''),
    action: text('action').notNull(),
    serviceId: integer('service_id'),
    versionId: integer('version_id'),
    departmentId: integer('department_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('editorial_audit_at_idx').on(t.at), index('editorial_audit_service_idx').on(t.serviceId, t.at)],
);

/**
 * The public change log: what changed in a service's key facts (cost, deadline, documents, units) when a
 * version was published, as citizens read it on the service's page. Derived from the two versions' contents.
 */
export const serviceChanges = pgTable(
  'service_changes',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => serviceVersions.id, { onDelete: 'cascade' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** [{ field, label, before, after }] */
    changes: jsonb('changes').$type<{ field: string; label: string; before: string; after: string }[]>().notNull(),
  },
  (t) => [index('service_changes_service_idx').on(t.serviceId, t.publishedAt)],
);

/**
 * The back office's staff as last seen (roles come from the identity provider, which may be the state's: the
 * portal learns who edits and reviews each department when they use it). Reminders go to them.
 */
export const editorialStaff = pgTable('editorial_staff', {
  sub: text('sub').primaryKey(),
  name: text('name').notNull().default(''),
  /** where notices by e-mail go (SMTP_URL), from the identity provider's claims; '' when it gave none */
  email: text('email').notNull().default(''),
  roles: text('roles').array().notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The link checker's last visit to each address services link to (only where the operator allows outbound traffic). */
export const linkChecks = pgTable('link_checks', {
  url: text('url').primaryKey(),
  /** the HTTP status, or null when there was no answer */
  status: integer('status'),
  ok: boolean('ok').notNull(),
  /** why it failed, in Portuguese ('' when it works) */
  problem: text('problem').notNull().default(''),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  /** the services that linked to it when it was checked: the back office lists broken links without reading every service */
  serviceIds: integer('service_ids').array().notNull().default(sql`'{}'::integer[]`),
});

/**
 * The department's handling of a Simplifique suggestion about one of its services (the feedback inbox):
 * new, in progress or done, and the published version that resolved it.
 */
export const feedbackStatus = pgTable('feedback_status', {
  suggestionId: integer('suggestion_id')
    .primaryKey()
    .references(() => simplifiqueSuggestions.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  versionId: integer('version_id').references(() => serviceVersions.id, { onDelete: 'set null' }),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Facts with a source and an expiry (issue 15): the legal basis of a service's cost, deadline or a required
 * document, and until when it holds; editors are reminded before it lapses. Written on publication, like the
 * rest of the content.
 */
export const serviceFactSources = pgTable(
  'service_fact_sources',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    /** 'cost', 'estimatedTime' or 'document:<name>' */
    fact: text('fact').notNull(),
    source: text('source').notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('service_fact_sources_fact_idx').on(t.serviceId, t.fact), index('service_fact_sources_valid_idx').on(t.validUntil)],
);

// ---------------------------------------------------------------------------------------------------------
// Search demand (issue 15): what citizens searched for, counted per day, never who searched (no address, no
// session, and texts that look like a CPF, a phone number or an e-mail are not kept). Deleted after the
// privacy policy's period (modules/retention).
// ---------------------------------------------------------------------------------------------------------

/** Searches that found nothing, per day and normalised text. */
export const searchMisses = pgTable(
  'search_misses',
  {
    day: date('day', { mode: 'string' }).notNull(),
    query: text('query').notNull(),
    searches: integer('searches').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.query] })],
);

/** Searches that led to a service: a citizen opened it from the results of that text, per day. */
export const searchArrivals = pgTable(
  'search_arrivals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    query: text('query').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    arrivals: integer('arrivals').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.query, t.serviceId] }), index('search_arrivals_service_idx').on(t.serviceId, t.day)],
);

/** Texts a service must keep being found by: checked (as warnings) on every draft before it goes live. */
export const serviceTestQueries = pgTable(
  'service_test_queries',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.query] })],
);

/**
 * A change to a department's unit proposed by one of its editors (or a new unit): units change at once when
 * a reviewer saves them, so an editor's change waits here until a reviewer of the department applies it.
 */
export const unitProposals = pgTable(
  'unit_proposals',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    /** the unit's slug; null for a new unit */
    unitSlug: text('unit_slug'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    state: text('state').notNull().default('pendente'),
    proposedBy: text('proposed_by').notNull(),
    proposedByName: text('proposed_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    comment: text('comment').notNull().default(''),
  },
  (t) => [index('unit_proposals_department_idx').on(t.departmentId, t.state)],
);
