import { randomBytes } from 'node:crypto';
import type { Database } from '@portal/db';
import { createLocalJWKSet, createRemoteJWKSet, exportJWK, generateKeyPair, type JWK, type JWTVerifyGetKey } from 'jose';
import { memoryCache } from '../../lib/cache.ts';
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
 * JWKS) and kept. An unknown `kid` re-reads them, at most once a minute, so a key added by another instance is seen.
 */
export function embeddedVerifyKeys(getDb: () => Database): JWTVerifyGetKey {
  const cache = memoryCache<{ keys: JWTVerifyGetKey; kids: Set<string>; at: number }>({ name: 'signing-keys', max: 1 });
  const load = async () => {
    const jwks = (await signingKeys(getDb())).map(publicJwk);
    return { keys: createLocalJWKSet({ keys: jwks }), kids: new Set(jwks.map((k) => k.kid!)), at: Date.now() };
  };
  return async (header, token) => {
    let current = await cache.fetch('keys', load);
    if (header.kid && !current.kids.has(header.kid) && Date.now() - current.at > 60_000) {
      await cache.delete('keys');
      current = await cache.fetch('keys', load);
    }
    return current.keys(header, token);
  };
}

/** The keys of an external OpenID Connect issuer, found through its discovery document, fetched once and cached by jose. */
export function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async () => {
    const response = await fetch(new URL('.well-known/openid-configuration', issuer.endsWith('/') ? issuer : `${issuer}/`));
    if (!response.ok) throw new Error(`OIDC discovery failed: ${response.status}`);
    const { jwks_uri } = (await response.json()) as { jwks_uri: string };
    return createRemoteJWKSet(new URL(jwks_uri));
  };
  return async (header, token) => {
    keys ??= load().catch((err) => {
      keys = undefined;
      throw err;
    });
    return (await keys)(header, token);
  };
}
