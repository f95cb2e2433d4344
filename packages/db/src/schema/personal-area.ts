import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';

// The personal area: each citizen's notifications (and the devices they reach), Nota Piauiense balance and pay slips.

/** Messages of the notifications panel. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userSub: text('user_sub').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** alerta, informacao, novidade, ... */
    kind: text('kind').notNull(),
    bannerUrl: text('banner_url'),
    /** free metadata; onClick {tipo: 'redirect', url} is the redirect action */
    metadata: jsonb('metadata').notNull().default(sql`'{}'::jsonb`),
    readAt: timestamp('read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userSub, t.createdAt)],
);

/**
 * The phones where a citizen turned push notifications on in the state's app: one Expo push token per
 * device. A token belongs to whoever registered it last (one phone, one citizen signed in at a time).
 */
export const pushDevices = pgTable(
  'push_devices',
  {
    /** ExponentPushToken[...] (or ExpoPushToken[...]) */
    token: text('token').primaryKey(),
    userSub: text('user_sub').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the last time the app registered it: the oldest go first when a citizen has too many */
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_devices_user_idx').on(t.userSub, t.registeredAt)],
);

/** Nota Piauiense: each citizen's credit balance from tax receipts. */
export const notaPiauienseAccounts = pgTable('nota_piauiense_accounts', {
  userSub: text('user_sub').primaryKey(),
  releasedBalance: numeric('released_balance', { precision: 12, scale: 2 }).notNull().default('0'),
  pendingBalance: numeric('pending_balance', { precision: 12, scale: 2 }).notNull().default('0'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Receipts (notas fiscais) with the citizen's CPF that earned Nota Piauiense credit. */
export const notaPiauienseReceipts = pgTable(
  'nota_piauiense_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userSub: text('user_sub').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    issuerName: text('issuer_name').notNull(),
    issuerCnpj: text('issuer_cnpj').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    credit: numeric('credit', { precision: 12, scale: 2 }).notNull(),
    /** 'Liberado' or 'Pendente' */
    status: text('status').notNull(),
  },
  (t) => [index('nota_piauiense_receipts_user_idx').on(t.userSub, t.issuedOn)],
);

/** Public servants' pay slips (contracheques); the PDF is generated from these rows on download. */
export const paySlips = pgTable(
  'pay_slips',
  {
    id: serial('id').primaryKey(),
    userSub: text('user_sub').notNull(),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    /** vínculo: the bond's short code, e.g. SEAD */
    bond: text('bond').notNull(),
    registration: text('registration').notNull(),
    position: text('position').notNull(),
    department: text('department').notNull(),
    /** [{codigo, descricao, tipo: 'provento' | 'desconto', valor}] in reais */
    lines: jsonb('lines').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('pay_slips_user_period_unique').on(t.userSub, t.year, t.month, t.bond), index('pay_slips_user_idx').on(t.userSub)],
);

/**
 * How a citizen wants to be told of each kind of notice ('Meus dados', issue 30): by e-mail, by push, or only in the
 * portal's messages (always kept: the record of the service). No row: both on, as before anyone chose.
 */
export const noticePreferences = pgTable(
  'notice_preferences',
  {
    userSub: text('user_sub').notNull(),
    /** one of NOTICE_KINDS: solicitacoes, agendamentos, lembretes */
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    push: boolean('push').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userSub, t.kind] })],
);

/**
 * A citizen's data and files in one zip ('Meus dados', issue 30), made by the job queue: asked, then ready (with its
 * stored file), kept a few days for the citizen to download, then deleted by the retention job.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userSub: text('user_sub').notNull(),
    /** preparando, pronto or falhou */
    state: text('state').notNull(),
    storageKey: text('storage_key'),
    bytes: integer('bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userSub, t.createdAt)],
);

/**
 * The contact the citizen gave the portal for notices ('Meus dados', issue 30), over what the Acesso Cidadão says: an
 * e-mail, used once confirmed by a code sent to it, and a phone. A new e-mail waits, with its code's hash, until
 * confirmed.
 */
export const noticeContacts = pgTable('notice_contacts', {
  userSub: text('user_sub').primaryKey(),
  email: text('email'),
  phone: text('phone'),
  pendingEmail: text('pending_email'),
  /** sha256 of the 6-digit code sent to the pending e-mail */
  pendingCodeHash: text('pending_code_hash'),
  pendingExpiresAt: timestamp('pending_expires_at', { withTimezone: true }),
  pendingTries: smallint('pending_tries').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
