import type { GestaoService, SearchMisses, ServiceContent, ServiceSearchDemand } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../../../web/scripts/ensure-build.mjs';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { keepableQuery } from './search.demand.ts';

let t: TestApp;
const bearer: Record<string, string> = {};
const STAFF = { editorDetran: 'ana.detran', reviewerDetran: 'bruno.detran', editorSeduc: 'carla.seduc', central: 'davi.central', citizen: 'maria.silva' };
type Who = keyof typeof STAFF;
let cnhId: number;

beforeAll(async () => {
  await ensureBuild(); // a service page opened from the results is rendered by the web app
  t = await createTestApp();
  for (const [who, username] of Object.entries(STAFF)) bearer[who] = `Bearer ${await t.tokenFor(username)}`;
  const found = (await t.app.db.execute(sql`select id from services where slug = 'renovacao-da-cnh'`)) as unknown as { rows: { id: number }[] };
  cnhId = found.rows[0]!.id;
});
afterAll(() => t.close());

const call = (who: Who, options: InjectOptions) => t.app.inject({ ...options, headers: { ...options.headers, authorization: bearer[who] } });
const searchFrom = (ip: string, query: string) => t.app.inject({ method: 'POST', url: '/v1/search', remoteAddress: ip, payload: { query } });
const count = async (query: ReturnType<typeof sql>) => ((await t.app.db.execute(query)) as unknown as { rows: { n: number | null }[] }).rows[0]!.n ?? 0;
const misses = (text: string) => count(sql`select sum(searches)::int as n from search_misses where query = ${text}`);
const arrivals = (text: string) => count(sql`select sum(arrivals)::int as n from search_arrivals where query = ${text} and service_id = ${cnhId}`);
const resultsPage = (text: string) => `http://localhost:3000/app/catalog/search/${encodeURIComponent(text)}`;

describe('what the back office may keep of a search', () => {
  it('keeps the text as the search reads it, and nothing that looks like personal data', () => {
    expect(keepableQuery('  Renovação da CNH ')).toBe('renovacao da cnh');
    expect(keepableQuery('IPVA 2026')).toBe('ipva 2026');
    expect(keepableQuery('123.456.789-09')).toBeNull();
    expect(keepableQuery('cpf 123 456 789 09')).toBeNull();
    expect(keepableQuery('(86) 99999-1234')).toBeNull();
    expect(keepableQuery('maria@exemplo.com')).toBeNull();
    expect(keepableQuery('?!')).toBeNull();
    expect(keepableQuery('a'.repeat(81))).toBeNull();
  });
});

describe('search demand', () => {
  it('counts a search that found nothing once per address an hour, from the cached answer too', async () => {
    const first = await searchFrom('10.1.0.1', 'Kwyjibo flurp');
    expect(first.json()).toEqual([]);
    expect((await searchFrom('10.1.0.1', 'Kwyjibo flurp')).headers['x-cache']).toBe('hit');
    const other = await searchFrom('10.1.0.2', 'Kwyjibo flurp');
    expect(other.headers['x-cache']).toBe('hit'); // another citizen, the same copy: counted
    expect((await searchFrom('10.1.0.3', 'kwyjibo FLURP')).json()).toEqual([]); // read as the same text
    await expect.poll(() => misses('kwyjibo flurp')).toBe(3);
    // A search that finds services is no miss; a CPF typed into the box is never kept.
    await searchFrom('10.1.0.1', 'renovar cnh');
    await searchFrom('10.1.0.1', '123.456.789-09');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await count(sql`select count(*)::int as n from search_misses where query in ('renovar cnh', '123 456 789 09')`)).toBe(0);
  });

  it("counts the search a citizen opened a service from, by the results page's address, on the API and on the page", async () => {
    const load = (ip: string, referer: string) => t.app.inject({ url: '/v1/catalog/renovacao-da-cnh/load', remoteAddress: ip, headers: { referer } });
    await load('10.2.0.1', resultsPage('carteira de motorista vencida'));
    await load('10.2.0.1', resultsPage('carteira de motorista vencida')); // the same citizen again: once
    await load('10.2.0.2', 'http://localhost:3000/app/catalog'); // not from a search
    const page = await t.app.inject({ url: '/app/catalog/transito-e-veiculos/renovacao-da-cnh', remoteAddress: '10.2.0.3', headers: { referer: resultsPage('carteira de motorista vencida') } });
    expect(page.statusCode).toBe(200);
    await expect.poll(() => arrivals('carteira de motorista vencida')).toBe(2);
    // A cached copy of the page counts its visitor's search too.
    await t.app.inject({ url: '/app/catalog/transito-e-veiculos/renovacao-da-cnh', remoteAddress: '10.2.0.4', headers: { referer: resultsPage('carteira de motorista vencida') } });
    await expect.poll(() => arrivals('carteira de motorista vencida')).toBe(3);
  });

  it("shows each department what led citizens to its services and what found nothing, and nobody else's", async () => {
    const mine = await call('editorDetran', { url: `/v1/gestao/servicos/${cnhId}/buscas` });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as ServiceSearchDemand).arrivals).toContainEqual({ query: 'carteira de motorista vencida', count: 3 });
    expect((await call('editorSeduc', { url: `/v1/gestao/servicos/${cnhId}/buscas` })).statusCode).toBe(403);
    expect((await call('citizen', { url: `/v1/gestao/servicos/${cnhId}/buscas` })).statusCode).toBe(403);
    // What found nothing reaches the department whose services hold one of its words; the central team sees all.
    await t.app.db.execute(sql`insert into search_misses (day, query, searches) values (current_date, 'cnh para marcianos', 2)`);
    const missesOf = async (who: Who) => ((await call(who, { url: '/v1/gestao/buscas-sem-resultado' })).json() as SearchMisses).misses;
    const detran = await missesOf('editorDetran');
    expect(detran).toContainEqual({ query: 'cnh para marcianos', count: 2 });
    expect(detran).not.toContainEqual(expect.objectContaining({ query: 'kwyjibo flurp' }));
    expect(await missesOf('editorSeduc')).not.toContainEqual(expect.objectContaining({ query: 'cnh para marcianos' }));
    expect(await missesOf('central')).toEqual(expect.arrayContaining([{ query: 'kwyjibo flurp', count: 3 }, { query: 'cnh para marcianos', count: 2 }]));
    expect((await call('citizen', { url: '/v1/gestao/buscas-sem-resultado' })).statusCode).toBe(403);
  });

  it('proposes a search as a popular name in a draft, which citizens see only once it is reviewed and published', async () => {
    const propose = (who: Who, name: string) => call(who, { method: 'POST', url: `/v1/gestao/servicos/${cnhId}/nome-popular`, payload: { name } });
    expect((await propose('editorSeduc', 'carteira de motorista vencida')).statusCode).toBe(403);
    expect((await propose('reviewerDetran', 'carteira de motorista vencida')).statusCode).toBe(403);
    const proposed = await propose('editorDetran', 'carteira de motorista vencida');
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect((proposed.json() as GestaoService).open).toMatchObject({ state: 'rascunho', content: { popularNames: expect.arrayContaining(['carteira de motorista vencida']) } });
    expect((await propose('editorDetran', 'Carteira de motorista vencida')).statusCode).toBe(409);
    const live = (await t.app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' })).json();
    expect(JSON.stringify(live)).not.toContain('carteira de motorista vencida');
    const post = (who: Who, action: string, payload: object = {}) => call(who, { method: 'POST', url: `/v1/gestao/servicos/${cnhId}/${action}`, payload });
    expect((await post('editorDetran', 'enviar', { changeNote: 'Nome popular vindo da busca.' })).statusCode).toBe(200);
    expect((await propose('editorDetran', 'cnh atrasada')).statusCode).toBe(409); // under review
    expect((await post('reviewerDetran', 'aprovar')).statusCode).toBe(200);
    await expect.poll(async () => JSON.stringify((await t.app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' })).json())).toContain('carteira de motorista vencida');
  });

  it('warns before review when a draft would stop being found by one of its test searches', async () => {
    const add = (who: Who, query: string) => call(who, { method: 'POST', url: `/v1/gestao/servicos/${cnhId}/buscas-de-teste`, payload: { query } });
    expect((await add('editorSeduc', 'carteira vencida')).statusCode).toBe(403);
    expect((await add('editorDetran', '123.456.789-09')).statusCode).toBe(400);
    const added = await add('editorDetran', 'Carteira vencida');
    expect(added.statusCode, added.body).toBe(200);
    const test = (added.json() as ServiceSearchDemand).tests.find((q) => q.query === 'carteira vencida');
    expect(test).toMatchObject({ createdByName: expect.any(String) });
    expect(test!.position).toBeGreaterThanOrEqual(1);
    expect((await add('editorDetran', 'carteira vencida')).statusCode).toBe(409);

    const live = ((await call('editorDetran', { url: `/v1/gestao/servicos/${cnhId}` })).json() as GestaoService).live;
    const withoutIt: ServiceContent = {
      ...live,
      description: '<p>Renove a sua habilitação quando ela vencer.</p>',
      popularNames: live.popularNames.filter((name) => !/carteira/i.test(name)),
      tags: live.tags.filter((tag) => !/carteira/i.test(tag)),
    };
    const saved = await call('editorDetran', { method: 'PUT', url: `/v1/gestao/servicos/${cnhId}/rascunho`, payload: withoutIt });
    expect(saved.statusCode, saved.body).toBe(200);
    const warnings = (saved.json() as GestaoService).open!.checks.warnings;
    expect(warnings).toContainEqual({ field: 'popularNames', message: expect.stringMatching(/busca de teste "carteira vencida" deixa de encontrar este serviço/) });
    // Putting the words back clears the warning.
    const fixed = await call('editorDetran', { method: 'PUT', url: `/v1/gestao/servicos/${cnhId}/rascunho`, payload: { ...withoutIt, popularNames: [...withoutIt.popularNames, 'carteira vencida'] } });
    expect(JSON.stringify((fixed.json() as GestaoService).open!.checks.warnings)).not.toContain('carteira vencida');
    const removed = await call('editorDetran', { method: 'POST', url: `/v1/gestao/servicos/${cnhId}/buscas-de-teste/remover`, payload: { query: 'carteira vencida' } });
    expect((removed.json() as ServiceSearchDemand).tests.map((q) => q.query)).not.toContain('carteira vencida');
  });
});
