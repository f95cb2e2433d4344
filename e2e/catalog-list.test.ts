import type { Page } from '@playwright/test';
import { PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';

const path = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);
const h1 = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Filtros da lista' });

test.describe('catalog list', () => {
  test('/list shows ten services per page, two columns, page numbers from 1', async ({ page, portal }) => {
    await page.goto(portal.url('/list'));
    await expect(page).toHaveTitle('Governo do Piauí - Lista de Serviços');
    const cards = page.locator('main ol > li');
    await expect(cards).toHaveCount(10);
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(a!.y).toBe(b!.y);
    expect(b!.x).toBeGreaterThan(a!.x);
    const pager = page.getByRole('navigation', { name: 'Paginação' });
    await expect(pager.getByRole('link', { name: 'Página 1', exact: true })).toHaveAttribute('aria-current', 'page');
    // No page-size changer: the only comboboxes are the search boxes (with their suggestions).
    for (const combobox of await page.getByRole('combobox').all()) expect(await combobox.getAttribute('type')).toBe('search');
    const firstTitles = await page.locator('main ol > li h3').allInnerTexts();
    await pager.getByRole('link', { name: 'Página 2', exact: true }).click();
    await page.waitForURL('**/list?page=2');
    await expect(page.getByRole('heading', { level: 2, name: /página 2 de/ })).toBeVisible();
    const secondTitles = await page.locator('main ol > li h3').allInnerTexts();
    expect(secondTitles).toHaveLength(10);
    expect(secondTitles.some((t) => firstTitles.includes(t))).toBe(false);
    // The second page starts at item 11 (offset = 10 × index 1).
    const api = (await (await fetch(`${portal.origin}/v1/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from: 10, size: 10 }) })).json()) as { title: string }[];
    expect(secondTitles).toEqual(api.map((s) => s.title));
  });

  test('selecting a category, searching in it, clearing the keyword and the category (spec §4)', async ({ page, portal }) => {
    await page.goto(portal.url('/list'));
    await sidebar(page).getByRole('link', { name: 'Saúde' }).click();
    await page.waitForURL('**/list/saude');
    await h1(page, 'Saúde');
    await expect(page).toHaveTitle('Governo do Piauí - Saúde');
    // Searching with a category: /list/{category}/{text}
    const keyword = sidebar(page).getByRole('searchbox', { name: 'Palavra-chave' });
    await keyword.fill('sangue');
    await keyword.press('Enter');
    await page.waitForURL('**/list/saude/sangue');
    await h1(page, /Saúde: resultados para “sangue”/);
    await expect(page.locator('main ol > li h3').first()).toHaveText(/sangue/i);
    // Clearing the keyword: /list/{category}
    await sidebar(page).getByRole('link', { name: 'Limpar palavra-chave' }).click();
    await page.waitForURL('**/list/saude');
    await h1(page, 'Saúde');
    // Search again, then clear the category: /search/{text}
    await keyword.fill('sangue');
    await keyword.press('Enter');
    await page.waitForURL('**/list/saude/sangue');
    await sidebar(page).getByRole('link', { name: 'Remover a categoria Saúde' }).click();
    await page.waitForURL('**/search/sangue');
    await h1(page, 'Resultados para “sangue”');
    // Clearing the keyword without a category: /list
    await sidebar(page).getByRole('link', { name: 'Limpar palavra-chave' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/app/catalog/list'));
    // Clearing the category without text: /list
    await page.goto(portal.url('/list/educacao'));
    await sidebar(page).getByRole('link', { name: 'Remover a categoria Educação' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/app/catalog/list'));
    expect(path(page)).toBe('/app/catalog/list');
  });

  test('an empty keyword does nothing; the category filter box narrows the list case-insensitively', async ({ page, portal }) => {
    await page.goto(portal.url('/list'));
    await sidebar(page).getByRole('button', { name: 'Buscar' }).click();
    // Nothing may happen: give a navigation the time to start before checking that none did.
    await page.waitForTimeout(300);
    expect(path(page)).toBe('/app/catalog/list');
    const filter = sidebar(page).getByRole('searchbox', { name: 'Filtrar categorias' });
    await filter.fill('SAÚ');
    await expect(sidebar(page).locator('ul').nth(0).getByRole('link')).toHaveText(['Saúde']);
    await filter.fill('zzz');
    await expect(sidebar(page).getByText('Nenhuma categoria encontrada')).toBeVisible();
  });

  test('choosing a department lists its services at /list/orgao/{slug}', async ({ page, portal }) => {
    await page.goto(portal.url('/list'));
    await sidebar(page).getByRole('link', { name: 'SEFAZ', exact: true }).click();
    await page.waitForURL('**/list/orgao/sefaz');
    await h1(page, 'Serviços do órgão SEFAZ');
    const departments = page.locator('main ol > li');
    await expect(departments).toHaveCount(10);
    await expect(departments).toContainText(Array<string>(10).fill('SEFAZ'));
    await expect(sidebar(page).getByRole('link', { name: 'SEFAZ', exact: true })).toHaveAttribute('aria-current', 'page');
    // Inactive departments are not offered.
    await expect(sidebar(page).getByRole('link', { name: 'EMGERPI' })).toHaveCount(0);
  });

  test('nothing found says so', async ({ page, portal }) => {
    await page.goto(portal.url('/search/xyzzyqwv'));
    // Issue 25: said plainly, with what was searched.
    await expect(page.getByRole('heading', { name: 'Não encontramos um serviço do Governo do Piauí para “xyzzyqwv”' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Paginação' })).toHaveCount(0);
  });

  test("'Cidadao' is a targeted search with a fixed total of 10; quick access and most accessed are highlighted searches", async ({ page, portal }) => {
    await page.goto(portal.url('/list/Cidadao'));
    await h1(page, 'Serviços ao Cidadão');
    await expect(page.locator('main ol > li')).toHaveCount(10);
    await expect(page.getByRole('heading', { level: 2, name: '10 serviços encontrados' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Paginação' })).toHaveCount(0);

    const highlighted = (await (await fetch(`${portal.origin}/v1/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ highlighted: true, from: 0, size: 10 }) })).json()) as { title: string; resultTotal: number }[];
    for (const slug of ['acesso-rapido', 'mais-acessados']) {
      await page.goto(portal.url(`/search/${slug}`));
      await expect(page.locator('main ol > li h3')).toHaveText(highlighted.map((s) => s.title));
    }
    await expect(page.locator('h1')).toHaveText('Mais acessados');
  });

  test('an unknown category or department is a 404 page with a way on', async ({ page, portal }) => {
    const response = await page.goto(portal.url('/list/categoria-que-nao-existe'));
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText('Página não encontrada');
    await expect(page.getByText('Esta categoria não existe')).toBeVisible();
    // The API answers such a filter with an empty list (as the state's app expects): the page knows from its own lists.
    const department = await page.goto(portal.url('/list/orgao/orgao-que-nao-existe'));
    expect(department?.status()).toBe(404);
    await expect(page.getByText('Este órgão não existe')).toBeVisible();
    // A department's long live slug (issue 14) lists its services.
    await page.goto(portal.url('/list/orgao/departamento-estadual-de-transito-do-estado-do-piaui'));
    await expect(page.locator('main ol > li').first()).toBeVisible();
  });

  test.describe(() => {
    test.use({ javaScriptEnabled: false });

    test('without JavaScript: search, category filter and pagination still work', async ({ page, portal }) => {
      await page.goto(portal.url('/list/saude'));
      // Without a script the filters arrive folded (the fold opens before the first paint only with one, so
      // a phone never sees them jump shut): 'Filtrar a lista' opens them, natively.
      await expect(sidebar(page)).toBeHidden();
      await page.locator('summary', { hasText: 'Filtrar a lista' }).click();
      const keyword = sidebar(page).getByRole('searchbox', { name: 'Palavra-chave' });
      await keyword.fill('sangue');
      await keyword.press('Enter');
      await page.waitForURL('**/list/saude/sangue');
      await expect(page.locator('h1')).toContainText('sangue');
      await page.goto(portal.url('/list?page=2'));
      await page.getByRole('navigation', { name: 'Paginação' }).getByRole('link', { name: 'Página 3', exact: true }).click();
      await page.waitForURL('**/list?page=3');
      await expect(page.getByRole('heading', { level: 2, name: /página 3 de/ })).toBeVisible();
      // Header search, no script: a GET form to /buscar that redirects.
      const header = page.getByRole('search', { name: 'Serviços' });
      await header.getByRole('searchbox').fill('ipva');
      await header.getByRole('button', { name: 'Buscar' }).click();
      await page.waitForURL('**/search/ipva');
      await expect(page.locator('main ol > li').first()).toBeAttached();
      await page.goto(portal.url('/list?filtroCategoria=educa'));
      await page.locator('summary', { hasText: 'Filtrar a lista' }).click();
      await expect(sidebar(page).locator('ul').first().getByRole('link')).toHaveText(['Educação']);
    });
  });

  test.describe(() => {
    test.use(PHONE);

    test('on a phone: one column and no sideways scrolling', async ({ page, portal }) => {
      await page.goto(portal.url('/list'));
      const cards = page.locator('main ol > li');
      const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
      expect(b!.y).toBeGreaterThan(a!.y);
      expect(Math.abs(a!.x - b!.x)).toBeLessThan(1);
      // Nothing moves when the scripts start (the filters' fold is shut from the first paint: issue 12, CLS).
      expect((await cards.nth(0).boundingBox())!.y).toBe(a!.y);
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });
  });

  test('the keyboard reaches the results past the filters, and each result it focuses is in view at once (issue 24)', async ({ page, portal }) => {
    await page.goto(portal.url('/search/cnh'));
    await page.locator('h1').waitFor();
    let presses = 0;
    while (presses < 30 && !(await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Ir para os resultados'))) {
      await page.keyboard.press('Tab');
      presses++;
    }
    expect(presses).toBeLessThan(30);
    await page.keyboard.press('Enter');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      // Measured at once, as the eye finds it: no smooth scroll still on its way.
      const where = await page.evaluate(() => {
        const focused = document.activeElement!;
        const box = focused.getBoundingClientRect();
        return { inResults: !!focused.closest('main ol'), top: box.top, bottom: box.bottom, height: window.innerHeight };
      });
      expect(where.inResults).toBe(true);
      expect(where.top).toBeGreaterThanOrEqual(0);
      expect(where.bottom).toBeLessThanOrEqual(where.height);
    }
  });
});
