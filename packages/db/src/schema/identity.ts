import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

// ---------------------------------------------------------------------------------------------------
// Identity and the personal area (issues 4 and 6): citizens' accounts for the embedded OpenID Connect
// provider, its persisted state (signing keys, grants, sessions), the web app's server-side sessions,
// and each citizen's notifications, Nota Piauiense balance and pay slips. Everything personal is keyed
// by the account's `sub`, the same value access tokens carry (favorites.user_sub, access_log.user_sub).
// ---------------------------------------------------------------------------------------------------

/** Citizens' accounts of the embedded identity provider ('Acesso Cidadão'). */
export const users = pgTable('users', {
  sub: text('sub').primaryKey(),
  username: text('username').notNull().unique(),
  /** scrypt$N$r$p$salt$hash (base64url), see apps/server/src/modules/identity/password.ts */
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  email: text('email').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** access levels (opala, ouro, prata, bronze) and other realm roles */
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  groups: text('groups').array().notNull().default(sql`'{}'::text[]`),
  cpf: text('cpf').notNull().default(''),
  /** the account's phone, digits with the area code (OIDC's phone_number): requests never ask it again */
  phone: text('phone').notNull().default(''),
  motherName: text('mother_name').notNull().default(''),
  birthDate: date('birth_date', { mode: 'string' }),
  /** [{placa, renavam, modelo, ano}] */
  vehicles: jsonb('vehicles').notNull().default(sql`'[]'::jsonb`),
  cnhCategory: text('cnh_category'),
  /** número de registro da CNH */
  cnhNumber: text('cnh_number'),
  /** RENACH */
  cnhRegistry: text('cnh_registry'),
  cnhIssuedOn: date('cnh_issued_on', { mode: 'string' }),
  cnhValidUntil: date('cnh_valid_until', { mode: 'string' }),
  cnhBlockBca: boolean('cnh_block_bca').notNull().default(false),
  cnhBlockSeized: boolean('cnh_block_seized').notNull().default(false),
  ...timestamps,
});

/** Secrets the identity provider generates on first start and every instance shares (signing keys, cookie keys). */
export const identitySecrets = pgTable('identity_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** oidc-provider's models (Session, Interaction, Grant, AuthorizationCode, RefreshToken, ...). */
export const oidcModels = pgTable(
  'oidc_models',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_models_grant_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.uid),
    index('oidc_models_expires_idx').on(t.expiresAt),
  ],
);

/** The web app's sessions (backend-for-frontend): the browser holds only a random id, hashed here. */
export const webSessions = pgTable(
  'web_sessions',
  {
    /** sha256 of the cookie value */
    idHash: text('id_hash').primaryKey(),
    userSub: text('user_sub').notNull(),
    /** the ID token's claims when the session began */
    claims: jsonb('claims').notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('web_sessions_user_idx').on(t.userSub), index('web_sessions_expires_idx').on(t.expiresAt)],
);

/** Logins in progress: PKCE verifier, nonce and where to go back, keyed by the authorisation `state`. */
export const webLoginStates = pgTable('web_login_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
