import type { APIRequestContext } from '@playwright/test';
import { hydrated } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';

/** Issue 13: every click leads somewhere useful. */

/** Same-origin page links of an HTML page (no assets, API files or the logout, which ends the session). */
function pageLinks(html: string, base: string): string[] {
  const origin = new URL(base).origin;
  const links: string[] = [];
  for (const [, raw] of html.matchAll(/<a\b[^>]*?\shref="([^"]+)"/g)) {
    const href = raw!.replace(/&amp;/g, '&');
    if (/^(mailto|tel|javascript):/i.test(href) || href.startsWith('#')) continue;
    const url = new URL(href, base);
    if (url.origin !== origin) continue;
    url.hash = '';
    if (/\/assets\/|\/pdf$|^\/app\/sair|^\/auth\//.test(url.pathname)) continue;
    links.push(url.href);
  }
  return links;
}

/** Visits every page reachable from `start` inside the portal; answers each address that was missing or broken. */
async function crawl(request: APIRequestContext, start: string[], limit = 2500) {
  const seen = new Set(start);
  const queue = [...start];
  const broken: string[] = [];
  let visited = 0;
  while (queue.length && visited < limit) {
    const batch = queue.splice(0, 4);
    await Promise.all(
      batch.map(async (url) => {
        visited++;
        const response = await request.get(url, { maxRedirects: 5 });
        if (response.status() === 404 || response.status() >= 500) broken.push(`${response.status()} ${url}`);
        if (!(response.headers()['content-type'] ?? '').includes('text/html')) return;
        for (const link of pageLinks(await response.text(), response.url())) {
          // The same list with another filter value is the same page: the first is enough.
          const key = link.replace(/([?&])(filtroCategoria|unidade|filtro)=[^&]*/g, '$1');
          if (seen.has(key)) continue;
          seen.add(key);
          queue.push(link);
        }
      }),
    );
  }
  return { broken, visited };
}

test.describe('no link leads to a missing page', () => {
  test.setTimeout(600_000);

  test('every service’s “Acessar Serviço Digital” goes to a portal page or to an https site', async ({ portal, request }) => {
    const all = (await (await fetch(`${portal.origin}/v1/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ top_hit: 500 }) })).json()) as {
      slug: string;
      link: string;
      active: boolean;
    }[];
    expect(all.length).toBeGreaterThan(200);
    const wrong: string[] = [];
    for (const service of all.filter((s) => s.link)) {
      if (service.link.startsWith('/app/')) {
        const response = await request.get(`${portal.origin}${service.link}`, { maxRedirects: 5 });
        if (response.status() !== 200) wrong.push(`${service.slug}: ${service.link} → ${response.status()}`);
      } else if (!service.link.startsWith('https://')) wrong.push(`${service.slug}: ${service.link}`);
    }
    expect(wrong).toEqual([]);
    // The servant's pay slips are on 'Documentos', not on 'Meu perfil'.
    expect(all.find((s) => s.slug === 'contracheque-do-servidor')?.link).toBe('/app/app-documentos');
  });

  test('crawling the portal from its home, anonymously, finds no 404 and no error page', async ({ portal, request }) => {
    const { broken, visited } = await crawl(request, [portal.url(''), portal.url('/dados'), portal.url('/orgao')]);
    expect(visited).toBeGreaterThan(250);
    expect(broken).toEqual([]);
  });

  test.describe('logged in', () => {
    test.use({ citizen: 'joao.souza' });
    test('every link of the personal pages leads somewhere', async ({ loggedIn: page, loginPortal: portal }) => {
      const personal = ['/app/dashboard', '/app/app-documentos', '/app/acompanhar-minhas-solicitacoes', '/app/app-minha-cnh', '/app/app-nota-piauiense', '/app/app-simplifique'];
      const links = new Set<string>();
      for (const path of personal) {
        const response = await page.request.get(`${portal.origin}${path}`);
        expect(response.status(), path).toBe(200);
        for (const link of pageLinks(await response.text(), response.url())) links.add(link);
      }
      links.add(portal.url(''));
      const broken: string[] = [];
      for (const link of links) {
        const response = await page.request.get(link, { maxRedirects: 5 });
        if (response.status() === 404 || response.status() >= 500) broken.push(`${response.status()} ${link}`);
      }
      expect(broken).toEqual([]);
      // The pay slips a servant's 'Contracheque' service leads to are there.
      await page.goto(`${portal.origin}/app/app-documentos`);
      await expect(page.getByTestId('payslips-widget')).toBeVisible();
    });
  });
});

test.describe('/app goes to the portal’s home', () => {
  for (const path of ['/app', '/app/']) {
    // routes.ts redirects /app to the catalog's home (routes/portal-home.ts); plugins/web.ts hands '/app'
    // to the pages besides '/app/*'.
    test(`GET ${path}`, async ({ portal }) => {
      const response = await fetch(`${portal.origin}${path}`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/app/catalog');
    });
  }
});

test.describe('pages past the end take the citizen to the last page', () => {
  test('a list, a department and an open-data query', async ({ page, portal }) => {
    await page.goto(portal.url('/list/saude?page=99'));
    await expect(page).toHaveURL(/\/list\/saude(\?page=\d+)?$/);
    await expect(page.getByRole('heading', { level: 2, name: /serviços? encontrados?/ })).toBeVisible();
    await expect(page.getByText('Nenhum serviço encontrado')).toHaveCount(0);

    await page.goto(portal.url('/orgao/detran-pi?page=99'));
    await expect(page).toHaveURL(/\/orgao\/detran-pi(\?page=\d+)?$/);
    await expect(page.locator('#servicos-prestados li').first()).toBeVisible();

    const response = await page.goto(portal.url('/dados/despesa/empenhos?buscar=1&exercicio=2025&referencia_de=2025-01&referencia_ate=2025-03&page=852'));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/page=\d+$/);
    expect(Number(/page=(\d+)$/.exec(page.url())![1])).toBeLessThan(852);
    await expect(page.getByText('Nenhum dado encontrado')).toHaveCount(0);
  });
});

test.describe('a discontinued service says so', () => {
  test('410, noindex, the reason, the replacement and related active services', async ({ page, portal }) => {
    const response = await page.goto(portal.url('/trabalho-e-emprego/declaracao-para-ex-empregados-de-empresas-estaduais-extintas'));
    expect(response?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 2, name: 'Este serviço foi descontinuado' })).toBeVisible();
    await expect(page.getByText(/transferidos para a SEAD/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Certidão de tempo de serviço' })).toHaveAttribute('href', '/app/catalog/gestao-publica/certidao-de-tempo-de-servico');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('link', { name: /Acessar Serviço Digital/ })).toHaveCount(0);

    const auction = await page.goto(portal.url('/gestao-publica/leilao-de-bens-inserviveis-do-estado'));
    expect(auction?.status()).toBe(410);
    await expect(page.getByText(/EMGERPI encerrou suas atividades/)).toBeVisible();
    const related = page.getByRole('region', { name: 'Serviços relacionados em atividade' }).getByRole('listitem');
    await expect(related.first()).toBeVisible();
    expect(await related.count()).toBeLessThanOrEqual(3);
  });
});

test.describe('a failed call does not wipe the page', () => {
  test.use({ citizen: 'maria.silva' });
  test('the favourite star says “Erro ao favoritar serviço” when offline or on a 500, and the page stays', async ({ loggedIn: page, loginPortal: portal }) => {
    await page.goto(portal.url('/educacao/historico-escolar'));
    // About the scripts' answer to a failed call (spec §8): before them, a tap is the browser's own form post,
    // and a network that fails shows the browser's page, as without scripts.
    await hydrated(page);
    const star = page.getByTestId('service-main').getByTestId('favorite-star');
    await page.route('**/app/minha-area/favoritos**', (route) => route.abort('internetdisconnected'));
    await star.click();
    await expect(page.getByText('Erro ao favoritar serviço')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Histórico escolar/i);
    await expect(star).toHaveAttribute('aria-pressed', 'false');

    await page.unroute('**/app/minha-area/favoritos**');
    await page.route('**/app/minha-area/favoritos**', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await expect(page.getByText('Erro ao favoritar serviço')).toBeHidden({ timeout: 5000 });
    await star.click();
    await expect(page.getByText('Erro ao favoritar serviço')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Histórico escolar/i);
    await expect(page.getByText(/Erro ao carregar a página|Não foi possível carregar/)).toHaveCount(0);

    // A vote that fails the same way is the stars' own failure too (spec §8).
    await page.route('**/educacao/historico-escolar.data**', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()));
    await page.getByRole('radio', { name: '4 estrelas' }).check();
    await page.getByRole('button', { name: 'Avaliar', exact: true }).click();
    await expect(page.getByText('Não foi possível completar a ação!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Histórico escolar/i);
  });
});

test.describe('a service that fails to load', () => {
  test('says “Não foi possível carregar as informações do serviço!” in the snackbar and on the page, and offers to try again', async ({ page, portal }) => {
    await page.goto(portal.url('/list/educacao'));
    // About the scripts' navigation (their data request failing); before them, a link is the browser's.
    await hydrated(page);
    // Offline as the citizen taps the service.
    await page.route('**/educacao/historico-escolar.data**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: /Histórico escolar/i }).first().click();
    await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Não foi possível carregar as informações do serviço!' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tentar novamente' })).toBeVisible();
    // The rest of the portal is still there: the header's search works.
    await expect(page.getByRole('search').first()).toBeVisible();
  });
});

test.describe('content that looks real', () => {
  test('the home’s figures agree with open data; quick access and most accessed differ', async ({ page, portal }) => {
    await page.goto(portal.url(''));
    await expect(page.getByText('2.785.167')).toBeVisible();
    const names = async (region: string) => page.getByRole('region', { name: region }).getByRole('heading', { level: 3 }).allTextContents();
    const quick = await names('Acesso rápido');
    const most = await names('Mais acessados');
    expect(quick.length).toBeGreaterThan(3);
    expect(most.length).toBeGreaterThan(3);
    expect(most.slice(0, 4)).not.toEqual(quick.slice(0, 4));
  });

  test('department cards show targets and access profile; steps keep their real order', async ({ page, portal }) => {
    await page.goto(portal.url('/orgao/detran-pi'));
    const card = page.locator('#servicos-prestados li').first();
    await expect(card.getByText('Perfil de acesso')).toBeVisible();
    await expect(card.getByText('Público')).toBeVisible();

    await page.goto(portal.url('/transito-e-veiculos/renovacao-da-cnh'));
    const steps = page.locator('section[aria-labelledby="etapas"] h4');
    const labels = await steps.allTextContents();
    const numbers = labels.map((label) => Number(/Etapa (\d+) de/.exec(label)?.[1]));
    expect(numbers.every((n) => n > 0)).toBe(true);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1));
    const exam = labels.findIndex((l) => /exame/i.test(l));
    const receive = labels.findIndex((l) => /Receba a nova CNH/i.test(l));
    if (exam >= 0 && receive >= 0) expect(numbers[exam]!).toBeLessThan(numbers[receive]!);
  });

  test('open data: the filter keeps only matching groups', async ({ page, portal }) => {
    await page.goto(portal.url('/dados'));
    await page.getByRole('searchbox', { name: 'Filtrar' }).fill('despe');
    await expect(page.locator('details[data-group] h3')).toHaveText(['DESPESAS']);
  });
});
