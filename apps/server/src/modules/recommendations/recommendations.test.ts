import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { itRefusesBadBearers } from '../../test-support/bearer.ts';
import { rankRecommendations, type ServiceFeatures } from './recommendations.ranker.ts';

const URL = (username: string) => `/api/recommendations/recommend_services/${username}`;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the ranker (hand-computed fixture)', () => {
  const f = (id: number, categoryId: number, departmentId: number, tags: number[], active = true, popularity = 0): ServiceFeatures => ({
    id,
    slug: `s${id}`,
    categoryId,
    departmentId,
    tags,
    active,
    popularity,
  });
  const services = new Map([f(1, 1, 1, [1, 2]), f(2, 2, 2, []), f(3, 1, 1, [1]), f(4, 1, 3, [2]), f(5, 1, 1, [1, 2], false)].map((s) => [s.id, s]));

  it('blends co-occurrence (cosine) with content similarity for a short history', () => {
    // co-occurrence: 2 → 1·2/√(3·2) = 0.8165 (max, 1.0); 3 → 1·1/√(3·1) = 0.5774 (0.7071)
    // content: sim(1,3) = 0.5 + 0.3 + 0.2·½ = 0.9 (max, 1.0); sim(1,4) = 0.5 + 0.2·½ = 0.6 (0.6667); sim(1,2) = 0
    // short history: content weighs 0.5 → 3: 0.7071 + 0.5; 2: 1; 4: 0.3333; 5 is inactive
    const ranked = rankRecommendations({
      history: new Map([[1, 1]]),
      together: new Map([[1, new Map([[2, 2], [3, 1], [5, 3]])]]),
      users: new Map([[1, 3], [2, 2], [3, 1], [5, 3]]),
      services,
    });
    expect(ranked).toEqual([
      { id: 3, score: 1.2071, reason: 'co-occurrence' },
      { id: 2, score: 1, reason: 'co-occurrence' },
      { id: 4, score: 0.3333, reason: 'content' },
    ]);
  });

  it('lets content only break ties for a long history, and recommends nothing without history', () => {
    const history = new Map([[1, 1], [10, 1], [11, 1], [12, 1], [13, 1]]);
    const ranked = rankRecommendations({ history, together: new Map([[1, new Map([[2, 1], [3, 1]])]]), users: new Map([[1, 1], [2, 1], [3, 1]]), services });
    // equal co-occurrence; 3 wins on content (0.1 · 1.0), 4 only has content (0.1 · 0.6667)
    expect(ranked.map((r) => [r.id, r.score])).toEqual([[3, 1.1], [2, 1], [4, 0.0667]]);
    expect(rankRecommendations({ history: new Map(), together: new Map(), users: new Map(), services })).toEqual([]);
  });
});

describe('GET /api/recommendations/recommend_services/{username}', () => {
  it('computes recommendations from a fixture whose right answer is known', async () => {
    await t.app.db.execute(sql`delete from access_log`);
    await t.app.db.execute(sql`delete from favorites`);
    // u1: cnh, licenciamento, ipva · u2: cnh, licenciamento (favourite) · u3: cnh, ipva · u4: servants' services
    // ana used the CNH renewal and a service that was since switched off.
    await t.app.db.execute(sql`
      insert into access_log (service_id, user_sub)
      select s.id, f.sub from (values
        ('u1', 'renovacao-da-cnh'), ('u1', 'licenciamento-anual-de-veiculo'), ('u1', 'emissao-do-dae-do-ipva'),
        ('u2', 'renovacao-da-cnh'),
        ('u3', 'renovacao-da-cnh'), ('u3', 'emissao-do-dae-do-ipva'),
        ('u4', 'contracheque-do-servidor'), ('u4', 'consulta-de-margem-consignavel'),
        ('fixture-ana', 'renovacao-da-cnh'), ('fixture-ana', 'leilao-de-bens-inserviveis-do-estado')
      ) as f(sub, slug) join services s on s.slug = f.slug`);
    await t.app.db.execute(sql`insert into favorites (user_sub, service_id) select 'u2', id from services where slug = 'licenciamento-anual-de-veiculo'`);

    const res = await t.app.inject({ url: URL('fixture-ana'), headers: { authorization: `Bearer ${await t.token({ sub: 'fixture-ana' })}` } });
    expect(res.statusCode).toBe(200);
    const { recommended_services: recommended, deprecated_services: deprecated } = res.json();
    // licenciamento: co-used by 2 neighbours and same category and department as the CNH renewal;
    // IPVA: co-used by 2 neighbours, nothing in common; then services like the CNH renewal, by content.
    expect(recommended.slice(0, 2).map((r: { slug: string; reason: string }) => [r.slug, r.reason])).toEqual([
      ['licenciamento-anual-de-veiculo', 'co-occurrence'],
      ['emissao-do-dae-do-ipva', 'co-occurrence'],
    ]);
    expect(recommended).toHaveLength(10);
    for (const item of recommended.slice(2)) {
      expect(item).toMatchObject({ reason: 'content', categorySlug: 'transito-e-veiculos', active: true });
    }
    const slugs = recommended.map((r: { slug: string }) => r.slug);
    expect(slugs).not.toContain('renovacao-da-cnh');
    expect(slugs).not.toContain('contracheque-do-servidor');
    expect(deprecated.map((d: { slug: string; active: boolean }) => [d.slug, d.active])).toEqual([['leilao-de-bens-inserviveis-do-estado', false]]);
  });

  it('answers empty lists for a citizen without history (the clients fall back to the highlighted search)', async () => {
    const res = await t.app.inject({ url: URL('novato'), headers: { authorization: `Bearer ${await t.token({ sub: 'novato' })}` } });
    expect(res.json()).toEqual({ recommended_services: [], deprecated_services: [] });
  });

  it("refuses another citizen's recommendations (403) and bad usernames (400)", async () => {
    const maria = `Bearer ${await t.tokenFor('maria.silva')}`;
    const other = await t.app.inject({ url: URL('joao.souza'), headers: { authorization: maria } });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/suas próprias recomendações/);
    const bad = await t.app.inject({ url: URL('maria%20silva%3B'), headers: { authorization: maria } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Usuário inválido/);
    expect((await t.app.inject({ url: URL('MARIA.SILVA'), headers: { authorization: maria } })).statusCode).toBe(200);
  });

  describe('bearer checks (no copy of the live leak)', () => itRefusesBadBearers(() => t, () => ({ url: URL('maria.silva') })));
});

describe('recommendations on the demo data', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp();
  });
  afterAll(() => demo.close());

  it('recommends Maria what drivers and taxpayers like her use, and shows João the service that was switched off', async () => {
    const maria = (await demo.app.inject({ url: URL('maria.silva'), headers: { authorization: `Bearer ${await demo.tokenFor('maria.silva')}` } })).json();
    const slugs = maria.recommended_services.map((r: { slug: string }) => r.slug);
    expect(slugs.length).toBeGreaterThan(0);
    expect(slugs).toContain('consulta-de-pontuacao-da-cnh');
    expect(slugs).not.toContain('renovacao-da-cnh');
    expect(maria.deprecated_services).toEqual([]);
    const joao = (await demo.app.inject({ url: URL('joao.souza'), headers: { authorization: `Bearer ${await demo.tokenFor('joao.souza')}` } })).json();
    expect(joao.deprecated_services.map((d: { slug: string }) => d.slug)).toEqual(['leilao-de-bens-inserviveis-do-estado']);
    expect(joao.recommended_services[0].reason).toBe('co-occurrence');
    expect(joao.recommended_services[0].categorySlug).toBe('gestao-publica');
  });
});
