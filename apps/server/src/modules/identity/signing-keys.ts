import { randomBytes } from 'node:crypto';
import type { Database } from '@portal/db';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, type JWTVerifyGetKey } from 'jose';
import { secret } from './identity.repository.ts';

/**
 * The embedded provider's secrets, generated on the first start and kept in the database, so that every
 * instance signs and verifies with the same keys and reads the same cookies.
 */
export async function signingKeys(db: Database): Promise<JWK[]> {
  return secret(db, 'oidc-signing-keys', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const jwk = await exportJWK(privateKey);
    return [{ ...jwk, kid: `portal-${randomBytes(6).toString('hex')}`, alg: 'RS256', use: 'sig' }];
  });
}

export function cookieKeys(db: Database): Promise<string[]> {
  return secret(db, 'oidc-cookie-keys', () => [randomBytes(32).toString('base64url')]);
}

export function webClientSecret(db: Database): Promise<string> {
  return secret(db, 'oidc-web-client-secret', () => randomBytes(32).toString('base64url'));
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'];
export const publicJwk = (jwk: JWK): JWK => Object.fromEntries(Object.entries(jwk).filter(([k]) => !PRIVATE_MEMBERS.includes(k))) as JWK;

/**
 * Bearer-token keys of the embedded provider, read from the database (no HTTP round trip to our own
 * JWKS). An unknown `kid` re-reads them, at most once a minute, so a key added by another instance is seen.
 */
export function embeddedVerifyKeys(getDb: () => Database): JWTVerifyGetKey {
  let cached: { keys: JWTVerifyGetKey; kids: Set<string>; at: number } | undefined;
  const load = async () => {
    const jwks = (await signingKeys(getDb())).map(publicJwk);
    cached = { keys: createLocalJWKSet({ keys: jwks }), kids: new Set(jwks.map((k) => k.kid!)), at: Date.now() };
    return cached;
  };
  return async (header, token) => {
    let current = cached ?? (await load());
    if (header.kid && !current.kids.has(header.kid) && Date.now() - current.at > 60_000) current = await load();
    return current.keys(header, token);
  };
}
