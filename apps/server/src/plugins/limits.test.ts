import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../../web/scripts/ensure-build.mjs';
import { loadConfig } from './config.ts';
import { formatWait, limitedKind } from './limits.ts';

const REFUSED = /^Muitas requisições deste endereço em pouco tempo\. Aguarde \d+ (segundos?|minutos?) e tente novamente\.$/;

describe('the general per-address limit (API_RATE_LIMIT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    (ensureBuild as () => boolean)();
    t = await createTestApp({ env: { API_RATE_LIMIT: '4', API_RATE_LIMIT_WINDOW_SECONDS: '60' } });
  });
  afterAll(() => t.close());

  it('answers 429 in Portuguese with Retry-After once an address has used its allowance, on /v1 and /api', async () => {
    const from = (remoteAddress: string, url = '/v1/category') => t.app.inject({ url, remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await from('10.50.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const refused = await from('10.50.0.1');
    expect(refused.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: expect.stringMatching(REFUSED) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await from('10.50.0.1', '/api/transparencia/despesas/orgaos')).statusCode).toBe(429);
    // Another address, and this machine itself (health checks, benchmarks), are not affected.
    expect((await from('10.50.0.9')).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) expect((await from('127.0.0.1')).statusCode).toBe(200);
  });

  it('counts a page view once, however many API calls its loaders make in-process', async () => {
    // The home page's loaders ask the API for categories, highlights, the most accessed and three indicators.
    const page = await t.app.inject({ url: '/app/catalog', remoteAddress: '10.50.0.2', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Trânsito e Veículos');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.app.inject({ url: '/v1/category', remoteAddress: '10.50.0.2' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('refuses pages over the allowance with a Portuguese page, and never counts the browser files', async () => {
    for (let i = 0; i < 4; i++) await t.app.inject({ url: '/v1/category', remoteAddress: '10.50.0.3' });
    const page = await t.app.inject({ url: '/app/catalog/orgao', remoteAddress: '10.50.0.3', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<html lang="pt-BR">');
    expect(page.body).toMatch(/Muitas requisições deste endereço em pouco tempo\. Aguarde \d+ (segundos?|minutos?) e tente novamente\./);
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    expect(limitedKind('/app/catalog/assets/root-abc123.js')).toBeNull();
    expect(limitedKind('/app/catalog/list.data')).toBe('page');
    expect(limitedKind('/auth/interaction/x/login')).toBeNull();
  });

  it('is off with API_RATE_LIMIT=0', async () => {
    const off = await createTestApp({ env: { API_RATE_LIMIT: '0' } });
    try {
      for (let i = 0; i < 6; i++) expect((await off.app.inject({ url: '/v1/category', remoteAddress: '10.50.0.4' })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});

describe('the counters live in the database: instances over one database share them (WORKERS > 1)', () => {
  let t: TestApp;
  let second: App;
  beforeAll(async () => {
    t = await createTestApp();
    second = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database: t.app.database, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('refuses the sixth vote when three went to each instance', async () => {
    expect(t.app.limits.store).toBe(t.app.database.kind);
    const id = (await t.app.inject({ url: '/v1/catalog/historico-escolar/load' })).json().id;
    const vote = (app: App) => app.inject({ method: 'POST', url: `/v1/catalog/${id}/ratings`, payload: { value: 4 }, remoteAddress: '10.61.0.1' });
    const statuses: number[] = [];
    for (const app of [t.app, t.app, t.app, second, second, second]) statuses.push((await vote(app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

const REDIS_URL = 'redis://127.0.0.1:6379';
async function redisAnswers() {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const redisUp = await redisAnswers();
if (!redisUp) console.warn(`\n\n*** SKIPPED: Redis at ${REDIS_URL} does not answer: the shared-counter tests over Redis did not run ***\n\n`);

describe.skipIf(!redisUp)('REDIS_URL: the counters live in Redis, shared by every instance', () => {
  const prefix = `portal-test-${randomUUID()}:`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix };
    [a, b] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const cleanup = new Redis(REDIS_URL);
    const keys = await cleanup.keys(`${prefix}*`);
    if (keys.length) await cleanup.del(...keys);
    await cleanup.quit();
  });

  it('refuses the sixth vote when three went to each instance', async () => {
    expect(a.app.limits.store).toBe('redis');
    const id = (await a.app.inject({ url: '/v1/catalog/historico-escolar/load' })).json().id;
    const vote = (t: TestApp) => t.app.inject({ method: 'POST', url: `/v1/catalog/${id}/ratings`, payload: { value: 2 }, remoteAddress: '10.62.0.1' });
    const statuses: number[] = [];
    for (const t of [a, a, a, b, b, b]) statuses.push((await vote(t)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Only one-way keys in Redis.
    const inspect = new Redis(REDIS_URL);
    const keys = await inspect.keys(`${prefix}*`);
    await inspect.quit();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toMatch(/10\.62\.0\.1|historico/);
  });

  it('holds atomically across instances: 30 simultaneous votes split over both take exactly five', async () => {
    const id = (await a.app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' })).json().id;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).app.inject({ method: 'POST', url: `/v1/catalog/${id}/ratings`, payload: { value: 3 }, remoteAddress: '10.62.0.2' })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(25);
  });
});

describe('a Redis that does not answer takes no page down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every command fails at once and each process counts in its own memory.
    t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1', API_RATE_LIMIT: '50' } });
  });
  afterAll(() => t.close());

  it('keeps answering, and keeps the limits in this process', async () => {
    expect((await t.app.inject({ url: '/v1/category', remoteAddress: '10.63.0.1' })).statusCode).toBe(200);
    const id = (await t.app.inject({ url: '/v1/catalog/historico-escolar/load', remoteAddress: '10.63.0.1' })).json().id;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.app.inject({ method: 'POST', url: `/v1/catalog/${id}/ratings`, payload: { value: 5 }, remoteAddress: '10.63.0.1' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('formatWait', () => {
  it('says how long to wait in Portuguese', () => {
    expect([1, 30, 60, 61, 120, 1800, 3600, 7200].map(formatWait)).toEqual([
      '1 segundo',
      '30 segundos',
      '1 minuto',
      '2 minutos',
      '2 minutos',
      '30 minutos',
      '1 hora',
      '2 horas',
    ]);
  });
});
