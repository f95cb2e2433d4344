import { sql } from 'drizzle-orm';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../plugins/config.ts';
import { createTestDatabase } from './database.ts';

export const TEST_ISSUER = 'https://login.teste.pi.gov.br/auth';
export const TEST_AUDIENCE = 'urn:portal-piaui:api';

export interface TestApp {
  app: App;
  /** a token signed by the test identity provider; override claims (aud too) or lifetime per test */
  token(claims?: JWTPayload & { sub?: string }, options?: { expiresIn?: string | number }): Promise<string>;
  /** a valid token for a seeded account (maria.silva, joao.souza), with its real sub and claims */
  tokenFor(username: string, claims?: JWTPayload, options?: { expiresIn?: string | number }): Promise<string>;
  /** a token signed by a key the server does not trust */
  forgedToken(claims?: JWTPayload): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** trust the embedded identity provider's own keys (login-flow tests) instead of the test key pair */
  embeddedIdentity?: boolean;
  /** configuration overrides, as environment variables */
  env?: Record<string, string>;
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
  const database = await createTestDatabase();
  const trusted = await keyPair();
  const untrusted = await keyPair();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env }),
    database,
    ...(options.embeddedIdentity
      ? {}
      : { authKeys: createLocalJWKSet({ keys: [trusted.jwk] }), authIssuer: TEST_ISSUER, authAudience: TEST_AUDIENCE }),
    logger: false,
  });
  await app.ready();
  return {
    app,
    token: (claims = {}, opts = {}) => sign(trusted.privateKey, claims, opts.expiresIn),
    tokenFor: async (username, claims = {}, opts = {}) => {
      const result = (await database.db.execute(
        sql`select sub, name, roles from users where username = ${username}`,
      )) as unknown as { rows: { sub: string; name: string; roles: string[] }[] };
      const user = result.rows[0];
      if (!user) throw new Error(`no seeded account ${username}`);
      return sign(trusted.privateKey, { sub: user.sub, preferred_username: username, name: user.name, roles: user.roles, ...claims }, opts.expiresIn);
    },
    forgedToken: (claims = {}) => sign(untrusted.privateKey, claims),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
