import Fastify from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authPlugin } from './auth.ts';

afterEach(() => vi.useRealTimers());

async function withKeys() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
  let lookups = 0;
  const local = createLocalJWKSet({ keys: [jwk] });
  const app = Fastify();
  await app.register(authPlugin, {
    keys: (header, token) => {
      lookups++;
      return local(header, token);
    },
    issuer: 'https://login.teste',
  });
  await app.ready();
  const sign = (expiresIn: string | number) => new SignJWT({ sub: 'maria', name: 'Maria' }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer('https://login.teste').setIssuedAt().setExpirationTime(expiresIn).sign(privateKey);
  return { app, sign, lookups: () => lookups };
}

describe('bearer tokens', () => {
  it('checks a token once and knows it for the next calls', async () => {
    const { app, sign, lookups } = await withKeys();
    const token = await sign('5m');
    for (let i = 0; i < 5; i++) expect((await app.verifyAccessToken(token)).sub).toBe('maria');
    expect(lookups()).toBe(1);
    expect((await app.verifyAccessToken(await sign('6m'))).sub).toBe('maria');
    expect(lookups()).toBe(2);
  });

  it('refuses a token known as valid once it has expired, and keeps no refusal', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { app, sign } = await withKeys();
    const token = await sign('20s');
    expect((await app.verifyAccessToken(token)).sub).toBe('maria');
    vi.setSystemTime(Date.now() + 25_000);
    await expect(app.verifyAccessToken(token)).rejects.toThrow(/exp/);
    await expect(app.verifyAccessToken('not.a.token')).rejects.toThrow();
  });
});
