import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../plugins/config.ts';
import { createTestDatabase } from './database.ts';

export const TEST_ISSUER = 'https://login.teste.pi.gov.br/auth';

export interface TestApp {
  app: App;
  /** a token signed by the test identity provider; override claims or lifetime per test */
  token(claims?: JWTPayload & { sub?: string }, options?: { expiresIn?: string | number }): Promise<string>;
  /** a token signed by a key the server does not trust */
  forgedToken(claims?: JWTPayload): Promise<string>;
  close(): Promise<void>;
}

async function keyPair() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  return { privateKey, jwk };
}

async function sign(key: CryptoKey, claims: JWTPayload, expiresIn: string | number = '5m') {
  return new SignJWT({ preferred_username: claims.sub, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(TEST_ISSUER)
    .setSubject(String(claims.sub ?? 'user-maria'))
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

/** The whole app on a fresh copy of the demo database, trusting a key pair made for the test. */
export async function createTestApp(): Promise<TestApp> {
  const database = await createTestDatabase();
  const trusted = await keyPair();
  const untrusted = await keyPair();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    database,
    authKeys: createLocalJWKSet({ keys: [trusted.jwk] }),
    authIssuer: TEST_ISSUER,
    logger: false,
  });
  await app.ready();
  return {
    app,
    token: (claims = {}, options = {}) => sign(trusted.privateKey, claims, options.expiresIn),
    forgedToken: (claims = {}) => sign(untrusted.privateKey, claims),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
