import { expect, test } from './support/fixtures.ts';

/** Every route of spec §2 answers complete HTML from the server (no browser needed). */
const ROUTES: [path: string, status: number, title: string][] = [
  ['', 200, 'Governo do Piauí - Portal de Serviços'],
  ['/search/identidade', 200, 'Governo do Piauí - Lista de Serviços'],
  ['/search', 200, 'Governo do Piauí - Lista de Serviços'],
  ['/list', 200, 'Governo do Piauí - Lista de Serviços'],
  ['/list/saude', 200, 'Governo do Piauí - Saúde'],
  ['/list/saude/sangue', 200, 'Governo do Piauí - Saúde'],
  ['/list/orgao/sefaz', 200, 'Governo do Piauí - Lista de Serviços'],
  ['/list/empresas', 200, 'Governo do Piauí - Negócios e Empresas'],
  ['/search/acesso-rapido', 200, 'Governo do Piauí - Lista de Serviços'],
  ['/search/mais-acessados', 200, 'Governo do Piauí - Lista de Serviços'],
  ['/documentos-e-identificacao/carteira-de-identidade-primeira-via', 200, 'Governo do Piauí - Carteira de Identidade Nacional (CIN) – primeira via'],
  ['/orgao', 200, 'Governo do Piauí - Órgãos do governo'],
  ['/orgao/sefaz', 200, 'Governo do Piauí - SEFAZ'],
  ['/dados', 200, 'Governo do Piauí - Dados Abertos'],
  ['/dados/despesa/2024', 404, 'Governo do Piauí - Dados Abertos'],
  ['/uma/pagina/que/nao/existe', 404, 'Governo do Piauí - Página não encontrada'],
];

test.describe('server-rendered pages', () => {
  for (const [path, status, title] of ROUTES) {
    test(`GET ${path}: ${status}, title, one h1, description, canonical, scripts`, async ({ portal }) => {
      const response = await fetch(portal.url(path));
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // A page rendered for this request carries its nonce; a shared copy (anonymous 200s, plugins/response-cache.ts)
      // allows exactly its own inline scripts by their hashes. Never 'unsafe-inline'.
      const scripts = /script-src ([^;]+)/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
      expect(scripts).toMatch(status === 200 ? /^'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/ : /^'self' 'nonce-[^']+'$/);
      const html = await response.text();
      expect(html).toMatch(/^<!DOCTYPE html><html lang="pt-BR">/);
      expect(/<title>(.*?)<\/title>/.exec(html)?.[1]).toBe(title.replace(/&/g, '&amp;'));
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(html).toContain('<main id="conteudo"');
      if (status === 200) {
        const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
        expect(description?.length).toBeGreaterThan(20);
        expect(description!.length).toBeLessThanOrEqual(100);
        expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/app\/catalog[^"]*"\/>/);
      }
    });
  }

  test('GET / redirects to the base path; the API, docs and health answer as before', async ({ portal }) => {
    const root = await fetch(`${portal.origin}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/app/catalog');
    expect((await fetch(`${portal.origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${portal.origin}/v1/category`)).headers.get('content-type')).toContain('application/json');
    expect((await fetch(`${portal.origin}/openapi.json`)).status).toBe(200);
    const unknownApi = await fetch(`${portal.origin}/v1/nada-aqui`);
    expect(unknownApi.status).toBe(404);
    expect(((await unknownApi.json()) as { message: string }).message).toContain('Endereço não encontrado');
  });

  test('unknown /app/* pages get the portal’s 404 page; the portal pages of issue 4 exist', async ({ portal }) => {
    const response = await fetch(`${portal.origin}/app/pagina-que-nao-existe`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Página não encontrada');
    expect((await fetch(`${portal.origin}/app/politicas-de-privacidade-termo-de-uso`)).status).toBe(200);
    const personal = await fetch(`${portal.origin}/app/dashboard`, { redirect: 'manual' });
    expect(personal.status).toBe(302);
    expect(personal.headers.get('location')).toMatch(/\/app\/entrar\?returnTo=%2Fapp%2Fdashboard$/);
  });

  test('hashed assets are cached for a year and compressed', async ({ portal }) => {
    const html = await (await fetch(portal.url('/list'))).text();
    // An anonymous page's scripts are imported by its deferred module script (decision 025), not preloaded.
    const script = /import \* as \w+ from "([^"]+\.js)"/.exec(html)![1]!;
    const css = /<link[^>]*rel="stylesheet" href="([^"]+\.css)"/.exec(html)![1]!;
    for (const asset of [script, css]) {
      expect(asset.startsWith('/app/catalog/assets/')).toBe(true);
      const response = await fetch(`${portal.origin}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-encoding')).toBe('gzip');
    }
  });

  test('POST /v1/vitals stores the metrics; bad ones get a Portuguese 400', async ({ portal }) => {
    // Pages this file's other tests opened report theirs too (vitals.client.ts): only the rows after these count.
    const before = ((await portal.app.db.execute(`select coalesce(max(id), 0) as id from web_vitals` as never)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
    const ok = await fetch(`${portal.origin}/v1/vitals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { name: 'LCP', value: 1234.5, rating: 'good', page: '/app/catalog/list?q=segredo', navigationType: 'navigate' },
        { name: 'CLS', value: 0.02, rating: 'good', page: '/app/catalog' },
      ]),
    });
    expect(ok.status).toBe(204);
    // Vitals are written in batches (BATCH_SECONDS, apps/server/src/lib/batch.ts): they reach the table within seconds.
    const stored = async () => ((await portal.app.db.execute(`select name, page from web_vitals where id > ${Number(before)} order by id` as never)) as unknown as { rows: { name: string; page: string }[] }).rows;
    await expect.poll(stored, { timeout: 10_000 }).toHaveLength(2);
    expect(await stored()).toEqual([
      { name: 'LCP', page: '/app/catalog/list' },
      { name: 'CLS', page: '/app/catalog' },
    ]);
    const bad = await fetch(`${portal.origin}/v1/vitals`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'XYZ', value: 1, rating: 'good', page: '/' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('Métrica desconhecida');
  });

  test('indicators: the three metabase paths answer a number; other cards are 404', async ({ portal }) => {
    const answer = async (dashcard: number, card: number) => fetch(`${portal.origin}/api/metabase/api/dashboard/8/dashcard/${dashcard}/card/${card}/query`, { method: 'POST' });
    const available = (await (await answer(87, 76)).json()) as { data: { rows: number[][] } };
    const { rows } = (await portal.app.db.execute(`select count(*)::int as n from services where active` as never)) as unknown as { rows: { n: number }[] };
    expect(available.data.rows[0]![0]).toBe(rows[0]!.n);
    expect((await answer(87, 77)).status).toBe(404);
  });
});
