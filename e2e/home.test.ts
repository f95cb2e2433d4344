import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, hasChromium, hydrated, launchBrowser, PHONE } from './support/browser.ts';
import { startPortal, type Portal } from './support/portal.ts';

describe.skipIf(!hasChromium)('home page', () => {
  let portal: Portal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    context = await browser.newContext(DESKTOP);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  test('shows every section in the order of the spec', async () => {
    await page.goto(portal.url());
    await hydrated(page);
    const headings = await page.locator('main h1, main h2, main summary').allInnerTexts();
    const order = [
      'Portal de Serviços do Governo do Piauí',
      'Todos os serviços por categoria',
      'Serviços por público',
      'Acesso rápido',
      'Mais acessados',
      'Indicadores',
      'Ouvidoria',
      'Acompanhe nossas redes sociais',
      'Baixe o aplicativo Piauí Digital',
    ];
    const positions = order.map((text) => headings.findIndex((h) => h.includes(text)));
    expect(positions.every((p) => p >= 0), `missing: ${order.filter((_, i) => positions[i]! < 0)}`).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await expect(page.locator('h1').count()).resolves.toBe(1);
    await expect(page.title()).resolves.toBe('Governo do Piauí - Portal de Serviços');
    // The top bar, before the header.
    await expect(page.getByRole('link', { name: 'Portal da Transparência' }).first().isVisible()).resolves.toBe(true);
  });

  test('shows one of the four banners, chosen at random', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 16 && seen.size < 2; i++) {
      const response = await fetch(portal.url());
      const html = await response.text();
      const banner = /data-banner="(\d)"/.exec(html)?.[1];
      expect(['1', '2', '3', '4']).toContain(banner);
      seen.add(banner!);
    }
    expect(seen.size).toBeGreaterThan(1);
    await page.goto(portal.url());
    const src = await page.locator('[data-banner] img').getAttribute('src');
    expect(src).toMatch(/\/app\/catalog\/assets\/banner-[1-4]-.*\.svg$/);
    const image = await page.request.get(new URL(src!, portal.origin).href);
    expect(image.headers()['content-type']).toContain('image/svg+xml');
  });

  test('searches from the home: empty text does nothing, a word opens /search/{word}', async () => {
    await page.goto(portal.url());
    await hydrated(page);
    const box = page.getByRole('search', { name: 'Qual serviço você procura?' });
    await box.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/app/catalog');
    const input = box.getByPlaceholder('Qual serviço você procura?');
    await input.fill('identidade');
    await input.press('Enter');
    await page.waitForURL('**/app/catalog/search/identidade');
    await page.getByRole('heading', { level: 1, name: /identidade/ }).waitFor();
  });

  test('the category banner opens and closes with a click and leads to a category list', async () => {
    await page.goto(portal.url());
    await hydrated(page);
    const banner = page.getByTestId('category-banner');
    const summary = banner.locator('summary');
    await expect(summary.innerText()).resolves.toContain('Clique para expandir');
    const firstCategory = banner.getByRole('link', { name: 'Saúde' });
    await expect(firstCategory.isVisible()).resolves.toBe(false);
    await summary.click();
    await expect(firstCategory.isVisible()).resolves.toBe(true);
    await summary.click();
    await expect(firstCategory.isVisible()).resolves.toBe(false);
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(firstCategory.isVisible()).resolves.toBe(true);
    await firstCategory.click();
    await page.waitForURL('**/app/catalog/list/saude');
    await page.getByRole('heading', { level: 1, name: 'Saúde' }).waitFor();
  });

  test('audience cards and header links go to the spec’s lists', async () => {
    await page.goto(portal.url());
    await hydrated(page);
    const cards = page.getByRole('region', { name: 'Serviços por público' }).getByRole('link', { name: /Acessar/ });
    await expect(cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).resolves.toEqual([
      '/app/catalog/list/servicos-ao-cidadao',
      '/app/catalog/list/servidor-publico',
      '/app/catalog/list/empresas',
    ]);
    const nav = page.getByRole('navigation', { name: 'Públicos' });
    await expect(nav.getByRole('link', { name: 'Cidadão' }).getAttribute('href')).resolves.toBe('/app/catalog/list/servicos-ao-cidadao');
    await expect(nav.getByRole('link', { name: 'Servidor' }).getAttribute('href')).resolves.toBe('/app/catalog/list/servidor-publico');
    await expect(nav.getByRole('link', { name: 'Empresa' }).getAttribute('href')).resolves.toBe('/app/catalog/list/empresas');
    await expect(page.getByRole('link', { name: /ACESSO CIDADÃO/ }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/Nota Piauiense/).count()).resolves.toBe(0);
    await cards.first().click();
    await page.waitForURL('**/list/servicos-ao-cidadao');
    await page.getByRole('heading', { level: 1, name: 'Serviços ao Cidadão' }).waitFor();
  });

  test('the header floats past 350 px of scroll, with the floating Empresa target, and comes back', async () => {
    await page.goto(portal.url());
    await hydrated(page);
    const header = page.getByTestId('site-header');
    const empresa = page.getByRole('navigation', { name: 'Públicos' }).getByRole('link', { name: 'Empresa' });
    await expect(header.getAttribute('data-floating')).resolves.toBe('false');
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForTimeout(150);
    await expect(header.getAttribute('data-floating')).resolves.toBe('false');
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForFunction(() => document.querySelector('[data-testid="site-header"]')?.getAttribute('data-floating') === 'true');
    await expect(header.evaluate((el) => getComputedStyle(el).position)).resolves.toBe('fixed');
    const box = await header.boundingBox();
    expect(box?.y).toBe(0);
    await expect(empresa.getAttribute('href')).resolves.toBe('/app/catalog/list/negocios-e-empresas');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector('[data-testid="site-header"]')?.getAttribute('data-floating') === 'false');
    await expect(header.evaluate((el) => getComputedStyle(el).position)).resolves.not.toBe('fixed');
    await expect(empresa.getAttribute('href')).resolves.toBe('/app/catalog/list/empresas');
  });

  test('carousels: quick access and most accessed, with Ver tudo, moving only when they overflow', async () => {
    await page.goto(portal.url());
    await hydrated(page);
    const quick = page.getByRole('region', { name: 'Acesso rápido' });
    const most = page.getByRole('region', { name: 'Mais acessados' });
    await expect(quick.getByRole('link', { name: /Ver tudo/ }).getAttribute('href')).resolves.toBe('/app/catalog/search/acesso-rapido');
    await expect(most.getByRole('link', { name: /Ver tudo/ }).getAttribute('href')).resolves.toBe('/app/catalog/search/mais-acessados');
    const mostCount = await most.locator('li').count();
    expect(mostCount).toBeGreaterThan(4);
    expect(mostCount).toBeLessThanOrEqual(10);
    // More than 4 cards on a desktop: it loops and plays, with a pause button.
    await expect(most.getAttribute('data-moving')).resolves.toBe('true');
    await expect(most.getByRole('button', { name: /Pausar Mais acessados/ }).isVisible()).resolves.toBe(true);
    // Four slides fill the row at 1280 px.
    const viewport = await most.locator('ul').first().boundingBox();
    const slide = await most.locator('li').first().boundingBox();
    expect(Math.round(viewport!.width / slide!.width)).toBe(4);
    // The API's most accessed services, in that order.
    const top = (await (await fetch(`${portal.origin}/v1/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ top_hit: 10 }) })).json()) as { title: string; active: boolean }[];
    const titles = await most.locator('li h3').allInnerTexts();
    expect(titles).toEqual(top.filter((s) => s.active).map((s) => s.title));
    await most.getByRole('button', { name: /Próximos de Mais acessados/ }).click();
    await page.waitForTimeout(700);
    const moved = await most.locator('ul').first().evaluate((el) => getComputedStyle(el).transform);
    expect(moved).not.toBe('none');
  });

  test('indicators show the figures the metabase paths compute', async () => {
    const figures: number[] = [];
    for (const [dashcard, card] of [
      [87, 76],
      [88, 77],
      [89, 78],
    ]) {
      const response = await fetch(`${portal.origin}/api/metabase/api/dashboard/8/dashcard/${dashcard}/card/${card}/query`, { method: 'POST' });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { rows: number[][] } };
      figures.push(body.data.rows[0]![0]!);
    }
    expect(figures[0]).toBeGreaterThan(figures[1]!);
    await page.goto(portal.url());
    const shown = await page.getByRole('region', { name: 'Indicadores' }).locator('dd').allInnerTexts();
    expect(shown).toEqual(figures.map((n) => new Intl.NumberFormat('pt-BR').format(n)));
  });

  test('ombudsman tiles open the platform in a new tab with the spec’s type numbers', async () => {
    await page.goto(portal.url());
    const region = page.getByRole('region', { name: 'Ouvidoria' });
    const expected: [string, number][] = [
      ['Denúncia', 1],
      ['Reclamação', 2],
      ['Elogio', 3],
      ['Sugestão', 4],
      ['Solicitação', 5],
      ['Acesso à Informação', 8],
    ];
    for (const [name, type] of expected) {
      const link = region.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
      await expect(link.getAttribute('href')).resolves.toMatch(new RegExp(`tipo=${type}$`));
    }
    await expect(region.getByRole('link', { name: 'Simplifique' }).getAttribute('href')).resolves.toBe('/app/app-simplifique');
  });

  test('social networks, app stores with generated QR codes, and the footer contacts', async () => {
    await page.goto(portal.url());
    const social = page.getByRole('region', { name: 'Acompanhe nossas redes sociais' });
    await expect(social.getByRole('link').count()).resolves.toBe(4);
    const app = page.getByRole('region', { name: 'Baixe o aplicativo Piauí Digital' });
    const qrs = app.getByRole('img', { name: /Código QR/ });
    await expect(qrs.count()).resolves.toBe(2);
    // Drawn as SVG paths by the server, not pictures loaded from elsewhere.
    await expect(qrs.first().locator('svg path').count()).resolves.toBeGreaterThan(0);
    await expect(app.getByRole('link', { name: /Google Play/ }).getAttribute('href')).resolves.toMatch(/^https:\/\/play\.google\.com\//);
    await expect(app.getByRole('link', { name: /App Store/ }).getAttribute('href')).resolves.toMatch(/^https:\/\/apps\.apple\.com\//);
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: /ramal/ }).getAttribute('href')).resolves.toMatch(/^tel:\+55\d+,\d+$/);
    await expect(footer.getByRole('link', { name: /@/ }).getAttribute('href')).resolves.toMatch(/^mailto:ouvidoria@/);
    await expect(footer.getByRole('heading', { name: 'Links úteis' }).isVisible()).resolves.toBe(true);
  });

  test('on a phone: no sideways scrolling, 1.2 cards per carousel row, header still floats', async () => {
    const phone = await browser.newContext(PHONE);
    const p = await phone.newPage();
    await p.goto(portal.url());
    await hydrated(p);
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const most = p.getByRole('region', { name: 'Mais acessados' });
    const viewport = await most.locator('ul').first().boundingBox();
    const slide = await most.locator('li').first().boundingBox();
    expect(viewport!.width / slide!.width).toBeCloseTo(1.2, 1);
    await p.evaluate(() => window.scrollTo(0, 800));
    await p.waitForFunction(() => document.querySelector('[data-testid="site-header"]')?.getAttribute('data-floating') === 'true');
    await phone.close();
  });

  test('web vitals of a visit reach POST /v1/vitals and are stored', async () => {
    const visit = await context.newPage();
    await visit.goto(portal.url('/orgao'));
    await hydrated(visit);
    await visit.getByRole('searchbox', { name: 'Filtrar' }).fill('sefaz');
    // Leaving the page hands the batch to the browser as a beacon.
    await visit.close({ runBeforeUnload: true });
    const stored = async () =>
      ((await portal.test.app.db.execute(`select name from web_vitals where page = '/app/catalog/orgao'` as never)) as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
    for (let i = 0; i < 50 && !(await stored()).includes('TTFB'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await stored()).toEqual(expect.arrayContaining(['TTFB', 'FCP']));
  });
});

