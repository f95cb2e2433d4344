import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from './test-support/app.ts';
import { AppCatalogItem, AppCategoryList, AppDepartmentList, AppSearchResponse } from './test-support/gov-pi-cidadao.ts';

// The state's mobile app must work against this server unchanged (issue 6): real responses of every
// endpoint it reads, anonymous and with a token, checked against the app's own expectations.
let t: TestApp;
let bearer: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  bearer = { authorization: `Bearer ${await t.token({ sub: 'app-user' })}` };
});
afterAll(() => t.close());

function expectShape(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body);
  const problems = result.success ? [] : result.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
  expect(problems).toEqual([]);
}

const SEARCH_BODIES: [string, object][] = [
  ['keyword page', { query: 'cnh', groups: ['CATALOG'], category: null, departmentSlug: null, from: 0 }],
  ['category page', { query: '', groups: ['CATALOG'], category: 'transito-e-veiculos', from: 10 }],
  ['department page', { groups: ['CATALOG'], departmentSlug: 'sefaz', from: 0 }],
  ['Cidadão target', { groups: ['CATALOG'], targets: ['Cidadão'] }],
  ['quick access', { groups: ['CATALOG'], highlighted: true }],
  ['most accessed', { top_hit: 10 }],
  ['home', { top_hit: 500 }],
  ['app filters', { groups: ['CATALOG'], tags: ['cnh'], platforms: ['APP'], slugs: [], departmentSection: '', size: 20 }],
];

describe('wire compatibility with gov_pi_cidadao', () => {
  for (const [name, body] of SEARCH_BODIES) {
    for (const auth of ['anonymous', 'logged in'] as const) {
      it(`POST /v1/search (${name}, ${auth}) answers a plain array of app-shaped items`, async () => {
        const res = await t.app.inject({ method: 'POST', url: '/v1/search', payload: body, headers: auth === 'logged in' ? bearer : {} });
        expect(res.statusCode).toBe(200);
        const list = res.json();
        expect(Array.isArray(list)).toBe(true);
        if (name !== 'app filters') expect(list.length).toBeGreaterThan(0);
        expectShape(AppSearchResponse, list);
      });
    }
  }

  it('every search item carries link as a string, empty when the service has none', async () => {
    const list = (await t.app.inject({ method: 'POST', url: '/v1/search', payload: { top_hit: 500 } })).json();
    expect(list.some((i: { link: string }) => i.link === '')).toBe(true);
    expect(list.every((i: { link: unknown }) => typeof i.link === 'string')).toBe(true);
  });

  for (const slug of ['renovacao-da-cnh', 'carteira-de-identidade-primeira-via', 'contracheque-do-servidor', 'delegacia-virtual-boletim-de-ocorrencia']) {
    it(`GET /v1/catalog/${slug}/load has the app's shape, anonymous and logged in`, async () => {
      for (const headers of [{}, bearer]) {
        const res = await t.app.inject({ url: `/v1/catalog/${slug}/load`, headers });
        expect(res.statusCode).toBe(200);
        expectShape(AppCatalogItem, res.json());
      }
    });
  }

  it('GET /v1/catalog/{slug}/load carries catalogDataRow for services that post fields', async () => {
    const all = (await t.app.inject({ method: 'POST', url: '/v1/search', payload: { top_hit: 500 } })).json() as { slug: string }[];
    let found = 0;
    for (const { slug } of all) {
      const item = (await t.app.inject({ url: `/v1/catalog/${slug}/load` })).json();
      if (item.catalogDataRow?.length) {
        found++;
        expectShape(AppCatalogItem, item);
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  it('GET /v1/category answers the app’s category tree', async () => {
    for (const headers of [{}, bearer]) {
      const res = await t.app.inject({ url: '/v1/category', headers });
      expectShape(AppCategoryList, res.json());
    }
  });

  it('GET /v1/department answers the app’s departments, all strings but the two booleans', async () => {
    for (const headers of [{}, bearer]) {
      const res = await t.app.inject({ url: '/v1/department', headers });
      expectShape(AppDepartmentList, res.json());
    }
  });

  it('the shapes catch a break: a number where the app wants a string fails', () => {
    const good = { type: 'CATALOG', title: 't', slug: 's', description: '', category: 'c', department: 'd', departmentSlug: 'd', categorySlug: 'c', icon: '', link: '', imageUrl: '', resultCategory: 'r', accessProfile: 'BRONZE', tags: [], targets: [], departmentSections: [], platforms: [], popularNames: [], isFree: true, isOnline: true, isDigital: true, isSelfService: false, highlighted: false, active: true, pageCount: 1, resultTotal: 1, score: null };
    expect(AppSearchResponse.safeParse([good]).success).toBe(true);
    expect(AppSearchResponse.safeParse([{ ...good, link: null }]).success).toBe(false);
    expect(AppSearchResponse.safeParse([{ ...good, resultTotal: '1' }]).success).toBe(false);
  });
});
