import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './test-support/app.ts';
import { redisAnswers, startTwoInstances, TEST_REDIS_URL, type TwoInstances } from './test-support/two-instances.ts';

/**
 * Issue 23: a personal answer never reaches a shared cache, whatever carried the login. Every way of being
 * logged in (session cookie, bearer header, the app's `kcToken` cookie, a signed pay-slip link, the back office)
 * opens every page and resource it leads to, on one instance of two sharing Redis; then an anonymous visitor
 * asks for the very same address on both instances and must get nothing of that person. Runs on the embedded
 * database and again on PostgreSQL (.ci/run).
 */
const redisUp = await redisAnswers();
if (!redisUp) console.warn(`\n\n*** SKIPPED: Redis at ${TEST_REDIS_URL} does not answer: the personal-answer leak test did not run ***\n\n`);

/** What of each demo person a page may show (README, 'Contas de demonstração'): none of it may reach someone else. */
const TRACES = {
  'maria.silva': ['Maria da Concei', 'maria.silva', '529.982.247-25', '52998224725', 'PIA1B23', '04512345678'],
  'joao.souza': ['João Pedro de Souza', 'Pedro de Souza', 'joao.souza', '153.509.460-56', '15350946056', '03398765432'],
  'davi.central': ['Davi Nogueira Costa', 'davi.central'],
  // an attendant's pages hold her name and the citizens' whose requests she works
  'elisa.detran': ['Elisa Ferreira Santos', 'elisa.detran', 'Maria da Concei', '529.982.247-25', '***.982.247-**'],
} as const;
type Person = keyof typeof TRACES;

/** Portal addresses a page links to: the pages and resources a person goes on to open. */
function linksIn(html: string): string[] {
  const found = new Set<string>();
  for (const [, raw] of html.matchAll(/\bhref="([^"]+)"/g)) {
    const href = raw!.replace(/&amp;/g, '&');
    if (!href.startsWith('/app') || href.startsWith('/app/sair')) continue;
    if (/\/assets\/|\.(js|css|png|jpe?g|svg|webp|woff2?|ico|webmanifest)(\?|$)/.test(href)) continue;
    found.add(href.split('#')[0]!);
  }
  return [...found];
}

/** The same address made new (so a copy could only be the one this request left), and its client-navigation data. */
let probe = 0;
const fresh = (url: string) => `${url}${url.includes('?') ? '&' : '?'}sonda=${++probe}`;
const dataOf = (url: string) => {
  const [path, query] = url.split('?');
  return `${path === '/' ? '/_root' : path!.replace(/\/$/, '')}.data${query ? `?${query}` : ''}`;
};

interface Visit {
  url: string;
  method?: 'GET' | 'POST';
  payload?: unknown;
}

describe.skipIf(!redisUp)('no personal answer reaches the shared cache, whatever carried the login', () => {
  let both: TwoInstances;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    both = await startTwoInstances();
    ({ a, b } = both);
  });
  afterAll(async () => {
    await both?.close();
  });

  /**
   * Opens each address with the credential on one instance (following the portal links its pages show, up to
   * `limit` addresses), then anonymously on both: what went wrong, and how many addresses were opened.
   */
  async function walk(person: Person, way: string, headers: Record<string, string>, start: Visit[], limit = 40) {
    const problems: string[] = [];
    const queue = [...start];
    const seen = new Set(start.map((visit) => visit.url));
    let opened = 0;
    for (let i = 0; i < queue.length && opened < limit; i++) {
      const visit = queue[i]!;
      const addresses = visit.url.startsWith('/app') && !visit.url.startsWith('/app/minha-area/') ? [visit.url, dataOf(visit.url)] : [visit.url];
      for (const address of addresses) {
        const url = fresh(address);
        const [first, other] = opened % 2 ? [b, a] : [a, b];
        opened++;
        const personal: LightMyRequestResponse = await first.app.inject({
          method: visit.method ?? 'GET',
          url,
          headers: { ...headers, ...(visit.payload ? { 'content-type': 'application/json' } : {}) },
          payload: visit.payload === undefined ? undefined : JSON.stringify(visit.payload),
        });
        const label = `${way} ${visit.method ?? 'GET'} ${url} (${personal.statusCode})`;
        if (personal.headers['cache-control'] !== 'private, no-store') problems.push(`${label}: Cache-Control ${personal.headers['cache-control']}`);
        if (personal.headers['x-cache'] !== undefined) problems.push(`${label}: went through the public cache (X-Cache ${personal.headers['x-cache']})`);
        for (const t of [first, other]) {
          const anonymous = await t.app.inject({ method: visit.method ?? 'GET', url, ...(visit.payload ? { payload: visit.payload as object } : {}) });
          const leaked = TRACES[person].filter((trace) => anonymous.body.includes(trace));
          if (leaked.length) problems.push(`${label}: an anonymous request ${t === first ? 'to the same instance' : 'to the other instance'} got ${leaked.join(', ')}`);
        }
        if (address === visit.url && String(personal.headers['content-type'] ?? '').includes('text/html')) {
          for (const link of linksIn(personal.body)) {
            if (!seen.has(link)) {
              seen.add(link);
              queue.push({ url: link });
            }
          }
        }
      }
    }
    return { opened, problems };
  }

  it('a web session: the pages Maria opens, and their data', async () => {
    const cookie = await a.webSession('maria.silva');
    const { opened, problems } = await walk('maria.silva', 'session', { cookie }, [
      { url: '/app/catalog' },
      { url: '/app/dashboard' },
      { url: '/app/app-minha-cnh' },
      { url: '/app/app-meus-veiculos' },
      { url: '/app/acompanhar-minhas-solicitacoes' },
      { url: '/app/app-nota-piauiense' },
      { url: '/app/app-documentos' },
      { url: '/app/minha-area/notificacoes' },
      { url: '/app/minha-area/quem-acessou' },
      { url: '/app/catalog/transito-e-veiculos/renovacao-da-cnh' },
    ]);
    expect(opened).toBeGreaterThan(30);
    expect(problems).toEqual([]);
  });

  it("the app's bearer header: its WebView pages and every personal API call", async () => {
    const token = await a.tokenFor('joao.souza');
    const slips = (await a.app.inject({ url: '/api/contracheque/sead/empresa/ultimos-contracheques', headers: { authorization: `Bearer ${token}` } })).json();
    const slip = slips[0].id;
    const { opened, problems } = await walk('joao.souza', 'bearer', { authorization: `Bearer ${token}` }, [
      { url: '/app/app-perfil-servidor' },
      { url: '/app/app-minha-cnh' },
      { url: '/app/app-meus-veiculos' },
      { url: '/app/acompanhar-minhas-solicitacoes' },
      { url: '/v1/me' },
      { url: '/v1/catalog/favorites' },
      { url: '/v1/simplifique/minhas' },
      { url: '/v1/solicitacoes' },
      { url: '/v1/meus-dados/acessos' },
      { url: '/api/govpicidadao-middleware/notificacoes/mensagem/buscar' },
      { url: '/api/middleware/notificacoes/mensagem/buscar' },
      { url: '/api/govpicidadao-middleware/sefaz/nota-piauiense/lista-notas' },
      { url: '/api/contracheque/sead/empresa/ultimos-contracheques' },
      { url: `/api/contracheque/sead/empresa/contracheques/${slip}/pdf` },
      { url: '/api/recommendations/recommend_services/joao.souza' },
      // public answers asked with a token are the caller's too (a favourite star, a recommendation)
      { url: '/v1/catalog/renovacao-da-cnh/load' },
      { url: '/v1/category' },
      { url: '/v1/search', method: 'POST', payload: { keyword: 'cnh' } },
    ]);
    expect(opened).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it("the app's kcToken cookie: the four WebView pages and the pay slip they link to", async () => {
    const token = await a.tokenFor('joao.souza');
    const cookie = `kcToken=${Buffer.from(token).toString('base64')}`;
    const { opened, problems } = await walk('joao.souza', 'kcToken', { cookie }, [
      { url: '/app/app-minha-cnh' },
      { url: '/app/app-perfil-servidor' },
      { url: '/app/app-meus-veiculos' },
      { url: '/app/acompanhar-minhas-solicitacoes' },
    ]);
    expect(opened).toBeGreaterThan(8);
    expect(problems).toEqual([]);
  });

  it('a signed pay-slip link: the PDF is the servant\'s alone', async () => {
    const token = await a.tokenFor('joao.souza');
    const slips = (await a.app.inject({ url: '/api/contracheque/sead/empresa/ultimos-contracheques', headers: { authorization: `Bearer ${token}` } })).json();
    const link = new URL(slips[0].link);
    const path = `${link.pathname}${link.search}`;
    for (const t of [a, b, a]) {
      const pdf = await t.app.inject({ url: path });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      expect(pdf.headers['x-cache']).toBeUndefined();
    }
  });

  it('the back office: the central team\'s pages', async () => {
    const cookie = await a.webSession('davi.central');
    const { opened, problems } = await walk('davi.central', 'back office', { cookie }, [{ url: '/app/gestao' }, { url: '/app/gestao/auditoria' }, { url: '/v1/gestao/painel' }], 30);
    expect(opened).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it("the back office: an attendant's queue, the citizens' requests and their files (issue 28)", async () => {
    const cookie = await a.webSession('elisa.detran');
    const { opened, problems } = await walk('elisa.detran', 'attendant', { cookie }, [{ url: '/app/gestao/solicitacoes' }, { url: '/app/gestao/solicitacoes?estado=concluida' }, { url: '/v1/gestao/solicitacoes' }], 30);
    expect(opened).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });
});
