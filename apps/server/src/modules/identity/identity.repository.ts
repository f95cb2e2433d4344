import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';

const { identitySecrets, oidcModels, users, webLoginStates, webSessions } = schema;

/** An account of the embedded provider; `vehicles` is jsonb, typed here as the claims carry it. */
export type User = Omit<typeof users.$inferSelect, 'vehicles'> & { vehicles: Record<string, unknown>[] };

export async function findUserByUsername(db: Database, username: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return (user as User | undefined) ?? null;
}

export async function findUserBySub(db: Database, sub: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.sub, sub));
  return (user as User | undefined) ?? null;
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
  const read = () => db.select({ value: identitySecrets.value }).from(identitySecrets).where(eq(identitySecrets.name, name));
  const [existing] = await read();
  if (existing) return existing.value as T;
  await db.insert(identitySecrets).values({ name, value: await create() }).onConflictDoNothing();
  return (await read())[0]!.value as T;
}

// --- oidc-provider's models ---------------------------------------------------------------------------

export type OidcModel = Pick<typeof oidcModels.$inferSelect, 'payload' | 'consumedAt'>;

export async function upsertOidcModel(
  db: Database,
  kind: string,
  id: string,
  payload: Record<string, unknown>,
  expiresIn: number | undefined,
) {
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : null);
  const row = {
    payload,
    grantId: text('grantId'),
    userCode: text('userCode'),
    uid: text('uid'),
    expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
  };
  await db
    .insert(oidcModels)
    .values({ kind, id, ...row })
    .onConflictDoUpdate({ target: [oidcModels.kind, oidcModels.id], set: row });
}

const OIDC_LOOKUP = { id: oidcModels.id, uid: oidcModels.uid, user_code: oidcModels.userCode } as const;

export async function findOidcModel(db: Database, kind: string, column: keyof typeof OIDC_LOOKUP, value: string): Promise<OidcModel | null> {
  const [found] = await db
    .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
    .from(oidcModels)
    .where(and(eq(oidcModels.kind, kind), eq(OIDC_LOOKUP[column], value), or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, sql`now()`))))
    .limit(1);
  return found ?? null;
}

export async function consumeOidcModel(db: Database, kind: string, id: string) {
  await db.update(oidcModels).set({ consumedAt: sql`now()` }).where(and(eq(oidcModels.kind, kind), eq(oidcModels.id, id)));
}

export async function destroyOidcModel(db: Database, kind: string, id: string) {
  await db.delete(oidcModels).where(and(eq(oidcModels.kind, kind), eq(oidcModels.id, id)));
}

export async function revokeOidcGrant(db: Database, grantId: string) {
  await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
}

export async function pruneOidcModels(db: Database) {
  await db.delete(oidcModels).where(lt(oidcModels.expiresAt, sql`now() - interval '1 hour'`));
}

// --- the web app's sessions ---------------------------------------------------------------------------

/** A web session; `claims` is jsonb, typed here as the ID token's claims. */
export type WebSessionRow = Omit<typeof webSessions.$inferSelect, 'claims' | 'createdAt'> & { claims: Record<string, unknown> };

const SESSION_COLUMNS = {
  idHash: webSessions.idHash,
  userSub: webSessions.userSub,
  claims: webSessions.claims,
  accessToken: webSessions.accessToken,
  refreshToken: webSessions.refreshToken,
  accessExpiresAt: webSessions.accessExpiresAt,
  expiresAt: webSessions.expiresAt,
};

export async function insertWebSession(db: Database, session: WebSessionRow) {
  await db.insert(webSessions).values(session);
}

export async function findWebSession(db: Database, idHash: string): Promise<WebSessionRow | null> {
  const [found] = await db
    .select(SESSION_COLUMNS)
    .from(webSessions)
    .where(and(eq(webSessions.idHash, idHash), gt(webSessions.expiresAt, sql`now()`)));
  return (found as WebSessionRow | undefined) ?? null;
}

/** Stores refreshed tokens only if nobody refreshed in between (another instance, a parallel request). */
export async function updateWebSessionTokens(
  db: Database,
  idHash: string,
  previousAccessToken: string,
  tokens: { accessToken: string; refreshToken: string | null; accessExpiresAt: Date },
): Promise<boolean> {
  const updated = await db
    .update(webSessions)
    .set({
      accessToken: tokens.accessToken,
      refreshToken: sql`coalesce(${tokens.refreshToken}, ${webSessions.refreshToken})`,
      accessExpiresAt: tokens.accessExpiresAt,
    })
    .where(and(eq(webSessions.idHash, idHash), eq(webSessions.accessToken, previousAccessToken)))
    .returning({ idHash: webSessions.idHash });
  return updated.length > 0;
}

export async function deleteWebSession(db: Database, idHash: string): Promise<WebSessionRow | null> {
  const [ended] = await db.delete(webSessions).where(eq(webSessions.idHash, idHash)).returning(SESSION_COLUMNS);
  return (ended as WebSessionRow | undefined) ?? null;
}

export async function pruneWebSessions(db: Database) {
  await db.delete(webSessions).where(lt(webSessions.expiresAt, sql`now()`));
  await db.delete(webLoginStates).where(lt(webLoginStates.expiresAt, sql`now()`));
}

export async function insertLoginState(db: Database, state: typeof webLoginStates.$inferInsert) {
  await db.insert(webLoginStates).values(state);
}

/** A login in progress, used once. */
export async function takeLoginState(db: Database, state: string) {
  const [taken] = await db
    .delete(webLoginStates)
    .where(and(eq(webLoginStates.state, state), gt(webLoginStates.expiresAt, sql`now()`)))
    .returning({ codeVerifier: webLoginStates.codeVerifier, nonce: webLoginStates.nonce, returnTo: webLoginStates.returnTo });
  return taken ?? null;
}
