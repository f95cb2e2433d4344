import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOTES_PER_WINDOW } from '../modules/ratings/ratings.routes.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { loadConfig } from './config.ts';

const TOKEN = 'metrics-test-token-0123456789abcdef';
const SLUG = 'historico-escolar';
const KEYWORD = 'carteira de identidade';

let t: TestApp;
let off: TestApp;
let serviceId: number;

beforeAll(async () => {
  // A small general limit, so that a refusal of it can be seen too (loopback, inject's default, is never limited).
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, API_RATE_LIMIT: '3' } });
  off = await createTestApp();
  serviceId = (await t.app.inject({ url: `/v1/catalog/${SLUG}/load` })).json().id;
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

/** GET /metrics with this Authorization header ('' sends none). */
const scrape = (app = t.app, authorization = `Bearer ${TOKEN}`, remoteAddress?: string) =>
  app.inject({ url: '/metrics', headers: authorization ? { authorization } : {}, remoteAddress });

/** `name{labels} value` lines of the exposition: each sample's labels, as an object, and value. */
function samples(text: string, name: string) {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const labels = Object.fromEntries([...line.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { labels, value: Number(line.slice(line.lastIndexOf(' ') + 1)) };
    });
}
const value = (text: string, name: string, labels: Record<string, string>) =>
  samples(text, name).find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value ?? 0;

describe('/metrics', () => {
  it('is 404, like an unknown path, without METRICS_TOKEN, and without the right bearer token', async () => {
    // without the setting, /metrics is an unknown path
    const unknown = await scrape(off.app, '');
    expect(unknown.statusCode).toBe(404);
    for (const res of [
      await scrape(off.app, `Bearer ${TOKEN}`),
      await scrape(t.app, ''),
      await scrape(t.app, 'Bearer '),
      await scrape(t.app, `Bearer ${TOKEN}x`),
      await scrape(t.app, `Bearer ${TOKEN.slice(0, -1)}`),
      await scrape(t.app, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`),
      await scrape(t.app, TOKEN),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers the operator in Prometheus text, never cached', async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    // Node's process metrics: event-loop delay, memory, garbage collection
    for (const name of ['nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_gc_duration_seconds']) {
      expect(res.body).toContain(`# TYPE ${name}`);
    }
  });

  it('times requests by route pattern', async () => {
    expect((await t.app.inject({ url: `/v1/catalog/${SLUG}/load` })).statusCode).toBe(200);
    const text = (await scrape()).body;
    const count = value(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/v1/catalog/:slug/load', status_code: '200' });
    expect(count).toBeGreaterThanOrEqual(2);
  });

  it("counts the public cache's misses and hits (search answers among them) and the views waiting to be written", async () => {
    const search = () => t.app.inject({ method: 'POST', url: '/v1/search', payload: { query: KEYWORD } });
    const before = (await scrape()).body;
    expect((await search()).statusCode).toBe(200);
    expect((await search()).statusCode).toBe(200);
    const after = (await scrape()).body;
    expect(value(after, 'portal_public_cache_total', { outcome: 'miss' })).toBeGreaterThan(value(before, 'portal_public_cache_total', { outcome: 'miss' }));
    expect(value(after, 'portal_public_cache_total', { outcome: 'hit' })).toBeGreaterThan(value(before, 'portal_public_cache_total', { outcome: 'hit' }));
    expect(value(after, 'portal_public_cache_entries', {})).toBeGreaterThan(0);
    expect(after).toMatch(/^portal_batch_queue_size\{batch="views"\} \d+$/m);
  });

  it('counts a refused vote under its limiter', async () => {
    const vote = () => t.app.inject({ method: 'POST', url: `/v1/catalog/${serviceId}/ratings`, payload: { value: 4 } });
    for (let i = 0; i < VOTES_PER_WINDOW; i++) expect((await vote()).statusCode).toBe(200);
    expect((await vote()).statusCode).toBe(429);
    expect(value((await scrape()).body, 'portal_rate_limit_refusals_total', { limiter: 'votes' })).toBe(1);
  });

  it('is outside the general rate limit, which it counts', async () => {
    const address = '10.20.30.40';
    for (let i = 0; i < 5; i++) expect((await scrape(t.app, `Bearer ${TOKEN}`, address)).statusCode).toBe(200);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await t.app.inject({ url: '/v1/category', remoteAddress: address })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(value((await scrape()).body, 'portal_rate_limit_refusals_total', { limiter: 'api' })).toBe(1);
  });

  it('shows the database: its driver and its clients', async () => {
    const text = (await scrape()).body;
    const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    expect(value(text, 'portal_db_info', { driver: kind })).toBe(1);
    expect(value(text, 'portal_db_pool_clients', { state: 'total' })).toBeGreaterThanOrEqual(1);
    if (kind === 'postgres') {
      expect(samples(text, 'portal_db_pool_clients').map((s) => s.labels.state).sort()).toEqual(['idle', 'total', 'waiting']);
    }
  });

  it('puts no slug, id or search text in any label', async () => {
    await t.app.inject({ url: `/v1/catalog/${SLUG}/pdf` });
    await t.app.inject({ url: `/v1/catalog/nao-existe-${serviceId}/load` });
    await t.app.inject({ url: `/app/catalog/educacao/${SLUG}` });
    await t.app.inject({ url: `/nada/${SLUG}?q=${serviceId}` });
    const text = (await scrape()).body;
    const labelValues = [...text.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => ({ name: m[1]!, value: m[2]! }));
    expect(labelValues.length).toBeGreaterThan(0);
    for (const { value: v } of labelValues) {
      expect(v).not.toContain(SLUG);
      expect(v).not.toContain(KEYWORD);
      expect(v).not.toContain('?');
    }
    const routes = new Set(labelValues.filter((l) => l.name === 'route').map((l) => l.value));
    expect(routes).toContain('/v1/catalog/:id/ratings');
    expect(routes).toContain('unmatched');
    for (const route of routes) expect(route.split('/')).not.toContain(String(serviceId));
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('METRICS_TOKEN', () => {
  it('is optional and refuses a short or spaced token', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: `${TOKEN} with spaces` })).toThrow(/METRICS_TOKEN/);
  });
});
