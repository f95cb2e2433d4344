import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field, as the mobile app does
type Item = Record<string, any>;
const search = async (body: unknown) => {
  const res = await t.app.inject({ method: 'POST', url: '/v1/search', payload: body as object });
  return { status: res.statusCode, body: res.json() };
};
const items = async (body: unknown): Promise<Item[]> => {
  const res = await search(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
async function everything(body: object): Promise<Item[]> {
  const all: Item[] = [];
  for (let from = 0; ; from += 100) {
    const page = await items({ ...body, from, size: 100 });
    all.push(...page);
    if (page.length < 100) return all;
  }
}

describe('POST /v1/search: listing and pagination', () => {
  it('lists active services ten at a time, alphabetically, with the total on every item', async () => {
    const page = await items({ groups: ['CATALOG'], from: 0 });
    expect(page).toHaveLength(10);
    const total = page[0]!.resultTotal;
    expect(total).toBeGreaterThanOrEqual(200);
    for (const item of page) {
      expect(item.resultTotal).toBe(total);
      expect(item.pageCount).toBe(Math.ceil(total / 10));
      expect(item.active).toBe(true);
    }
    const titles = page.map((i) => i.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
  });

  it('pages with from = 10 × page index, without overlap', async () => {
    const first = await items({ from: 0 });
    const second = await items({ from: 10 });
    expect(second).toHaveLength(10);
    const overlap = second.filter((s) => first.some((f) => f.slug === s.slug));
    expect(overlap).toEqual([]);
  });

  it('answers an empty list past the last page', async () => {
    expect(await items({ from: 100000 })).toEqual([]);
  });

  it('never lists inactive services in a search', async () => {
    const all = await everything({});
    expect(all.length).toBe(all[0]!.resultTotal);
    expect(all.every((i) => i.active)).toBe(true);
  });
});

describe('POST /v1/search: filters', () => {
  it('filters by category', async () => {
    const list = await everything({ category: 'transito-e-veiculos' });
    expect(list.length).toBeGreaterThan(10);
    expect(new Set(list.map((i) => i.categorySlug))).toEqual(new Set(['transito-e-veiculos']));
  });

  it('lists an audience category by its target, and empresas answers as negocios-e-empresas', async () => {
    const citizens = await everything({ category: 'servicos-ao-cidadao' });
    expect(citizens.length).toBeGreaterThan(50);
    expect(citizens.every((i) => i.targets.includes('Cidadão'))).toBe(true);
    const companies = await everything({ category: 'negocios-e-empresas' });
    const alias = await everything({ category: 'empresas' });
    expect(companies.length).toBeGreaterThan(5);
    expect(alias.map((i) => i.slug)).toEqual(companies.map((i) => i.slug));
    expect(companies.every((i) => i.targets.includes('Empresa'))).toBe(true);
  });

  it('runs the targeted search of the "Cidadão" list', async () => {
    const targeted = await everything({ groups: ['CATALOG'], targets: ['Cidadão'] });
    const audience = await everything({ category: 'servicos-ao-cidadao' });
    expect(targeted.map((i) => i.slug).sort()).toEqual(audience.map((i) => i.slug).sort());
  });

  it('filters by department', async () => {
    const list = await everything({ departmentSlug: 'detran-pi' });
    expect(list.length).toBeGreaterThan(10);
    expect(list.every((i) => i.departmentSlug === 'detran-pi' && i.department.includes('Trânsito'))).toBe(true);
  });

  it('combines a keyword with a category', async () => {
    const list = await items({ query: 'certidão', category: 'seguranca-publica' });
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((i) => i.categorySlug === 'seguranca-publica')).toBe(true);
  });

  it('lists only highlighted services for "Acesso rápido"', async () => {
    const list = await everything({ groups: ['CATALOG'], highlighted: true });
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.every((i) => i.highlighted)).toBe(true);
  });

  it('answers the most accessed services for top_hit, most accessed first', async () => {
    const top = await items({ top_hit: 10 });
    expect(top).toHaveLength(10);
    const counters: number[] = [];
    for (const item of top.slice(0, 4)) counters.push((await t.app.inject({ url: `/v1/catalog/${item.slug}/load` })).json().access_counter);
    expect(counters).toEqual([...counters].sort((a, b) => b - a));
  });

  it('keeps inactive services in top_hit 500, flagged, so the client can choose', async () => {
    const top = await items({ top_hit: 500 });
    expect(top.length).toBeGreaterThan(200);
    expect(top.some((i) => i.active === false)).toBe(true);
  });

  it('answers nothing for groups other than CATALOG', async () => {
    expect(await items({ groups: ['NOTICIAS'], query: 'cnh' })).toEqual([]);
  });

  it('filters by slugs, tags and platforms', async () => {
    const bySlug = await items({ slugs: ['historico-escolar', 'renovacao-da-cnh'] });
    expect(bySlug.map((i) => i.slug).sort()).toEqual(['historico-escolar', 'renovacao-da-cnh']);
    const online = await everything({ platforms: ['WEB'] });
    expect(online.every((i) => i.isOnline)).toBe(true);
  });
});

describe('POST /v1/search: bad input', () => {
  const cases: [string, unknown, number, RegExp][] = [
    ['negative from', { from: -1 }, 400, /não pode ser negativo/],
    ['from as text', { from: 'dez' }, 400, /deve ser um número/],
    ['fractional from', { from: 1.5 }, 400, /inteiro/],
    ['page too large', { size: 1000 }, 400, /no máximo 100/],
    ['top_hit zero', { top_hit: 0 }, 400, /ao menos 1/],
    ['query too long', { query: 'a'.repeat(201) }, 400, /no máximo 200/],
    ['highlighted as text', { highlighted: 'sim' }, 400, /verdadeiro ou falso/],
    ['targets not a list', { targets: 'Cidadão' }, 400, /Dados inválidos/],
    ['a list as the body', [1, 2], 400, /Dados inválidos/],
    ['unknown category', { category: 'nao-existe' }, 404, /Categoria não encontrada/],
    ['unknown department', { departmentSlug: 'orgao-inexistente' }, 404, /Órgão não encontrado/],
    ['unknown target', { targets: ['Marcianos'] }, 400, /Público desconhecido/],
  ];
  for (const [name, body, status, message] of cases) {
    it(`answers ${status} for ${name}`, async () => {
      const res = await search(body);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ statusCode: status, message: expect.stringMatching(message) });
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+|Error:/);
    });
  }
});

describe('POST /v1/search: Portuguese text', () => {
  it('ignores accents and case', async () => {
    const a = await items({ query: 'Habilitação' });
    const b = await items({ query: 'habilitacao' });
    expect(a.length).toBeGreaterThan(0);
    expect(b.map((i) => i.slug)).toEqual(a.map((i) => i.slug));
  });

  it('finds stems: "renovar" finds "Renovação"', async () => {
    const list = await items({ query: 'renovar' });
    expect(list.some((i) => i.slug === 'renovacao-da-cnh')).toBe(true);
  });

  it('scores results and ranks the best first', async () => {
    const list = await items({ query: 'cnh' });
    const scores = list.map((i) => i.score);
    expect(scores.every((s) => typeof s === 'number')).toBe(true);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('answers an empty list, not an error, for nonsense', async () => {
    expect(await items({ query: 'xyzzyqwv plugh' })).toEqual([]);
  });

  it('treats a blank query as no query', async () => {
    const blank = await items({ query: '   ' });
    const none = await items({});
    expect(blank.map((i) => i.slug)).toEqual(none.map((i) => i.slug));
  });
});
