import type { CatalogSettings } from '@portal/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

let t: TestApp;
const bearer: Record<string, string> = {};
const STAFF = { editorDetran: 'ana.detran', reviewerDetran: 'bruno.detran', admin: 'davi.central', citizen: 'maria.silva' };
type Who = keyof typeof STAFF;

beforeAll(async () => {
  t = await createTestApp();
  for (const [who, username] of Object.entries(STAFF)) bearer[who] = `Bearer ${await t.tokenFor(username)}`;
});
afterAll(() => t.close());

const call = (who: Who | null, options: InjectOptions) => t.app.inject({ ...options, headers: { ...options.headers, ...(who ? { authorization: bearer[who] } : {}) } });
const admin = async (options: InjectOptions) => {
  const answer = await call('admin', options);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as CatalogSettings;
};
const searchFor = async (query: string) => ((await t.app.inject({ method: 'POST', url: '/v1/search', payload: { query } })).json() as { slug: string }[]).map((s) => s.slug);

describe("the central team's catalog settings", () => {
  it('are refused to everyone else', async () => {
    const routes: InjectOptions[] = [
      { url: '/v1/gestao/catalogo' },
      { method: 'POST', url: '/v1/gestao/categorias', payload: { name: 'Nova', description: '', hidden: false, orderIndex: 1 } },
      { method: 'PUT', url: '/v1/gestao/categorias/saude', payload: { name: 'Saúde', description: '', hidden: false, orderIndex: 1 } },
      { method: 'POST', url: '/v1/gestao/sinonimos', payload: { term: 'xyz', expansion: 'abc' } },
      { method: 'POST', url: '/v1/gestao/sinonimos/remover', payload: { term: 'xyz' } },
      { method: 'POST', url: '/v1/gestao/destaques', payload: { slug: 'renovacao-da-cnh', highlighted: true } },
      { method: 'POST', url: '/v1/gestao/respostas-diretas', payload: { terms: ['xyz'], title: 'X y', provider: 'X y', description: 'Uma frase longa.', url: 'https://x.example' } },
      { method: 'POST', url: '/v1/gestao/respostas-diretas/remover', payload: { id: 1 } },
    ];
    for (const route of routes) {
      for (const who of ['editorDetran', 'reviewerDetran', 'citizen'] as const) expect((await call(who, route)).statusCode, `${who} ${route.url}`).toBe(403);
      expect((await call(null, route)).statusCode, String(route.url)).toBe(401);
    }
  });

  it('creates and renames categories, and citizens see them at once', async () => {
    const before = await admin({ url: '/v1/gestao/catalogo' });
    const category = before.categories.find((c) => !c.audience && c.services > 0)!;
    expect((await t.app.inject({ url: '/v1/category' })).body).toContain(category.name); // a public copy now cached
    const renamed = await admin({ method: 'PUT', url: `/v1/gestao/categorias/${category.slug}`, payload: { name: `${category.name} e mais`, description: category.description, hidden: false, orderIndex: category.orderIndex } });
    expect(renamed.categories.find((c) => c.slug === category.slug)?.name).toBe(`${category.name} e mais`);
    expect((await t.app.inject({ url: '/v1/category' })).body).toContain(`${category.name} e mais`);
    const created = await admin({ method: 'POST', url: '/v1/gestao/categorias', payload: { name: 'Clima e Meio Ambiente', description: 'Licenças e alertas.', hidden: false, orderIndex: 50 } });
    expect(created.categories).toContainEqual(expect.objectContaining({ slug: 'clima-e-meio-ambiente', name: 'Clima e Meio Ambiente', services: 0 }));
    const bad = await call('admin', { method: 'POST', url: '/v1/gestao/categorias', payload: { name: ' ', description: '', hidden: false, orderIndex: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/nome da categoria/);
    expect((await call('admin', { method: 'PUT', url: '/v1/gestao/categorias/nao-existe', payload: { name: 'X y', description: '', hidden: false, orderIndex: 1 } })).statusCode).toBe(404);
  });

  it('adds a search synonym that the search reads at once, and takes it away', async () => {
    expect(await searchFor('zapcarteira')).not.toContain('renovacao-da-cnh');
    const added = await admin({ method: 'POST', url: '/v1/gestao/sinonimos', payload: { term: 'ZapCarteira', expansion: 'renovação da CNH' } });
    expect(added.synonyms).toContainEqual({ term: 'zapcarteira', expansion: 'renovação da CNH' });
    expect(await searchFor('zapcarteira')).toContain('renovacao-da-cnh');
    const removed = await admin({ method: 'POST', url: '/v1/gestao/sinonimos/remover', payload: { term: 'zapcarteira' } });
    expect(removed.synonyms.map((s) => s.term)).not.toContain('zapcarteira');
    expect(await searchFor('zapcarteira')).not.toContain('renovacao-da-cnh');
  });

  it('adds, changes and removes a best bet, which the search shows at once, each change audited (issue 25)', async () => {
    const bets = async (q: string) => (await t.app.inject({ url: `/v1/search/best-bets?q=${encodeURIComponent(q)}` })).json() as { title: string; provider: string }[];
    expect(await bets('carteira de pescador')).toEqual([]);
    const bet = { terms: ['Carteira de Pescador', 'RGP'], title: 'Carteira de pescador', provider: 'Ministério da Pesca', description: 'O Registro Geral da Pesca é federal.', url: 'https://www.gov.br/mpa' };
    const added = await admin({ method: 'POST', url: '/v1/gestao/respostas-diretas', payload: bet });
    const stored = added.bestBets.find((b) => b.title === bet.title)!;
    expect(stored.terms).toEqual(['carteira de pescador', 'rgp']);
    expect(await bets('tirar carteira de pescador')).toEqual([expect.objectContaining({ provider: 'Ministério da Pesca' })]);
    const changed = await admin({ method: 'POST', url: '/v1/gestao/respostas-diretas', payload: { ...bet, id: stored.id, provider: 'Ministério da Pesca e Aquicultura' } });
    expect(changed.bestBets.find((b) => b.id === stored.id)?.provider).toBe('Ministério da Pesca e Aquicultura');
    expect(await bets('rgp')).toEqual([expect.objectContaining({ provider: 'Ministério da Pesca e Aquicultura' })]);
    const bad = await call('admin', { method: 'POST', url: '/v1/gestao/respostas-diretas', payload: { ...bet, url: 'javascript:alert(1)' } });
    expect(bad.statusCode).toBe(400);
    const removed = await admin({ method: 'POST', url: '/v1/gestao/respostas-diretas/remover', payload: { id: stored.id } });
    expect(removed.bestBets.some((b) => b.id === stored.id)).toBe(false);
    expect(await bets('rgp')).toEqual([]);
    const log = (await call('admin', { url: '/v1/gestao/auditoria' })).json() as { entries: { action: string }[] };
    const actions = log.entries.map((e) => e.action);
    for (const action of ['resposta_direta_criada', 'resposta_direta_alterada', 'resposta_direta_retirada']) expect(actions).toContain(action);
  });

  it('puts a service in the highlights and takes it out', async () => {
    const highlighted = async () => ((await t.app.inject({ method: 'POST', url: '/v1/search', payload: { highlighted: true, size: 50 } })).json() as { slug: string }[]).map((s) => s.slug);
    const before = await admin({ url: '/v1/gestao/catalogo' });
    const all = ((await t.app.inject({ method: 'POST', url: '/v1/search', payload: { size: 50 } })).json() as { slug: string }[]).map((s) => s.slug);
    const outside = all.find((slug) => !before.highlighted.some((h) => h.slug === slug))!;
    expect(await highlighted()).not.toContain(outside);
    expect((await admin({ method: 'POST', url: '/v1/gestao/destaques', payload: { slug: outside, highlighted: true } })).highlighted.map((h) => h.slug)).toContain(outside);
    expect(await highlighted()).toContain(outside);
    expect((await admin({ method: 'POST', url: '/v1/gestao/destaques', payload: { slug: outside, highlighted: false } })).highlighted.map((h) => h.slug)).not.toContain(outside);
    expect(await highlighted()).not.toContain(outside);
    expect((await call('admin', { method: 'POST', url: '/v1/gestao/destaques', payload: { slug: 'nao-existe', highlighted: true } })).statusCode).toBe(404);
  });
});
