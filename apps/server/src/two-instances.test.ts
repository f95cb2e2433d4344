import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from './test-support/app.ts';
import { redisAnswers, startTwoInstances, TEST_REDIS_URL, type TwoInstances } from './test-support/two-instances.ts';

/**
 * Two instances of the portal on one PostgreSQL and one Redis, as behind a load balancer: whatever a
 * citizen does on one, the other knows. Needs the PostgreSQL pass (TEST_DATABASE_URL) and a Redis.
 */
const postgres = process.env.TEST_DATABASE_URL;
const redisUp = await redisAnswers();
if (postgres && !redisUp) console.warn(`\n\n*** SKIPPED: Redis at ${TEST_REDIS_URL} does not answer: the two-instance test did not run ***\n\n`);

describe.skipIf(!postgres || !redisUp)('two instances on one PostgreSQL and one Redis', () => {
  let both: TwoInstances;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    both = await startTwoInstances();
    ({ a, b } = both);
  });
  afterAll(async () => {
    await both?.close();
  });

  const home = (t: TestApp, cookie: string) => t.app.inject({ url: '/app/catalog', headers: { cookie } });

  it('knows a session started on one on the other, and logging out on either ends it on both', async () => {
    const cookie = await a.webSession('maria.silva');
    for (const t of [a, b]) {
      const page = await home(t, cookie);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Maria');
      expect(page.headers['cache-control']).toBe('private, no-store');
    }
    const out = await b.app.inject({ method: 'POST', url: '/app/sair', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(out.statusCode).toBe(303);
    for (const t of [a, b]) expect((await home(t, cookie)).body).not.toContain('Maria');
  });

  it('counts limits once: the sixth vote is refused when three went to each', async () => {
    const id = (await a.app.inject({ url: '/v1/catalog/historico-escolar/load' })).json().id;
    const statuses: number[] = [];
    for (const t of [a, b, a, b, a, b]) {
      statuses.push((await t.app.inject({ method: 'POST', url: `/v1/catalog/${id}/ratings`, payload: { value: 4 }, remoteAddress: '10.80.0.1' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('shares copies: what one computed, the other serves', async () => {
    const first = await a.app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' });
    expect(first.headers['x-cache']).toBe('miss');
    const other = await b.app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' });
    expect(other.headers['x-cache']).toBe('hit');
    expect(other.body).toBe(first.body);
    expect(other.headers.etag).toBe(first.headers.etag);
  });

  it('invalidates every instance at once when one sees a change', async () => {
    const url = '/v1/catalog/carteira-de-identidade-primeira-via/load';
    const before = (await a.app.inject({ url })).json();
    expect((await b.app.inject({ url })).headers['x-cache']).toBe('hit');
    const vote = await a.app.inject({ method: 'POST', url: `/v1/catalog/${before.id}/ratings`, payload: { value: 1 }, remoteAddress: '10.80.0.2' });
    expect(vote.statusCode).toBe(200);
    // The invalidation travels through Redis pub/sub: at once, give or take a message.
    await vi.waitFor(
      async () => {
        const seen = await b.app.inject({ url });
        expect(seen.json().averageRatings.count).toBe(before.averageRatings.count + 1);
      },
      { timeout: 2000, interval: 20 },
    );
    // A change to everything (a publication) reaches the other instance's pages too.
    expect((await b.app.inject({ url: '/v1/category' })).statusCode).toBe(200);
    expect((await b.app.inject({ url: '/v1/category' })).headers['x-cache']).toBe('hit');
    await a.app.publicCache.invalidate();
    await vi.waitFor(async () => expect((await b.app.inject({ url: '/v1/category' })).headers['x-cache']).toBe('miss'), { timeout: 2000, interval: 20 });
  });
});
