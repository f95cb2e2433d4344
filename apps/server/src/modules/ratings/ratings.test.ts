import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { VOTES_PER_WINDOW } from './ratings.routes.ts';

let t: TestApp;
let serviceId: number;
const ratingsOf = async (slug: string) => (await t.app.inject({ url: `/v1/catalog/${slug}/load` })).json().averageRatings as { average: number; count: number };

beforeAll(async () => {
  t = await createTestApp();
  serviceId = (await t.app.inject({ url: '/v1/catalog/historico-escolar/load' })).json().id;
});
afterAll(() => t.close());

const rate = (id: number | string, body: unknown, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: `/v1/catalog/${id}/ratings`, payload: body as object, remoteAddress });

describe('POST /v1/catalog/{id}/ratings', () => {
  it('stores an anonymous vote and answers the new average and count', async () => {
    const before = await ratingsOf('historico-escolar');
    const res = await rate(serviceId, { value: 5 }, '10.0.0.2');
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.count).toBe(before.count + 1);
    const expected = (before.average * before.count + 5) / (before.count + 1);
    expect(after.average).toBeCloseTo(expected, 0);
    expect(await ratingsOf('historico-escolar')).toEqual(after);
  });

  it("a browser's ballot votes once per service: again, even at the same instant, it changes its vote and says so (issue 24)", async () => {
    const before = await ratingsOf('historico-escolar');
    const ballot = 'b4110t-de-um-navegador-000000000001';
    const first = await rate(serviceId, { value: 2, ballot }, '10.1.0.1');
    expect(first.json()).toMatchObject({ count: before.count + 1, updated: false });
    // A double tap: two requests with the same ballot at once.
    const [a, b] = await Promise.all([rate(serviceId, { value: 5, ballot }, '10.1.0.2'), rate(serviceId, { value: 5, ballot }, '10.1.0.3')]);
    expect([a.json().updated, b.json().updated]).toEqual([true, true]);
    const after = await ratingsOf('historico-escolar');
    expect(after.count).toBe(before.count + 1);
    expect(after.average).toBeCloseTo((before.average * before.count + 5) / (before.count + 1), 1);
    // Another service, the same browser: a vote of its own.
    const other = (await t.app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' })).json().id;
    expect((await rate(other, { value: 4, ballot }, '10.1.0.4')).json().updated).toBe(false);
    // Without a ballot (the app, the API): each vote counts, as before.
    expect((await rate(serviceId, { value: 4 }, '10.1.0.5')).json()).not.toHaveProperty('updated');
    for (const wrong of ['curta', 'x'.repeat(65), 'tem espaço e acento-é'])
      expect((await rate(serviceId, { value: 4, ballot: wrong }, '10.1.0.6')).statusCode, wrong).toBe(400);
  });

  for (const [name, body] of [
    ['0 stars', { value: 0 }],
    ['7 stars', { value: 7 }],
    ['a fraction', { value: 3.5 }],
    ['text', { value: 'cinco' }],
    ['no value', {}],
  ] as const) {
    it(`refuses ${name} with 400 and changes nothing`, async () => {
      const before = await ratingsOf('historico-escolar');
      const res = await rate(serviceId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/avaliação|Dados inválidos/);
      expect(await ratingsOf('historico-escolar')).toEqual(before);
    });
  }

  it('answers 404 for a service that does not exist', async () => {
    const res = await rate(999999, { value: 4 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Serviço não encontrado.');
  });

  it('answers 400 for an id that is not a number', async () => {
    const res = await rate('abc', { value: 4 });
    expect(res.statusCode).toBe(400);
  });

  it('limits repeated votes from one voter, and only that voter', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await rate(serviceId, { value: 1 }, '10.9.9.9')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await rate(serviceId, { value: 1 }, '10.9.9.9');
    expect(refused.json().message).toMatch(/Tente novamente mais tarde/);
    expect((await rate(serviceId, { value: 4 }, '10.8.8.8')).statusCode).toBe(200);
  });

  it('takes exactly five of 30 simultaneous votes from one address, and says when to try again', async () => {
    const before = await ratingsOf('historico-escolar');
    const answers = await Promise.all(Array.from({ length: 30 }, () => rate(serviceId, { value: 1 }, '10.7.7.7')));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(VOTES_PER_WINDOW);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - VOTES_PER_WINDOW);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: expect.stringMatching(/Tente novamente mais tarde/) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await ratingsOf('historico-escolar')).count).toBe(before.count + VOTES_PER_WINDOW);
  });
});
