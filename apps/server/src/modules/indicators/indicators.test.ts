import { OPEN_DATA_USERS_TOTAL } from '@portal/contracts';
import { demoCatalog } from '@portal/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const indicator = async (dashcard: number, card: number) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/metabase/api/dashboard/8/dashcard/${dashcard}/card/${card}/query` });
  expect(res.statusCode).toBe(200);
  return res.json().data.rows[0][0] as number;
};

describe('home indicators (Metabase paths of spec §7)', () => {
  it('counts the available services, the digital ones and the registered citizens of the seed', async () => {
    // Expected figures come from the seed's own data, not from the database the API reads.
    const { services } = await demoCatalog();
    const offered = services.filter((s) => s.active ?? true);
    expect(offered.length).toBeGreaterThan(0);
    expect(await indicator(87, 76)).toBe(offered.length);
    expect(await indicator(88, 77)).toBe(offered.filter((s) => s.isDigital).length);
    // One figure for the whole portal: the open-data users log's total (issue 13).
    expect(await indicator(89, 78)).toBe(OPEN_DATA_USERS_TOTAL);
  });

  it('follows the catalog: a service withdrawn is no longer counted', async () => {
    const before = await indicator(87, 76);
    await t.app.db.execute(sql`update services set active = false where slug = 'historico-escolar'`);
    expect(await indicator(87, 76)).toBe(before - 1);
  });

  it('answers 404 for a card that does not exist and 400 for a malformed one', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/metabase/api/dashboard/8/dashcard/90/card/79/query' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Indicador não encontrado.');
    const malformed = await t.app.inject({ method: 'POST', url: '/api/metabase/api/dashboard/8/dashcard/abc/card/76/query' });
    expect(malformed.statusCode).toBe(400);
  });
});
