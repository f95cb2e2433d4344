import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import type { TestApp } from './app.ts';

/**
 * The bearer checks every personal endpoint must pass: no token, a malformed header, garbage, an
 * expired token, a forged one and one for another audience all answer 401 with a Portuguese message.
 */
export function itRefusesBadBearers(getT: () => TestApp, request: () => InjectOptions, username = 'maria.silva') {
  const cases: [string, (t: TestApp) => Promise<string | undefined>][] = [
    ['no token', async () => undefined],
    ['a malformed header', async () => 'Token abc'],
    ['garbage', async () => 'Bearer not.a.jwt'],
    ['an expired token', async (t) => `Bearer ${await t.tokenFor(username, {}, { expiresIn: Math.floor(Date.now() / 1000) - 60 })}`],
    ['a forged token', async (t) => `Bearer ${await t.forgedToken({ sub: '5b0f8a2e-3c1d-4e6f-9a7b-2d4c6e8f0a11', preferred_username: username })}`],
    ['a token for another audience', async (t) => `Bearer ${await t.tokenFor(username, { aud: 'urn:outro:servico' })}`],
  ];
  for (const [name, header] of cases) {
    it(`answers 401 for ${name}`, async () => {
      const t = getT();
      const base = request();
      const authorization = await header(t);
      const res = await t.app.inject({ ...base, headers: { ...(base.headers ?? {}), ...(authorization ? { authorization } : {}) } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: expect.stringMatching(/login/) });
    });
  }
}
