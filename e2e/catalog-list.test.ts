import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, hasChromium, hydrated, launchBrowser, PHONE } from './support/browser.ts';
import { startPortal, type Portal } from './support/portal.ts';

const path = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

describe.skipIf(!hasChromium)('catalog list', () => {
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

  const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();
  const sidebar = () => page.getByRole('complementary', { name: 'Filtros da lista' });

  test('/list shows ten services per page, two columns, page numbers from 1', async () => {
    await page.goto(portal.url('/list'));
    await hydrated(page);
    await expect(page.title()).resolves.toBe('Governo do Piauí - Lista de Serviços');
    const cards = page.locator('main ol > li');
    await expect(cards.count()).resolves.toBe(10);
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(a!.y).toBe(b!.y);
    expect(b!.x).toBeGreaterThan(a!.x);
    const pager = page.getByRole('navigation', { name: 'Paginação' });
    await expect(pager.getByRole('link', { name: 'Página 1', exact: true }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(page.getByRole('combobox').count()).resolves.toBe(0); // no page-size changer
    const firstTitles = await page.locator('main ol > li h3').allInnerTexts();
    await pager.getByRole('link', { name: 'Página 2', exact: true }).click();
    await page.waitForURL('**/list?page=2');
    await page.getByRole('heading', { level: 2, name: /página 2 de/ }).waitFor();
    const secondTitles = await page.locator('main ol > li h3').allInnerTexts();
    expect(secondTitles).toHaveLength(10);
    expect(secondTitles.some((t) => firstTitles.includes(t))).toBe(false);
    // The second page starts at item 11 (offset = 10 × index 1).
    const api = (await (await fetch(`${portal.origin}/v1/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from: 10, size: 10 }) })).json()) as { title: string }[];
    expect(secondTitles).toEqual(api.map((s) => s.title));
  });

  test('selecting a category, searching in it, clearing the keyword and the category (spec §4)', async () => {
    await page.goto(portal.url('/list'));
    await hydrated(page);
    await sidebar().getByRole('link', { name: 'Saúde' }).click();
    await page.waitForURL('**/list/saude');
    await h1('Saúde');
    await expect(page.title()).resolves.toBe('Governo do Piauí - Saúde');
    // Searching with a category: /list/{category}/{text}
    const keyword = sidebar().getByRole('searchbox', { name: 'Palavra-chave' });
    await keyword.fill('sangue');
    await keyword.press('Enter');
    await page.waitForURL('**/list/saude/sangue');
    await h1(/Saúde: resultados para “sangue”/);
    await expect(page.locator('main ol > li h3').first().innerText()).resolves.toMatch(/sangue/i);
    // Clearing the keyword: /list/{category}
    await sidebar().getByRole('link', { name: 'Limpar palavra-chave' }).click();
    await page.waitForURL('**/list/saude');
    await h1('Saúde');
    // Search again, then clear the category: /search/{text}
    await keyword.fill('sangue');
    await keyword.press('Enter');
    await page.waitForURL('**/list/saude/sangue');
    await sidebar().getByRole('link', { name: 'Remover a categoria Saúde' }).click();
    await page.waitForURL('**/search/sangue');
    await h1('Resultados para “sangue”');
    // Clearing the keyword without a category: /list
    await sidebar().getByRole('link', { name: 'Limpar palavra-chave' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/app/catalog/list'));
    // Clearing the category without text: /list
    await page.goto(portal.url('/list/educacao'));
    await hydrated(page);
    await sidebar().getByRole('link', { name: 'Remover a categoria Educação' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/app/catalog/list'));
    expect(path(page)).toBe('/app/catalog/list');
  });

  test('an empty keyword does nothing; the category filter box narrows the list case-insensitively', async () => {
    await page.goto(portal.url('/list'));
    await hydrated(page);
    await sidebar().getByRole('button', { name: 'Buscar' }).click();
    await page.waitForTimeout(300);
    expect(path(page)).toBe('/app/catalog/list');
    const filter = sidebar().getByRole('searchbox', { name: 'Filtrar categorias' });
    await filter.fill('SAÚ');
    await expect(sidebar().locator('ul').nth(0).getByRole('link').allInnerTexts()).resolves.toEqual(['Saúde']);
    await filter.fill('zzz');
    await expect(sidebar().getByText('Nenhuma categoria encontrada').isVisible()).resolves.toBe(true);
  });

  test('choosing a department lists its services at /list/orgao/{slug}', async () => {
    await page.goto(portal.url('/list'));
    await hydrated(page);
    await sidebar().getByRole('link', { name: 'SEFAZ', exact: true }).click();
    await page.waitForURL('**/list/orgao/sefaz');
    await h1('Serviços do órgão SEFAZ');
    const departments = await page.locator('main ol > li').evaluateAll((cards) => cards.map((c) => c.textContent));
    expect(departments.length).toBe(10);
    expect(departments.every((t) => t?.includes('SEFAZ'))).toBe(true);
    await expect(sidebar().getByRole('link', { name: 'SEFAZ', exact: true }).getAttribute('aria-current')).resolves.toBe('page');
    // Inactive departments are not offered.
    await expect(sidebar().getByRole('link', { name: 'EMGERPI' }).count()).resolves.toBe(0);
  });

  test('nothing found says so', async () => {
    await page.goto(portal.url('/search/xyzzyqwv'));
    await expect(page.getByRole('heading', { name: 'Nenhum serviço encontrado' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('navigation', { name: 'Paginação' }).count()).resolves.toBe(0);
  });

  test("'Cidadao' is a targeted search with a fixed total of 10; quick access and most accessed are highlighted searches", async () => {
    await page.goto(portal.url('/list/Cidadao'));
    await h1('Serviços ao Cidadão');
    await expect(page.locator('main ol > li').count()).resolves.toBe(10);
    await expect(page.getByRole('heading', { level: 2, name: '10 serviços encontrados' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('navigation', { name: 'Paginação' }).count()).resolves.toBe(0);

    const highlighted = (await (await fetch(`${portal.origin}/v1/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ highlighted: true, from: 0, size: 10 }) })).json()) as { title: string; resultTotal: number }[];
    for (const slug of ['acesso-rapido', 'mais-acessados']) {
      await page.goto(portal.url(`/search/${slug}`));
      await expect(page.locator('main ol > li h3').allInnerTexts()).resolves.toEqual(highlighted.map((s) => s.title));
    }
    await expect(page.locator('h1').innerText()).resolves.toBe('Mais acessados');
  });

  test('an unknown category is a 404 page with a way on', async () => {
    const response = await page.goto(portal.url('/list/categoria-que-nao-existe'));
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').innerText()).resolves.toBe('Página não encontrada');
    await expect(page.getByText('Esta categoria não existe').isVisible()).resolves.toBe(true);
  });

  test('without JavaScript: search, category filter and pagination still work', async () => {
    const noJs = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const p = await noJs.newPage();
    await p.goto(portal.url('/list/saude'));
    const keyword = p.getByRole('complementary', { name: 'Filtros da lista' }).getByRole('searchbox', { name: 'Palavra-chave' });
    await keyword.fill('sangue');
    await keyword.press('Enter');
    await p.waitForURL('**/list/saude/sangue');
    await expect(p.locator('h1').innerText()).resolves.toContain('sangue');
    await p.goto(portal.url('/list?page=2'));
    await p.getByRole('navigation', { name: 'Paginação' }).getByRole('link', { name: 'Página 3', exact: true }).click();
    await p.waitForURL('**/list?page=3');
    await expect(p.getByRole('heading', { level: 2, name: /página 3 de/ }).isVisible()).resolves.toBe(true);
    // Header search, no script: a GET form to /buscar that redirects.
    const header = p.getByRole('search', { name: 'Serviços' });
    await header.getByRole('searchbox').fill('ipva');
    await header.getByRole('button', { name: 'Buscar' }).click();
    await p.waitForURL('**/search/ipva');
    await expect(p.locator('main ol > li').count()).resolves.toBeGreaterThan(0);
    await p.goto(portal.url('/list?filtroCategoria=educa'));
    await expect(p.getByRole('complementary', { name: 'Filtros da lista' }).locator('ul').first().getByRole('link').allInnerTexts()).resolves.toEqual(['Educação']);
    await noJs.close();
  });

  test('on a phone: one column and no sideways scrolling', async () => {
    const phone = await browser.newContext(PHONE);
    const p = await phone.newPage();
    await p.goto(portal.url('/list'));
    const cards = p.locator('main ol > li');
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y);
    expect(Math.abs(a!.x - b!.x)).toBeLessThan(1);
    await expect(p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
    await phone.close();
  });
});
