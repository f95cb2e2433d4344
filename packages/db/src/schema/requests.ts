import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { departments, services } from './catalog.ts';

// ---------------------------------------------------------------------------------------------------------
// Requests of services (issues 27 and 28, apps/server/src/modules/requests): what a citizen asked for, with the
// answers of the form version they filled in, their files, every step it went through, and its protocol.
// ---------------------------------------------------------------------------------------------------------

/**
 * One request: a draft while the citizen fills it in, then sent with a protocol, worked by the department to a
 * decision. Its state is the requests' workflow's (requests.workflow.ts); it keeps the form it was filled with.
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: serial('id').primaryKey(),
    /** readable over the phone: 2026-DETRAN-004211; null for a draft */
    protocol: text('protocol').unique(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    citizenSub: text('citizen_sub').notNull(),
    /** what the state knew of the citizen when sent (once-only: never asked), kept with the request */
    citizen: jsonb('citizen').$type<{ name: string; cpf: string; email: string; phone: string; birthDate: string }>().notNull(),
    state: text('state').notNull(),
    /** the published service version whose form it was filled with, and that form */
    formVersion: integer('form_version').notNull(),
    form: jsonb('form').$type<Record<string, unknown>>().notNull(),
    answers: jsonb('answers').$type<Record<string, string | string[]>>().notNull().default({}),
    /** the service's step it is in (its index in the service's steps), and since when */
    stepIndex: integer('step_index'),
    stepName: text('step_name'),
    stepSince: timestamp('step_since', { withTimezone: true }),
    /** the member of staff working it (issue 28) */
    assigneeSub: text('assignee_sub'),
    assigneeName: text('assignee_name'),
    /** business days promised, and the day it is due by (moved by the days spent waiting for the citizen) */
    deadlineDays: integer('deadline_days'),
    dueOn: date('due_on', { mode: 'string' }),
    /** business days spent waiting for the citizen so far, and since when it waits now */
    pausedDays: integer('paused_days').notNull().default(0),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    lastMessage: text('last_message'),
    /**
     * a page's answers the checks refused, kept aside (never as answers) so that the page shown again after a
     * form post without scripts has what was typed and each field's problem; cleared when the page is saved
     */
    pending: jsonb('pending').$type<{ page: string; typed: Record<string, string | string[]>; errors: { field: string; message: string }[] }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** a draft is deleted after this; the citizen is reminded before */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** when the assignee and the department's leads were told its deadline nears (issue 28), once */
    deadlineRemindedAt: timestamp('deadline_reminded_at', { withTimezone: true }),
    /** kept for its retention period, then deleted (privacy policy) */
    keepUntil: date('keep_until', { mode: 'string' }),
    /** why it was refused, one of REFUSAL_REASONS' keys: the public panel counts refusals by it (issue 30); the message to the citizen stays private */
    refusalReason: text('refusal_reason'),
  },
  (t) => [
    index('service_requests_citizen_idx').on(t.citizenSub, t.updatedAt),
    index('service_requests_queue_idx').on(t.departmentId, t.state, t.dueOn),
    index('service_requests_service_idx').on(t.serviceId, t.state),
    // The public panel (issue 30): what changed since its last update, and a month's sent and ended requests.
    index('service_requests_updated_idx').on(t.updatedAt),
    index('service_requests_submitted_idx').on(t.submittedAt),
    index('service_requests_ended_idx').on(t.closedAt),
    // A department's queue at a million requests (issue 28): the open ones by deadline (what the queue shows first,
    // and the overdue), the closed ones latest first, one service's, one attendant's.
    // (the state last: which of the open states it is is read from the index, without the row)
    index('service_requests_open_idx').on(t.departmentId, t.dueOn, t.id, t.state).where(sql`${t.state} in ('enviada', 'em_analise', 'aguardando_cidadao')`),
    index('service_requests_closed_idx').on(t.departmentId, t.state, t.closedAt.desc(), t.id.desc()),
    index('service_requests_service_queue_idx').on(t.serviceId, t.state, t.dueOn, t.id),
    index('service_requests_assignee_idx').on(t.assigneeSub, t.dueOn, t.id).where(sql`${t.state} in ('enviada', 'em_analise', 'aguardando_cidadao')`),
    // One draft per citizen and service: starting again goes on with it.
    uniqueIndex('service_requests_one_draft_idx').on(t.citizenSub, t.serviceId).where(sql`${t.state} = 'rascunho'`),
  ],
);

/**
 * How many requests each department has in each state (the queue's counts, issue 28): kept by a trigger of the
 * migration on every insert, state change and delete of a request, so no page counts a million rows. A count is the
 * sum of its slots (a request counts in slot `id % 16`): with one row per department and state, every request sent
 * to a department at once waited for the others' commits on that row (migration 0042).
 */
export const requestCounts = pgTable(
  'request_counts',
  {
    departmentId: integer('department_id').notNull(),
    state: text('state').notNull(),
    slot: smallint('slot').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.state, t.slot] })],
);

/** A file a citizen sent with a request (stored through the storage interface: a folder, or S3). */
export const requestFiles = pgTable(
  'request_files',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    /** the question it answers ('' for a file sent with a reply) */
    question: text('question').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    name: text('name').notNull(),
    /** the type its content says it is (file-type), never its name's */
    type: text('type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** sent with the citizen's reply to a request for information (issue 28), not with the form */
    withReply: boolean('with_reply').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_files_request_idx').on(t.requestId)],
);

/** Every step of a request: state changes, step changes, messages either way, documents. Only ever added to. */
export const requestEvents = pgTable(
  'request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'estado', 'etapa', 'mensagem' (to the citizen), 'nota' (internal: never shown to the citizen), 'resposta', 'documento' */
    kind: text('kind').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    message: text('message').notNull().default(''),
    actorSub: text('actor_sub'),
    actorName: text('actor_name').notNull().default(''),
  },
  (t) => [index('request_events_request_idx').on(t.requestId, t.at)],
);

/** The last protocol number of each department and year: taken one at a time, in one statement. */
export const requestProtocols = pgTable(
  'request_protocols',
  {
    year: integer('year').notNull(),
    department: text('department').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.year, t.department] })],
);

/** A rating of a service by someone who used it (a concluded or refused request), shown apart from anonymous ones. */
export const verifiedRatings = pgTable(
  'verified_ratings',
  {
    requestId: integer('request_id')
      .primaryKey()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    value: integer('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verified_ratings_service_idx').on(t.serviceId), index('verified_ratings_created_idx').on(t.createdAt)],
);


/**
 * Every look of a member of staff at a citizen's data (issue 28, 'Quem acessou meus dados'): opening a request,
 * one of its files. Only ever added to: the migration's trigger refuses to change or delete a row, whoever asks.
 */
export const dataAccesses = pgTable(
  'data_accesses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    citizenSub: text('citizen_sub').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffSub: text('staff_sub').notNull(),
    staffName: text('staff_name').notNull(),
    /** the department's short name when it was opened */
    department: text('department').notNull(),
    /** 'solicitacao' or 'arquivo' */
    kind: text('kind').notNull(),
    /** what was opened (a file's name) */
    detail: text('detail').notNull().default(''),
    /** the request it was opened in the course of: no foreign key, the record outlives what it names */
    requestId: integer('request_id'),
    protocol: text('protocol'),
    service: text('service'),
  },
  (t) => [index('data_accesses_citizen_idx').on(t.citizenSub, t.at)],
);

/**
 * Days a department, or the whole state, does not open (issue 28): a 'ponto facultativo', a strike, a move. Kept by
 * the department's leads (the whole state's by the central team) in the back office; a deadline counts over them
 * as over a holiday (packages/db/src/business-days.ts). `departmentId` null: every department.
 */
export const departmentClosures = pgTable(
  'department_closures',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id').references(() => departments.id),
    day: date('day', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdBySub: text('created_by_sub').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One closure a day for a department, one for the state: two leads adding the same day at once, one wins.
  (t) => [uniqueIndex('department_closures_day_idx').on(sql`coalesce(${t.departmentId}, 0)`, t.day)],
);
