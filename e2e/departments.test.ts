import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, hasChromium, hydrated, launchBrowser } from './support/browser.ts';
import { startPortal, type Portal } from './support/portal.ts';

describe.skipIf(!hasChromium)('departments and open data', () => {
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

  test('/orgao lists the departments, filters by short name and opens one', async () => {
    await page.goto(portal.url('/orgao'));
    await hydrated(page);
    await expect(page.locator('h1').innerText()).resolves.toBe('Secretarias de Governo');
    const cards = page.locator('main ul li h2');
    expect(await cards.count()).toBeGreaterThan(20);
    const filter = page.getByRole('searchbox', { name: 'Filtrar' });
    await filter.fill('sef');
    await expect(cards.allInnerTexts()).resolves.toEqual(['SEFAZ']);
    await filter.fill('nada-assim');
    await expect(page.getByText('Nenhuma secretaria encontrada').isVisible()).resolves.toBe(true);
    await filter.fill('detran');
    await page.getByRole('link', { name: 'DETRAN-PI' }).click();
    await page.waitForURL('**/orgao/detran-pi');
    await page.getByRole('heading', { level: 1, name: 'DETRAN-PI' }).waitFor();
  });

  test('department detail: mission, vision, values, site, address and its services, 10 a page with a smooth scroll', async () => {
    await page.goto(portal.url('/orgao/detran-pi'));
    await hydrated(page);
    for (const title of ['Missão', 'Visão', 'Valores']) await expect(page.getByRole('heading', { level: 2, name: title }).isVisible()).resolves.toBe(true);
    const site = page.getByRole('link', { name: /Site do órgão/ });
    await expect(site.getAttribute('href')).resolves.toMatch(/^https:\/\//);
    await expect(site.getAttribute('target')).resolves.toBe('_blank');
    await expect(page.getByText(/Endereço:/).count()).resolves.toBe(1);
    const list = page.locator('#servicos-prestados');
    await expect(list.locator('article').count()).resolves.toBe(10);
    await expect(list.getByRole('heading', { level: 2 }).innerText()).resolves.toMatch(/^Serviços prestados \(\d+\)$/);
    await list.getByRole('navigation', { name: 'Paginação' }).getByRole('link', { name: 'Página 2', exact: true }).click();
    await page.waitForURL('**/orgao/detran-pi?page=2#servicos-prestados');
    await page.waitForFunction(() => {
      const top = document.querySelector('#servicos-prestados')!.getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight / 2;
    });
    expect(await list.locator('article').count()).toBeGreaterThan(0);
  });

  test("'Não informado' for empty texts, and no site link unless the link is a valid URL", async () => {
    await page.goto(portal.url('/orgao/der-pi'));
    await expect(page.getByText('Não informado').count()).resolves.toBeGreaterThan(0);
    await page.goto(portal.url('/orgao/seid'));
    await expect(page.getByRole('link', { name: /Site do órgão/ }).count()).resolves.toBe(0);
    const missing = await page.goto(portal.url('/orgao/orgao-que-nao-existe'));
    expect(missing?.status()).toBe(404);
  });

  test('/dados lists the open-data groups and filters them', async () => {
    await page.goto(portal.url('/dados'));
    await hydrated(page);
    await expect(page.locator('h1').innerText()).resolves.toBe('Dados Abertos');
    await expect(page.getByRole('heading', { name: 'O que é esse serviço?' }).isVisible()).resolves.toBe(true);
    const filter = page.getByRole('searchbox', { name: 'Filtrar' });
    await filter.fill('despe');
    expect((await page.locator('main ul li h3').allInnerTexts()).map((t) => t.trim())).toEqual(['DESPESAS']);
    await filter.fill('xyz');
    await expect(page.getByText('Nenhum dado encontrado').isVisible()).resolves.toBe(true);
  });
});
