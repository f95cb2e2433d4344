import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@portal/db';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { buildApp, type App } from '../app.ts';
import { insertWebSession } from '../modules/identity/identity.repository.ts';
import { hashSessionId, newSessionId } from '../modules/identity/session.ts';
import { loadConfig } from '../plugins/config.ts';
import { SESSION_COOKIE } from '../plugins/credentials.ts';
import { createTestDatabase } from './database.ts';

export const TEST_ISSUER = 'https://login.teste.pi.gov.br/auth';
export const TEST_AUDIENCE = 'urn:portal-piaui:api';

export interface TestApp {
  app: App;
  /** its database (a second instance of the same portal may share it) */
  database: DatabaseHandle;
  /** a token signed by the test identity provider; override claims (aud too) or lifetime per test */
  token(claims?: JWTPayload & { sub?: string }, options?: { expiresIn?: string | number }): Promise<string>;
  /** a valid token for a seeded account (maria.silva, joao.souza), with its real sub and claims */
  tokenFor(username: string, claims?: JWTPayload, options?: { expiresIn?: string | number }): Promise<string>;
  /** a token signed by a key the server does not trust */
  forgedToken(claims?: JWTPayload): Promise<string>;
  /** a logged-in browser's Cookie header for a seeded account (a web session whose token is `tokenFor(username)`) */
  webSession(username: string): Promise<string>;
  /** the key pair its tokens are signed with (another instance of the same portal trusts it: `keysFrom`) */
  keys: { privateKey: CryptoKey; jwk: Record<string, unknown> };
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** trust the embedded identity provider's own keys (login-flow tests) instead of the test key pair */
  embeddedIdentity?: boolean;
  /** configuration overrides, as environment variables */
  env?: Record<string, string>;
  /** an open database to use instead of a fresh copy (a second instance of the same portal); closed with the app */
  database?: DatabaseHandle;
  /** trust the same test keys as this app (a second instance of the same portal) */
  keysFrom?: TestApp;
  /** where the app logs, at LOG_LEVEL (info unless `env` says otherwise); no log without it */
  logTo?: NodeJS.WritableStream;
  /** called once the app is built, before it starts (a test's own jobs) */
  beforeReady?: (app: App) => void;
}

async function keyPair() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  return { privateKey, jwk };
}

async function sign(key: CryptoKey, claims: JWTPayload, expiresIn: string | number = '5m') {
  return new SignJWT({ preferred_username: claims.sub, aud: TEST_AUDIENCE, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(TEST_ISSUER)
    .setSubject(String(claims.sub ?? 'user-maria'))
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

/** The whole app on a fresh copy of the demo database, trusting a key pair made for the test. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const trusted = options.keysFrom?.keys ?? (await keyPair());
  const untrusted = await keyPair();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: options.logTo ? 'info' : 'silent', ...options.env }),
    database,
    ...(options.embeddedIdentity
      ? {}
      : { authKeys: createLocalJWKSet({ keys: [trusted.jwk] }), authIssuer: TEST_ISSUER, authAudience: TEST_AUDIENCE }),
    logger: options.logTo ? { stream: options.logTo } : false,
  });
  options.beforeReady?.(app);
  await app.ready();
  const seededUser = async (username: string) => {
    const result = (await database.db.execute(sql`select sub, name, roles from users where username = ${username}`)) as unknown as {
      rows: { sub: string; name: string; roles: string[] }[];
    };
    const user = result.rows[0];
    if (!user) throw new Error(`no seeded account ${username}`);
    return user;
  };
  return {
    app,
    database,
    token: (claims = {}, opts = {}) => sign(trusted.privateKey, claims, opts.expiresIn),
    tokenFor: async (username, claims = {}, opts = {}) => {
      const user = await seededUser(username);
      return sign(trusted.privateKey, { sub: user.sub, preferred_username: username, name: user.name, roles: user.roles, ...claims }, opts.expiresIn);
    },
    forgedToken: (claims = {}) => sign(untrusted.privateKey, claims),
    keys: trusted,
    webSession: async (username) => {
      const user = await seededUser(username);
      const id = newSessionId();
      await insertWebSession(database.db, {
        idHash: hashSessionId(id),
        userSub: user.sub,
        claims: { sub: user.sub, preferred_username: username, name: user.name, roles: user.roles },
        accessToken: await sign(trusted.privateKey, { sub: user.sub, preferred_username: username, name: user.name, roles: user.roles }, '1h'),
        refreshToken: null,
        accessExpiresAt: new Date(Date.now() + 3_600_000),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return `${SESSION_COOKIE}=${id}`;
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
