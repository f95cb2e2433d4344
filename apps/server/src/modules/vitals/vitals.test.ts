import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
    const rows = await stored();
    expect(rows.map((r) => r.name)).toEqual(['LCP', 'CLS', 'INP']);
    expect(rows[0]).toMatchObject({ value: 1234.5, page: '/app/catalog/search/cpf do titular' });
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
    expect((await stored()).length).toBe(before);
  });
});
