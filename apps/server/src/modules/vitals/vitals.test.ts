import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { VITALS_PER_ADDRESS } from './vitals.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Reports are written in batches about once a second (lib/batch.ts): wait for the write. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 100 });
const batchInterval = () => new Promise((resolve) => setTimeout(resolve, 1500));

const stored = async () =>
  ((await t.app.db.execute(sql`select name, value, rating, page from web_vitals order by id`)) as unknown as { rows: { name: string; value: number; rating: string; page: string }[] }).rows;

describe('POST /v1/vitals', () => {
  it('stores one metric or a batch, keeping only the path of the page', async () => {
    const one = await t.app.inject({ method: 'POST', url: '/v1/vitals', payload: { name: 'LCP', value: 1234.5, rating: 'good', page: '/app/catalog/search/cpf do titular?x=1' } });
    expect(one.statusCode).toBe(204);
    const batch = await t.app.inject({
      method: 'POST',
      url: '/v1/vitals',
      payload: [
        { name: 'CLS', value: 0.02, rating: 'good', page: '/app/catalog' },
        { name: 'INP', value: 320, rating: 'needs-improvement', page: '/app/catalog/list' },
      ],
    });
    expect(batch.statusCode).toBe(204);
    await eventually(async () => {
      const rows = await stored();
      expect(rows.map((r) => r.name)).toEqual(['LCP', 'CLS', 'INP']);
      expect(rows[0]).toMatchObject({ value: 1234.5, page: '/app/catalog/search/cpf do titular' });
    });
  });

  it('refuses unknown metrics and out-of-range values in Portuguese, storing nothing', async () => {
    const before = (await stored()).length;
    for (const payload of [
      { name: 'FID', value: 1, rating: 'good', page: '/' },
      { name: 'LCP', value: -1, rating: 'good', page: '/' },
      { name: 'LCP', value: 1, rating: 'ótimo', page: '/' },
      Array.from({ length: 21 }, () => ({ name: 'CLS', value: 0, rating: 'good', page: '/' })),
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/vitals', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Métrica|métrica|Classificação|No máximo/);
    }
    await batchInterval();
    expect((await stored()).length).toBe(before);
  });

  it('caps what one address may report: 40 simultaneous full batches store exactly the allowance', async () => {
    const before = (await stored()).length;
    const batch = Array.from({ length: 20 }, () => ({ name: 'CLS', value: 0.01, rating: 'good', page: '/app/catalog' }));
    const answers = await Promise.all(Array.from({ length: 40 }, () => t.app.inject({ method: 'POST', url: '/v1/vitals', payload: batch, remoteAddress: '10.40.0.1' })));
    const accepted = VITALS_PER_ADDRESS.points / batch.length;
    expect(answers.filter((r) => r.statusCode === 204)).toHaveLength(accepted);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(40 - accepted);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: expect.stringMatching(/^Muitas métricas enviadas deste endereço\. Aguarde \d+ (minutos?|segundos?) e tente novamente\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await eventually(async () => expect((await stored()).length).toBe(before + VITALS_PER_ADDRESS.points));
    await batchInterval();
    expect((await stored()).length).toBe(before + VITALS_PER_ADDRESS.points);
    // Another address still reports.
    expect((await t.app.inject({ method: 'POST', url: '/v1/vitals', payload: batch[0], remoteAddress: '10.40.0.2' })).statusCode).toBe(204);
  });
});
