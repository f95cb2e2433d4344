import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../../web/scripts/ensure-build.mjs';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { STALE_IF_ERROR, STALE_WHILE_REVALIDATE } from './response-cache.ts';

let t: TestApp;
beforeAll(async () => {
  // One second of freshness, so the test sees a copy go stale.
  t = await createTestApp({ env: { CACHE_SECONDS: '1' } });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the public cache', () => {
  it('answers an anonymous catalog read from its copy, with an ETag, 304 and a Cache-Control a CDN can follow', async () => {
    const first = await get('/v1/catalog/renovacao-da-cnh/load');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['cache-control']).toBe(`public, max-age=1, s-maxage=1, stale-while-revalidate=${STALE_WHILE_REVALIDATE}, stale-if-error=${STALE_IF_ERROR}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{10,}"$/);

    const second = await get('/v1/catalog/renovacao-da-cnh/load');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(etag);

    const revalidated = await get('/v1/catalog/renovacao-da-cnh/load', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    // compressed for clients that accept it, the same bytes once decompressed
    const brotli = await get('/v1/catalog/renovacao-da-cnh/load', { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);
  });

  it('never serves nor keeps a copy for a request with a session cookie or a bearer token', async () => {
    await get('/v1/category');
    const token = await t.tokenFor('maria.silva');
    const withToken = await get('/v1/category', { authorization: `Bearer ${token}` });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['x-cache']).toBeUndefined();
    expect(withToken.headers['cache-control']).toBe('private, no-store');
    const withCookie = await get('/v1/category', { cookie: await t.webSession('maria.silva') });
    expect(withCookie.headers['x-cache']).toBeUndefined();
    expect(withCookie.headers['cache-control']).toBe('private, no-store');
  });

  it('keys search answers by their body', async () => {
    const search = (query: string) => t.app.inject({ method: 'POST', url: '/v1/search', payload: { query } });
    const ipva = await search('ipva');
    const rg = await search('carteira de identidade');
    expect([ipva.headers['x-cache'], rg.headers['x-cache']]).toEqual(['miss', 'miss']);
    expect(ipva.body).not.toBe(rg.body);
    const again = await search('ipva');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(ipva.body);
  });

  it('serves a stale copy while one background request refreshes it', async () => {
    const url = '/v1/catalog/historico-escolar/load';
    expect((await get(url)).headers['x-cache']).toBe('miss');
    await sleep(1100);
    const stale = await get(url);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['x-cache']).toBe('stale');
    expect(Number(stale.headers.age)).toBeGreaterThanOrEqual(1);
    await sleep(200);
    const refreshed = await get(url);
    expect(refreshed.headers['x-cache']).toBe('hit');
    expect(Number(refreshed.headers.age)).toBe(0);
  });

  it('computes one answer for many identical requests arriving together', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/v1/catalog/disque-denuncia/load')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.headers['x-cache'] === 'miss')).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('shows a vote at once: the service copies are no longer fresh after it', async () => {
    const url = '/v1/catalog/carteira-de-identidade-primeira-via/load';
    const before = (await get(url)).json();
    expect((await get(url)).headers['x-cache']).toBe('hit');
    const vote = await t.app.inject({ method: 'POST', url: `/v1/catalog/${before.id}/ratings`, payload: { value: 5 }, remoteAddress: '10.70.0.1' });
    expect(vote.statusCode).toBe(200);
    const after = await get(url);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().averageRatings.count).toBe(before.averageRatings.count + 1);
    // another service's copy is untouched
    expect((await get('/v1/catalog/renovacao-da-cnh/load')).headers['x-cache']).not.toBe('miss');
  });

  it('keeps no error, no unknown service and no refused input', async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await get('/v1/catalog/servico-que-nao-existe/load');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-cache']).toBeUndefined();
    }
    const refused = await t.app.inject({ method: 'POST', url: '/v1/search', payload: { size: 'muitos' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-cache']).toBeUndefined();
  });
});

describe('the public cache for pages', () => {
  const PAGE = '/app/catalog/documentos-e-identificacao/carteira-de-identidade-primeira-via';
  let pages: TestApp;
  beforeAll(async () => {
    await ensureBuild();
    pages = await createTestApp();
  });
  afterAll(() => pages.close());

  const accessCount = async (slug: string) =>
    ((await pages.app.db.execute(sql`select access_count from services where slug = ${slug}`)) as unknown as { rows: { access_count: number }[] }).rows[0]!.access_count;

  it('serves an anonymous page again whole, its inline scripts allowed by their hashes and nothing else', async () => {
    const first = await pages.app.inject({ url: PAGE });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=60,/);
    expect(first.headers.vary).toBe('cookie, accept-encoding');
    const again = await pages.app.inject({ url: PAGE });
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    const policy = String(again.headers['content-security-policy']);
    expect(policy).toBe(String(first.headers['content-security-policy']));
    const scriptSrc = /script-src ([^;]+)/.exec(policy)![1]!.split(' ');
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc.some((source) => source.startsWith("'nonce-"))).toBe(false);
    const inline = [...again.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/\bsrc=/.test(attributes!));
    expect(inline.length).toBeGreaterThan(0);
    const hashes = inline.map(([, , text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
    expect(scriptSrc.slice(1).sort()).toEqual([...new Set(hashes)].sort());
    // a script that is not the page's own matches no hash
    expect(scriptSrc).not.toContain(`'sha256-${createHash('sha256').update('alert(1)').digest('base64')}'`);
  });

  it('never serves a copy to a logged-in citizen', async () => {
    await pages.app.inject({ url: PAGE });
    const mine = await pages.app.inject({ url: PAGE, headers: { cookie: await pages.webSession('maria.silva') } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['x-cache']).toBeUndefined();
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.body).toContain('Maria');
  });

  it('counts a view for each visitor of a cached page, and shows a vote at once', async () => {
    const slug = 'historico-escolar';
    const page = `/app/catalog/educacao/${slug}`;
    const before = await accessCount(slug);
    const views = await Promise.all(['10.90.0.1', '10.90.0.2', '10.90.0.3'].map((remoteAddress) => pages.app.inject({ url: page, remoteAddress })));
    expect(views.map((v) => v.statusCode)).toEqual([200, 200, 200]);
    expect(views.filter((v) => v.headers['x-cache'] === 'hit')).toHaveLength(2);
    await vi.waitFor(async () => expect(await accessCount(slug)).toBe(before + 3), { timeout: 5000, interval: 100 });

    const id = (await pages.app.inject({ url: `/v1/catalog/${slug}/load` })).json().id;
    expect((await pages.app.inject({ url: page })).headers['x-cache']).toBe('hit');
    const vote = await pages.app.inject({ method: 'POST', url: `/v1/catalog/${id}/ratings`, payload: { value: 5 }, remoteAddress: '10.90.0.9' });
    expect(vote.statusCode).toBe(200);
    const after = await pages.app.inject({ url: page });
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).toContain(`${vote.json().count}`);
  });
});
