import { hydrated, PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';

/** The messages of the home's four banners, in their order. */
const BANNER_MESSAGES = [
  'Serviços digitais do Governo do Piauí na palma da sua mão',
  'Documentos e certidões sem sair de casa',
  'Saúde pública perto de você',
  'Educação, cursos e oportunidades para todos',
];

test.describe('home page', () => {
  test('shows every section in the order of the spec', async ({ page, portal }) => {
    await page.goto(portal.url());
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
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page).toHaveTitle('Governo do Piauí - Portal de Serviços');
    // The top bar, before the header.
    await expect(page.getByRole('link', { name: 'Portal da Transparência' }).first()).toBeVisible();
  });

  test('shows one of the four banners, chosen at random', async ({ browser, portal }) => {
    // The page is one shared copy for every anonymous visitor; the banner is drawn in the browser on each visit.
    const shared = await fetch(portal.url());
    expect(shared.headers.get('cache-control')).toMatch(/^public/);
    const html = await shared.text();
    // Without scripts, the server's draw shows: one of the four, marked as the default.
    expect(html.match(/<img[^>]*data-choice="[1-4]"[^>]*data-default=""/g)).toHaveLength(1);
    const seen = new Set<string>();
    for (let i = 0; i < 16 && seen.size < 2; i++) {
      // Each a first visit, in a browser of its own: on later visits of a page Chromium itself asks again for the
      // pictures that page preloaded before (requests with no element in the page), the browser's doing, not the page's.
      const context = await browser.newContext();
      const page = await context.newPage();
      const downloaded: string[] = [];
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      page.on('request', (request) => /banner-\d/.test(request.url()) && downloaded.push(request.url()));
      await page.goto(portal.url());
      const banner = await page.evaluate(() => document.documentElement.dataset.banner);
      expect(['1', '2', '3', '4']).toContain(banner);
      // what the citizen sees is that banner's picture and message, and only those
      const index = Number(banner) - 1;
      const shown = page.locator('[aria-labelledby="home-title"] img:visible');
      await expect(shown).toHaveCount(1);
      await expect(shown).toHaveAttribute('src', new RegExp(`banner-${index + 1}-`));
      await expect(page.getByText(BANNER_MESSAGES[index]!)).toBeVisible();
      for (const [other, message] of BANNER_MESSAGES.entries()) if (other !== index) await expect(page.getByText(message)).toBeHidden();
      // the one picture shown is the only one downloaded
      await page.waitForLoadState('load');
      expect(downloaded.map((url) => /banner-(\d)/.exec(url)?.[1])).toEqual([banner]);
      seen.add(banner!);
      // Hydration matched the page: React reported no mismatch (so this test waits for it).
      await hydrated(page);
      expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
      const response = await page.request.get(new URL((await shown.getAttribute('src'))!, portal.origin).href);
      expect(response.headers()['content-type']).toContain('image/svg+xml');
      await context.close();
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  test('without scripts, the banner the server drew shows', async ({ browser, portal }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(portal.url());
    const shown = page.locator('[aria-labelledby="home-title"] img:visible');
    await expect(shown).toHaveCount(1);
    await expect(shown).toHaveAttribute('data-default', '');
    const index = Number(await shown.getAttribute('data-choice')) - 1;
    await expect(page.getByText(BANNER_MESSAGES[index]!)).toBeVisible();
    await context.close();
  });

  test('reached inside the app, from another page, the home shows one banner with its message', async ({ page, portal }) => {
    await page.goto(portal.url('/impostos-e-tributos/emissao-do-dae-do-ipva'));
    await page.getByRole('link', { name: 'Início' }).first().click();
    await expect(page).toHaveURL(portal.url());
    await expect(page.locator('h1')).toHaveText('Portal de Serviços do Governo do Piauí');
    const shown = page.locator('[aria-labelledby="home-title"] img:visible');
    await expect(shown).toHaveCount(1);
    const index = Number(/banner-(\d)-/.exec((await shown.getAttribute('src'))!)?.[1]) - 1;
    await expect(page.getByText(BANNER_MESSAGES[index]!)).toBeVisible();
    await expect(page.locator('[aria-labelledby="home-title"] p:visible')).toHaveCount(1);
  });

  test('searches from the home: empty text does nothing, a word opens /search/{word}', async ({ page, portal }) => {
    await page.goto(portal.url());
    const box = page.getByRole('search', { name: 'Qual serviço você procura?' });
    await box.getByRole('button', { name: 'Buscar' }).click();
    // Nothing may happen: give a navigation the time to start before checking that none did.
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/app/catalog');
    const input = box.getByPlaceholder('Qual serviço você procura?');
    await input.fill('identidade');
    await input.press('Enter');
    await page.waitForURL('**/app/catalog/search/identidade');
    await expect(page.getByRole('heading', { level: 1, name: /identidade/ })).toBeVisible();
  });

  test('the category banner opens and closes with a click and leads to a category list', async ({ page, portal }) => {
    await page.goto(portal.url());
    const banner = page.getByTestId('category-banner');
    const summary = banner.locator('summary');
    await expect(summary).toContainText('Clique para expandir');
    const firstCategory = banner.getByRole('link', { name: 'Saúde' });
    await expect(firstCategory).toBeHidden();
    await summary.click();
    await expect(firstCategory).toBeVisible();
    await summary.click();
    await expect(firstCategory).toBeHidden();
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(firstCategory).toBeVisible();
    await firstCategory.click();
    await page.waitForURL('**/app/catalog/list/saude');
    await expect(page.getByRole('heading', { level: 1, name: 'Saúde' })).toBeVisible();
  });

  test('audience cards and header links go to the spec’s lists', async ({ page, portal }) => {
    await page.goto(portal.url());
    const cards = page.getByRole('region', { name: 'Serviços por público' }).getByRole('link', { name: /Acessar/ });
    await expect.poll(() => cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/app/catalog/list/servicos-ao-cidadao',
      '/app/catalog/list/servidor-publico',
      '/app/catalog/list/empresas',
    ]);
    const nav = page.getByRole('navigation', { name: 'Públicos' });
    await expect(nav.getByRole('link', { name: 'Cidadão' })).toHaveAttribute('href', '/app/catalog/list/servicos-ao-cidadao');
    await expect(nav.getByRole('link', { name: 'Servidor' })).toHaveAttribute('href', '/app/catalog/list/servidor-publico');
    await expect(nav.getByRole('link', { name: 'Empresa' })).toHaveAttribute('href', '/app/catalog/list/empresas');
    await expect(page.getByRole('link', { name: /ACESSO CIDADÃO/ })).toBeVisible();
    await expect(page.getByText(/Nota Piauiense/)).toHaveCount(0);
    await cards.first().click();
    await page.waitForURL('**/list/servicos-ao-cidadao');
    await expect(page.getByRole('heading', { level: 1, name: 'Serviços ao Cidadão' })).toBeVisible();
  });

  test('the header floats past 350 px of scroll, with the floating Empresa target, and comes back', async ({ page, portal }) => {
    await page.goto(portal.url());
    const header = page.getByTestId('site-header');
    const empresa = page.getByRole('navigation', { name: 'Públicos' }).getByRole('link', { name: 'Empresa' });
    await expect(header).toHaveAttribute('data-floating', 'false');
    await page.evaluate(() => window.scrollTo(0, 300));
    // Below the threshold nothing may change: give the scroll listener the time to run first.
    await page.waitForTimeout(150);
    await expect(header).toHaveAttribute('data-floating', 'false');
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(header).toHaveAttribute('data-floating', 'true');
    await expect(header).toHaveCSS('position', 'fixed');
    // It slides in from above: its top reaches 0 when the animation ends.
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
    await expect(empresa).toHaveAttribute('href', '/app/catalog/list/negocios-e-empresas');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-floating', 'false');
    await expect(header).not.toHaveCSS('position', 'fixed');
    await expect(empresa).toHaveAttribute('href', '/app/catalog/list/empresas');
  });

  test('carousels: quick access and most accessed, with Ver tudo, moving only when they overflow', async ({ page, portal }) => {
    await page.goto(portal.url());
    // About what the scripts do: a carousel plays only once the page runs them (decision 025).
    await hydrated(page);
    const quick = page.getByRole('region', { name: 'Acesso rápido' });
    const most = page.getByRole('region', { name: 'Mais acessados' });
    await expect(quick.getByRole('link', { name: /Ver tudo/ })).toHaveAttribute('href', '/app/catalog/search/acesso-rapido');
    await expect(most.getByRole('link', { name: /Ver tudo/ })).toHaveAttribute('href', '/app/catalog/search/mais-acessados');
    const mostCount = await most.locator('li').count();
    expect(mostCount).toBeGreaterThan(4);
    expect(mostCount).toBeLessThanOrEqual(10);
    // More than 4 cards on a desktop: it loops and plays, with a pause button.
    await expect(most).toHaveAttribute('data-moving', 'true');
    await expect(most.getByRole('button', { name: /Pausar Mais acessados/ })).toBeVisible();
    // Four slides fill the row at 1280 px.
    const viewport = await most.locator('ul').first().boundingBox();
    const slide = await most.locator('li').first().boundingBox();
    expect(Math.round(viewport!.width / slide!.width)).toBe(4);
    // The API's most accessed services, in that order.
    const top = (await (await fetch(`${portal.origin}/v1/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ top_hit: 10 }) })).json()) as { title: string; active: boolean }[];
    await expect(most.locator('li h3')).toHaveText(top.filter((s) => s.active).map((s) => s.title));
    await most.getByRole('button', { name: /Próximos de Mais acessados/ }).click();
    await expect(most.locator('ul').first()).not.toHaveCSS('transform', 'none');
  });

  test('indicators show the figures the metabase paths compute', async ({ page, portal }) => {
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
    await expect(page.getByRole('region', { name: 'Indicadores' }).locator('dd')).toHaveText(figures.map((n) => new Intl.NumberFormat('pt-BR').format(n)));
  });

  test('ombudsman tiles open the platform in a new tab with the spec’s type numbers', async ({ page, portal }) => {
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
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', new RegExp(`tipo=${type}$`));
    }
    await expect(region.getByRole('link', { name: 'Simplifique' })).toHaveAttribute('href', '/app/app-simplifique');
  });

  test('social networks, app stores with generated QR codes, and the footer contacts', async ({ page, portal }) => {
    await page.goto(portal.url());
    const social = page.getByRole('region', { name: 'Acompanhe nossas redes sociais' });
    await expect(social.getByRole('link')).toHaveCount(4);
    const app = page.getByRole('region', { name: 'Baixe o aplicativo Piauí Digital' });
    const qrs = app.getByRole('img', { name: /Código QR/ });
    await expect(qrs).toHaveCount(2);
    // Drawn by the portal from the store links, not pictures loaded from elsewhere; images of their own, loaded as
    // the reader nears them, not part of the page's bytes (issue 12).
    for (const [i, store] of ['google-play', 'app-store'].entries()) {
      const qr = qrs.nth(i);
      await expect(qr).toHaveAttribute('src', `/app/catalog/qr/${store}.svg`);
      await qr.scrollIntoViewIfNeeded();
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
    const image = await page.request.get(portal.url('/qr/google-play.svg'));
    expect(image.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await image.text()).toMatch(/^<svg [^>]*viewBox="0 0 148 148"><rect fill="#fff"[^>]*\/><path fill="#000" d="M/);
    const other = await page.request.get(portal.url('/qr/outra-loja.svg'));
    expect([other.status(), await other.text()]).toEqual([404, 'Código QR não encontrado.']);
    await expect(app.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', /^https:\/\/play\.google\.com\//);
    await expect(app.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//);
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: /ramal/ })).toHaveAttribute('href', /^tel:\+55\d+,\d+$/);
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:ouvidoria@/);
    await expect(footer.getByRole('heading', { name: 'Links úteis' })).toBeVisible();
  });

  test.describe(() => {
    test.use(PHONE);

    test('on a phone: no sideways scrolling, 1.2 cards per carousel row, header still floats', async ({ page, portal }) => {
      await page.goto(portal.url());
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const most = page.getByRole('region', { name: 'Mais acessados' });
      const viewport = await most.locator('ul').first().boundingBox();
      const slide = await most.locator('li').first().boundingBox();
      expect(viewport!.width / slide!.width).toBeCloseTo(1.2, 1);
      await page.evaluate(() => window.scrollTo(0, 800));
      await expect(page.getByTestId('site-header')).toHaveAttribute('data-floating', 'true');
    });
  });

  test('web vitals of a visit reach POST /v1/vitals and are stored, those of its arrival while the page is open', async ({ page, portal }) => {
    await page.goto(portal.url('/orgao'));
    // About what the scripts do: the app's script measures and reports the vitals (decision 025).
    await hydrated(page);
    await page.getByRole('searchbox', { name: 'Filtrar' }).fill('sefaz');
    // The page stays open: the arrival's metrics (TTFB, FCP) leave as soon as they are measured, not in a beacon as
    // the page goes (that batch was lost under a full run's load on two cores, CI 2026-11-29, as on a phone that kills
    // its tab).
    const stored = async () =>
      ((await portal.app.db.execute(`select name from web_vitals where page = '/app/catalog/orgao'` as never)) as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
    // Written with the next batch (BATCH_SECONDS): under a full run's load on two cores that took over 5 s once.
    await expect.poll(stored, { timeout: 15_000 }).toEqual(expect.arrayContaining(['TTFB', 'FCP']));
  });
});
