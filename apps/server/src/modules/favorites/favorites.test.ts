import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setFavorite = (body: unknown, authorization?: string) =>
  t.app.inject({ method: 'POST', url: '/v1/catalog/setFavorite', payload: body as object, headers: authorization ? { authorization } : {} });
const favoritesOf = async (token: string) =>
  (await t.app.inject({ url: '/v1/catalog/favorites', headers: { authorization: `Bearer ${token}` } })).json().favorites as string[];

describe('POST /v1/catalog/setFavorite', () => {
  it('adds and removes a favourite, the remove flag being the current state', async () => {
    const token = await t.token({ sub: 'maria' });
    const added = await setFavorite({ slug: 'renovacao-da-cnh', remove: false }, `Bearer ${token}`);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ slug: 'renovacao-da-cnh', favorite: true });
    expect(await favoritesOf(token)).toContain('renovacao-da-cnh');

    const removed = await setFavorite({ slug: 'renovacao-da-cnh', remove: true }, `Bearer ${token}`);
    expect(removed.json()).toMatchObject({ favorite: false });
    expect(await favoritesOf(token)).not.toContain('renovacao-da-cnh');
    // Removing again is harmless.
    expect((await setFavorite({ slug: 'renovacao-da-cnh', remove: true }, `Bearer ${token}`)).statusCode).toBe(200);
  });

  it("keeps each citizen's favourites to that citizen", async () => {
    const maria = await t.token({ sub: 'maria-2' });
    const joao = await t.token({ sub: 'joao-2' });
    await setFavorite({ slug: 'emissao-do-dae-do-ipva', remove: false }, `Bearer ${maria}`);
    expect(await favoritesOf(maria)).toEqual(['emissao-do-dae-do-ipva']);
    expect(await favoritesOf(joao)).toEqual([]);
  });

  const refusals: [string, () => Promise<string | undefined>][] = [
    ['no token', async () => undefined],
    ['a malformed header', async () => 'Token abc'],
    ['garbage', async () => 'Bearer not.a.jwt'],
    ['an expired token', async () => `Bearer ${await t.token({ sub: 'maria' }, { expiresIn: Math.floor(Date.now() / 1000) - 60 })}`],
    ['a forged token', async () => `Bearer ${await t.forgedToken({ sub: 'maria' })}`],
  ];
  for (const [name, header] of refusals) {
    it(`answers 401 for ${name} and writes nothing`, async () => {
      const res = await setFavorite({ slug: 'historico-escolar', remove: false }, await header());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: expect.stringMatching(/login/) });
      expect(await favoritesOf(await t.token({ sub: 'maria' }))).not.toContain('historico-escolar');
    });
  }

  it('answers 404 for an unknown service and 400 for bad bodies', async () => {
    const auth = `Bearer ${await t.token({ sub: 'maria' })}`;
    expect((await setFavorite({ slug: 'nao-existe', remove: false }, auth)).statusCode).toBe(404);
    expect((await setFavorite({ slug: 'Renovação!', remove: false }, auth)).statusCode).toBe(400);
    const missing = await setFavorite({ slug: 'historico-escolar' }, auth);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/remove/);
  });

  it('needs a token to list favourites too', async () => {
    expect((await t.app.inject({ url: '/v1/catalog/favorites' })).statusCode).toBe(401);
  });
});
