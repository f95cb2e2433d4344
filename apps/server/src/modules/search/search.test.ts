import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { LOOSE_LIST_SIZE } from './search.service.ts';

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
    ['page too large', { size: 1000 }, 400, /no máximo 200/],
    ['negative page size', { size: -1 }, 400, /não pode ser negativo/],
    ['top_hit zero', { top_hit: 0 }, 400, /ao menos 1/],
    ['query too long', { query: 'a'.repeat(201) }, 400, /no máximo 200/],
    ['highlighted as text', { highlighted: 'sim' }, 400, /verdadeiro ou falso/],
    ['targets not a list', { targets: 'Cidadão' }, 400, /Dados inválidos/],
    ['a list as the body', [1, 2], 400, /Dados inválidos/],
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

  it('when no service has every word, ranks first those a word names (title, popular names, tags: migration 0018)', async () => {
    const [unranked] = await rows<{ n: number }>(t.app.db, sql`select count(*)::int as n from services where search_rank_vector is null or search_rank_vector = ''::tsvector`);
    expect(unranked!.n).toBe(0);
    const list = await items({ query: 'ipva doação de sangue', groups: ['CATALOG'], from: 0 });
    expect(list.length).toBeGreaterThan(2);
    // Every one of the first three is named by one of the words, not only described by it.
    for (const item of list.slice(0, 3)) expect(`${item.title} ${item.popularNames.join(' ')} ${item.tags.join(' ')}`).toMatch(/ipva|doação|sangue/i);
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

describe('search that understands what was meant (issue 13)', () => {
  it('finds nothing for a text with no letter or digit, instead of the whole catalog', async () => {
    for (const query of ['😀', '?', '%', '../..', '— …']) {
      expect(await items({ query, groups: ['CATALOG'], from: 0 }), query).toEqual([]);
    }
    // An empty or blank text still lists everything (the list page without a keyword).
    expect((await items({ query: '  ', groups: ['CATALOG'], from: 0 })).length).toBe(10);
  });

  const suggestions = async (q: string, size?: number) => {
    const res = await t.app.inject({ url: `/v1/search/suggestions?${new URLSearchParams({ q, ...(size ? { size: String(size) } : {}) })}` });
    return { status: res.statusCode, headers: res.headers, body: res.json() };
  };

  it('suggests services as one types: titles beginning with the text first, then popular names, then words', async () => {
    const ipv = await suggestions('ipv');
    expect(ipv.status).toBe(200);
    expect(ipv.body.searchable).toBe(true);
    expect(ipv.body.correction).toBeNull();
    expect(ipv.body.services[0]).toMatchObject({ slug: 'emissao-do-dae-do-ipva', title: 'IPVA – emissão do DAE (guia de pagamento)', categorySlug: expect.any(String) });
    expect(ipv.body.services.length).toBeGreaterThan(1);
    // A popular name: 'rg' is what citizens call the identity card.
    expect((await suggestions('rg')).body.services.map((s: Item) => s.slug)).toContain('carteira-de-identidade-primeira-via');
    // Words anywhere, each typed word the beginning of one: 'segunda via identi…'
    expect((await suggestions('segunda via identi')).body.services.map((s: Item) => s.slug)).toContain('carteira-de-identidade-segunda-via');
    expect((await suggestions('ipv', 2)).body.services).toHaveLength(2);
    // A public answer every visitor shares (and a CDN may keep).
    expect(String(ipv.headers['cache-control'])).toMatch(/public/);
  });

  it("says what a typo or a word without accents was read as ('Você quis dizer')", async () => {
    const typo = await suggestions('identiadde');
    expect(typo.body.correction).toBe('identidade');
    expect(typo.body.services.map((s: Item) => s.slug)).toContain('carteira-de-identidade-primeira-via');
    expect((await suggestions('renovacao habilitacao')).body.correction).toBe('renovação habilitação');
    expect((await suggestions('licensiamento veiculo')).body.correction).toBe('licenciamento veículo');
    // Written as the catalog writes it, or a synonym: nothing to correct.
    for (const q of ['renovação da habilitação', 'IPVA', 'holerite', 'B.O.']) expect((await suggestions(q)).body.correction, q).toBeNull();
  });

  it('answers a text with no letter or digit as not searchable, and refuses bad sizes in Portuguese', async () => {
    expect((await suggestions('😀')).body).toEqual({ searchable: false, correction: null, services: [] });
    const tooMany = await suggestions('ipva', 11);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/no máximo 10/);
    const missing = await t.app.inject({ url: '/v1/search/suggestions' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/[a-zà-ú]/i);
  });
});

describe('pages past the end of a keyword search', () => {
  it('are empty, never the pages of a looser search (every word matched on page 1, any word on page 2)', async () => {
    const query = 'carteira veiculo';
    const first = await items({ query, groups: ['CATALOG'], from: 0 });
    expect(first.length).toBeGreaterThan(0);
    const total = first[0]!.resultTotal as number;
    // The looser search (any word) has more: it must not fill the pages after the last.
    const carteira = (await items({ query: 'carteira', groups: ['CATALOG'], from: 0 }))[0]!.resultTotal as number;
    expect(carteira).toBeGreaterThan(total + 10);
    expect(await items({ query, groups: ['CATALOG'], from: Math.ceil(total / 10) * 10 })).toEqual([]);
  });
});

describe('a search no service fully matches, when many services are named by one of its words (issue 11)', () => {
  // Its own catalog: the demo's, plus 60 services named by 'IPVA' in their title only, 40 of them more
  // accessed than any demo service and 20 hardly ever. No service has both 'sangue' and 'ipva'.
  let scaled: TestApp;
  beforeAll(async () => {
    scaled = await createTestApp();
    const added = await rows<{ id: number }>(
      scaled.app.db,
      sql`insert into services (slug, type, title, description, category_id, department_id, access_profile_id, result_category_id, access_count)
          select 'pedido-de-ipva-' || n, type, 'Pedido de IPVA número ' || n, description, category_id, department_id, access_profile_id, result_category_id,
                 case when n <= 40 then 30000 + n else n - 41 end
          from services, generate_series(1, 60) n where slug = 'isencao-de-ipva-para-pessoa-com-deficiencia' returning id`,
    );
    await scaled.app.db.execute(sql`select refresh_service_search(${`{${added.map((r) => r.id).join(',')}}`}::int[])`);
  });
  afterAll(() => scaled.close());
  const page = async (from: number, size = 10): Promise<Item[]> => {
    const res = await scaled.app.inject({ method: 'POST', url: '/v1/search', payload: { query: 'sangue ipva', groups: ['CATALOG'], from, size } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('lists the 50 most accessed of them in five pages, and says 50', async () => {
    const pages = await Promise.all([0, 10, 20, 30, 40].map((from) => page(from)));
    const slugs = pages.flat().map((item) => item.slug as string);
    expect(new Set(slugs).size).toBe(LOOSE_LIST_SIZE);
    for (const item of pages.flat()) expect([item.resultTotal, item.pageCount]).toEqual([LOOSE_LIST_SIZE, LOOSE_LIST_SIZE / 10]);
    expect(await page(LOOSE_LIST_SIZE)).toEqual([]);
    expect(await page(0, 200)).toHaveLength(LOOSE_LIST_SIZE);
    // The most accessed named ones are there; the hardly ever accessed are not.
    expect(slugs).toContain('pedido-de-ipva-1');
    expect(slugs).toContain('emissao-do-dae-do-ipva');
    expect(slugs.filter((slug) => /^pedido-de-ipva-(4[1-9]|5\d|60)$/.test(slug))).toEqual([]);
  });

  it('ranks them as every match was ranked: the service the words name most first, before more accessed ones', async () => {
    const slugs = (await page(0)).map((item) => item.slug as string);
    // As on the demo catalog alone: the blood donation service (sangue in its title, popular names and tags).
    expect(slugs[0]).toBe('agendamento-de-doacao-de-sangue');
    // IPVA's own service (its title, popular names and tags) before those with the word in the title only.
    const firstAdded = slugs.findIndex((slug) => slug.startsWith('pedido-de-ipva-'));
    expect(slugs.indexOf('emissao-do-dae-do-ipva')).toBeGreaterThanOrEqual(0);
    expect(firstAdded === -1 || slugs.indexOf('emissao-do-dae-do-ipva') < firstAdded).toBe(true);
  });
});

describe('the database plans searches for fast random reads', () => {
  it('runs with random_page_cost 1.1, so broad searches use the text index at scale (bench/search.ts)', async () => {
    const [setting] = await rows<{ random_page_cost: string }>(t.app.db, sql`show random_page_cost`);
    expect(setting!.random_page_cost).toBe('1.1');
  });
});

describe('page sizes the state\'s app sends (issue 14)', () => {
  it('answers size 0 with the default page of ten, and up to 200 in one page', async () => {
    expect(await items({ query: 'carteira', groups: ['CATALOG'], from: 0, size: 0 })).toHaveLength(10);
    const all = await items({ groups: ['CATALOG'], from: 0, size: 200 });
    expect(all).toHaveLength(200);
    expect(all[0]!.pageCount).toBe(Math.ceil(all[0]!.resultTotal / 200));
  });
});

describe("the live API's department slugs, which the state's app hard-codes (issue 14)", () => {
  const LIVE = {
    'secretaria-da-administracao-do-estado-do-piaui': 'sead',
    'departamento-estadual-de-transito-do-estado-do-piaui': 'detran-pi',
    'secretaria-de-estado-da-educacao-do-piaui': 'seduc',
  };
  it('filter the search like the short slugs, which stay the ones the answers carry', async () => {
    for (const [live, short] of Object.entries(LIVE)) {
      const byLive = await items({ groups: ['CATALOG'], departmentSlug: live, from: 0, size: 200 });
      const byShort = await items({ groups: ['CATALOG'], departmentSlug: short, from: 0, size: 200 });
      expect(byLive.length, live).toBeGreaterThan(0);
      expect(byLive.map((i) => i.slug)).toEqual(byShort.map((i) => i.slug));
      expect(new Set(byLive.map((i) => i.departmentSlug))).toEqual(new Set([short]));
    }
  });

  it("open the department's units too", async () => {
    const byLive = await t.app.inject({ url: '/v1/department/departamento-estadual-de-transito-do-estado-do-piaui/section' });
    const byShort = await t.app.inject({ url: '/v1/department/detran-pi/section' });
    expect(byLive.statusCode).toBe(200);
    expect(byLive.json()).toEqual(byShort.json());
    expect((await t.app.inject({ url: '/v1/department/secretaria-de-nada/section' })).statusCode).toBe(404);
  });
});

describe('filters on what does not exist (issue 14: the state\'s app expects an empty list)', () => {
  it('answer an unknown category or department with an empty list, not an error', async () => {
    expect(await items({ groups: ['CATALOG'], category: 'nao-existe', from: 0 })).toEqual([]);
    expect(await items({ groups: ['CATALOG'], departmentSlug: 'orgao-inexistente', from: 0, size: 200 })).toEqual([]);
    expect(await items({ query: 'cnh', groups: ['CATALOG'], departmentSlug: 'orgao-inexistente', from: 0 })).toEqual([]);
  });

  it('answer a department number no row can have (past PostgreSQL\'s integer) as unknown, not as a failure', async () => {
    expect(await items({ groups: ['CATALOG'], departmentSlug: '2147483648', from: 0 })).toEqual([]);
    expect((await t.app.inject({ url: '/v1/department/2147483648/section' })).statusCode).toBe(400);
  });
});
