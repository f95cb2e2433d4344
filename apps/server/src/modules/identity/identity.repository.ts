import { sql } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';

export interface UserRow {
  sub: string;
  username: string;
  password_hash: string;
  name: string;
  given_name: string;
  family_name: string;
  email: string;
  email_verified: boolean;
  roles: string[];
  groups: string[];
  cpf: string;
  mother_name: string;
  birth_date: string | null;
  vehicles: Record<string, unknown>[];
  cnh_category: string | null;
  cnh_number: string | null;
  cnh_registry: string | null;
  cnh_issued_on: string | null;
  cnh_valid_until: string | null;
  cnh_block_bca: boolean;
  cnh_block_seized: boolean;
}

const USER_COLUMNS = sql`sub, username, password_hash, name, given_name, family_name, email, email_verified, roles, groups, cpf,
  mother_name, birth_date::text as birth_date, vehicles, cnh_category, cnh_number, cnh_registry,
  cnh_issued_on::text as cnh_issued_on, cnh_valid_until::text as cnh_valid_until, cnh_block_bca, cnh_block_seized`;

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | null> {
  return (await rows<UserRow>(db, sql`select ${USER_COLUMNS} from users where lower(username) = lower(${username})`))[0] ?? null;
}

export async function findUserBySub(db: Database, sub: string): Promise<UserRow | null> {
  return (await rows<UserRow>(db, sql`select ${USER_COLUMNS} from users where sub = ${sub}`))[0] ?? null;
}

export async function favoriteSlugs(db: Database, sub: string): Promise<string[]> {
  const found = await rows<{ slug: string }>(
    db,
    sql`select s.slug from favorites f join services s on s.id = f.service_id where f.user_sub = ${sub} order by f.created_at desc, s.slug`,
  );
  return found.map((r) => r.slug);
}

/** The two figures of the header that live beside the account: balance and unread messages. */
export async function headerFigures(db: Database, sub: string): Promise<{ balance: number; unread: number }> {
  const [row] = await rows<{ balance: string | null; unread: number }>(
    db,
    sql`select (select released_balance::text from nota_piauiense_accounts where user_sub = ${sub}) as balance,
               (select count(*)::int from notifications where user_sub = ${sub} and read_at is null and archived_at is null) as unread`,
  );
  return { balance: Number(row?.balance ?? 0), unread: row?.unread ?? 0 };
}

// --- secrets shared by every instance ---------------------------------------------------------------

/** The stored value of a secret, created by `create` when absent; concurrent first starts agree on one. */
export async function secret<T>(db: Database, name: string, create: () => Promise<T> | T): Promise<T> {
  const existing = await rows<{ value: T }>(db, sql`select value from identity_secrets where name = ${name}`);
  if (existing[0]) return existing[0].value;
  const value = await create();
  await db.execute(sql`insert into identity_secrets (name, value) values (${name}, ${JSON.stringify(value)}::jsonb) on conflict (name) do nothing`);
  return (await rows<{ value: T }>(db, sql`select value from identity_secrets where name = ${name}`))[0]!.value;
}

// --- oidc-provider's models ---------------------------------------------------------------------------

export interface OidcModelRow {
  payload: Record<string, unknown>;
  consumed_at: string | null;
}

export async function upsertOidcModel(
  db: Database,
  kind: string,
  id: string,
  payload: Record<string, unknown>,
  expiresIn: number | undefined,
) {
  const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;
  const grantId = typeof payload.grantId === 'string' ? payload.grantId : null;
  const userCode = typeof payload.userCode === 'string' ? payload.userCode : null;
  const uid = typeof payload.uid === 'string' ? payload.uid : null;
  await db.execute(sql`
    insert into oidc_models (kind, id, payload, grant_id, user_code, uid, expires_at)
    values (${kind}, ${id}, ${JSON.stringify(payload)}::jsonb, ${grantId}, ${userCode}, ${uid}, ${expiresAt})
    on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
      user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`);
}

export async function findOidcModel(db: Database, kind: string, column: 'id' | 'uid' | 'user_code', value: string) {
  const where =
    column === 'id' ? sql`id = ${value}` : column === 'uid' ? sql`uid = ${value}` : sql`user_code = ${value}`;
  return (
    await rows<OidcModelRow>(
      db,
      sql`select payload, consumed_at::text as consumed_at from oidc_models
          where kind = ${kind} and ${where} and (expires_at is null or expires_at > now()) limit 1`,
    )
  )[0] ?? null;
}

export async function consumeOidcModel(db: Database, kind: string, id: string) {
  await db.execute(sql`update oidc_models set consumed_at = now() where kind = ${kind} and id = ${id}`);
}

export async function destroyOidcModel(db: Database, kind: string, id: string) {
  await db.execute(sql`delete from oidc_models where kind = ${kind} and id = ${id}`);
}

export async function revokeOidcGrant(db: Database, grantId: string) {
  await db.execute(sql`delete from oidc_models where grant_id = ${grantId}`);
}

export async function pruneOidcModels(db: Database) {
  await db.execute(sql`delete from oidc_models where expires_at < now() - interval '1 hour'`);
}

// --- the web app's sessions ---------------------------------------------------------------------------

export interface WebSessionRow {
  id_hash: string;
  user_sub: string;
  claims: Record<string, unknown>;
  access_token: string;
  refresh_token: string | null;
  id_token: string | null;
  access_expires_at: string;
  expires_at: string;
}

export interface NewWebSession {
  idHash: string;
  userSub: string;
  claims: Record<string, unknown>;
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  accessExpiresAt: Date;
  expiresAt: Date;
}

export async function insertWebSession(db: Database, s: NewWebSession) {
  await db.execute(sql`
    insert into web_sessions (id_hash, user_sub, claims, access_token, refresh_token, id_token, access_expires_at, expires_at)
    values (${s.idHash}, ${s.userSub}, ${JSON.stringify(s.claims)}::jsonb, ${s.accessToken}, ${s.refreshToken}, ${s.idToken},
            ${s.accessExpiresAt.toISOString()}, ${s.expiresAt.toISOString()})`);
}

export async function findWebSession(db: Database, idHash: string): Promise<WebSessionRow | null> {
  return (
    await rows<WebSessionRow>(
      db,
      sql`select id_hash, user_sub, claims, access_token, refresh_token, id_token,
                 access_expires_at::text as access_expires_at, expires_at::text as expires_at
          from web_sessions where id_hash = ${idHash} and expires_at > now()`,
    )
  )[0] ?? null;
}

/** Stores refreshed tokens only if nobody refreshed in between (another instance, a parallel request). */
export async function updateWebSessionTokens(
  db: Database,
  idHash: string,
  previousAccessToken: string,
  tokens: { accessToken: string; refreshToken: string | null; idToken: string | null; accessExpiresAt: Date },
): Promise<boolean> {
  const updated = await rows<{ id_hash: string }>(
    db,
    sql`update web_sessions set access_token = ${tokens.accessToken}, refresh_token = coalesce(${tokens.refreshToken}, refresh_token),
          id_token = coalesce(${tokens.idToken}, id_token), access_expires_at = ${tokens.accessExpiresAt.toISOString()}
        where id_hash = ${idHash} and access_token = ${previousAccessToken} returning id_hash`,
  );
  return updated.length > 0;
}

export async function deleteWebSession(db: Database, idHash: string): Promise<WebSessionRow | null> {
  return (
    await rows<WebSessionRow>(
      db,
      sql`delete from web_sessions where id_hash = ${idHash}
          returning id_hash, user_sub, claims, access_token, refresh_token, id_token,
                    access_expires_at::text as access_expires_at, expires_at::text as expires_at`,
    )
  )[0] ?? null;
}

export async function pruneWebSessions(db: Database) {
  await db.execute(sql`delete from web_sessions where expires_at < now()`);
  await db.execute(sql`delete from web_login_states where expires_at < now()`);
}

export async function insertLoginState(db: Database, s: { state: string; codeVerifier: string; nonce: string; returnTo: string; expiresAt: Date }) {
  await db.execute(sql`insert into web_login_states (state, code_verifier, nonce, return_to, expires_at)
                       values (${s.state}, ${s.codeVerifier}, ${s.nonce}, ${s.returnTo}, ${s.expiresAt.toISOString()})`);
}

/** A login in progress, used once. */
export async function takeLoginState(db: Database, state: string) {
  return (
    await rows<{ code_verifier: string; nonce: string; return_to: string }>(
      db,
      sql`delete from web_login_states where state = ${state} and expires_at > now() returning code_verifier, nonce, return_to`,
    )
  )[0] ?? null;
}
