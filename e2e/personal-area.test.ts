import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, hasChromium, hydrated, launchBrowser } from './support/browser.ts';
import { login, logout, startPortalWithLogin } from './support/personal.ts';
import type { Portal } from './support/portal.ts';

/** dd/mm/yyyy of today + days, on Piauí's calendar. */
function brDateIn(days: number): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Fortaleza', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + days * 86_400_000))
    .split('-');
  return `${d}/${m}/${y}`;
}

describe.skipIf(!hasChromium)('personal area in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    portal = await startPortalWithLogin();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  test('anonymous visitors: no star, no bell, no chip; ACESSO CIDADÃO comes back to the page', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(portal.url('/educacao/historico-escolar'));
    await hydrated(page);
    await expect(page.getByTestId('favorite-star').count()).resolves.toBe(0);
    await expect(page.getByTestId('notifications-bell').count()).resolves.toBe(0);
    await expect(page.getByTestId('nota-piauiense-chip').count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'ACESSO CIDADÃO' }).getAttribute('href')).resolves.toBe(
      `/app/entrar?returnTo=${encodeURIComponent('/app/catalog/educacao/historico-escolar')}`,
    );
    await page.goto(portal.url());
    await expect(page.getByTestId('favorite-star').count()).resolves.toBe(0);
    await expect(page.getByRole('region', { name: 'Seus favoritos' }).count()).resolves.toBe(0);
    // Personal pages ask for the login and come back.
    await page.goto(`${portal.origin}/app/app-minha-cnh`);
    await page.getByRole('heading', { level: 1, name: 'Acesso Cidadão' }).waitFor();
    await context.close();
  });

  describe('maria.silva', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await browser.newContext(DESKTOP);
      page = await context.newPage();
      await login(page, 'maria.silva', portal.url());
    });
    afterAll(() => context?.close());

    test('header: short name, menu with the highest level, bell with two unread, R$ 137,45 chip', async () => {
      await expect(page.getByTestId('account-name').innerText()).resolves.toBe('Maria Silva');
      await page.getByRole('button', { name: 'Menu de Maria Silva' }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByText('Nível Prata').isVisible()).resolves.toBe(true);
      await expect(menu.getByRole('menuitem').allInnerTexts()).resolves.toEqual(['Meu perfil', 'Documentos', 'Solicitações', 'Sair']);
      await expect(menu.getByRole('menuitem', { name: 'Documentos' }).getAttribute('href')).resolves.toBe('/app/app-documentos');
      await expect(menu.getByRole('menuitem', { name: 'Solicitações' }).getAttribute('href')).resolves.toBe('/app/acompanhar-minhas-solicitacoes');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('notifications-count').innerText()).resolves.toBe('2');
      await expect(page.getByTestId('notifications-bell').getAttribute('aria-label')).resolves.toBe('Notificações: 2 não lidas');

      const chip = page.getByTestId('nota-piauiense-chip');
      await expect(chip.innerText()).resolves.toContain('R$ 137,45');
      await chip.click();
      const dropdown = page.getByTestId('nota-piauiense-dropdown');
      await expect(dropdown.innerText()).resolves.toMatch(/Saldo disponível[\s\S]*R\$ 137,45/);
      await expect(dropdown.getByRole('link', { name: 'Acessar saldo' }).getAttribute('href')).resolves.toBe('/app/app-nota-piauiense');
      await expect(dropdown.getByRole('link', { name: 'Resgatar saldo' }).isVisible()).resolves.toBe(true);
      await expect(dropdown.getByText('Valor mínimo para saque R$ 25,00').isVisible()).resolves.toBe(true);
      // An outside click closes it.
      await page.mouse.click(20, 600);
      await dropdown.waitFor({ state: 'detached' });
    });

    test('home: her three favourites, the CNH próxima do vencimento, recommendations, no pay slips', async () => {
      await page.goto(portal.url());
      await hydrated(page);
      const favorites = page.getByRole('region', { name: 'Seus favoritos' });
      await expect(favorites.locator('li h3').allInnerTexts()).resolves.toHaveLength(3);
      const titles = await favorites.locator('li h3').allInnerTexts();
      expect(titles.join(' | ')).toMatch(/IPVA/);
      expect(titles.join(' | ')).toMatch(/CNH/i);
      expect(titles.join(' | ')).toMatch(/Nota Piauiense/i);
      // Every card of hers has a pressed star.
      await expect(favorites.getByTestId('favorite-star').evaluateAll((stars) => stars.map((s) => s.getAttribute('aria-pressed')))).resolves.toEqual(['true', 'true', 'true']);
      const cnh = page.getByTestId('cnh-card');
      await expect(cnh.getByTestId('cnh-status').innerText()).resolves.toBe('CNH próxima do vencimento');
      await expect(cnh.getByTestId('cnh-validade').innerText()).resolves.toBe(brDateIn(45));
      await expect(cnh.getByText('Categoria').isVisible()).resolves.toBe(true);
      await expect(cnh.getByTestId('cnh-restriction').count()).resolves.toBe(0);
      await expect(page.getByTestId('payslips-widget').count()).resolves.toBe(0);
      const recommendations = page.getByTestId('recommendations');
      await expect(recommendations.getAttribute('data-source')).resolves.toBe('personal');
      const link = await recommendations.locator('li a').first().getAttribute('href');
      expect(link).toMatch(/^\/app\/catalog\/[a-z0-9-]+\/[a-z0-9-]+$/);
    });

    test('favouriting and unfavouriting with the §8 messages, and the failure message', async () => {
      await page.goto(portal.url('/educacao/historico-escolar'));
      await hydrated(page);
      const star = page.getByTestId('service-main').getByTestId('favorite-star');
      await expect(star.getAttribute('aria-pressed')).resolves.toBe('false');
      await star.click();
      await page.getByText('Serviço favoritado com sucesso').waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="service-main"] [data-testid="favorite-star"]')?.getAttribute('aria-pressed') === 'true');
      await page.goto(portal.url());
      await expect(page.getByRole('region', { name: 'Seus favoritos' }).locator('li').count()).resolves.toBe(4);
      await page.goto(portal.url('/educacao/historico-escolar'));
      await hydrated(page);
      await star.click();
      await page.getByText('Serviço removido dos favoritos').waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="service-main"] [data-testid="favorite-star"]')?.getAttribute('aria-pressed') === 'false');
      // A call the API refuses (a service that does not exist) says so in red.
      await page.evaluate(() => {
        const input = document.querySelector<HTMLInputElement>('[data-testid="service-main"] input[name="slug"]');
        if (input) input.value = 'servico-que-nao-existe';
      });
      await star.click();
      await page.getByText('Erro ao favoritar serviço').waitFor();
    });

    test('the star works without JavaScript (a POST form)', async () => {
      const noJs = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
      await noJs.addCookies(await context.cookies());
      const p = await noJs.newPage();
      await p.goto(portal.url('/educacao/historico-escolar'));
      const star = p.getByTestId('service-main').getByTestId('favorite-star');
      await expect(star.getAttribute('aria-pressed')).resolves.toBe('false');
      await star.click();
      await p.waitForURL('**/educacao/historico-escolar?favorito=added');
      await expect(p.getByText('Serviço favoritado com sucesso').isVisible()).resolves.toBe(true);
      await expect(p.getByTestId('service-main').getByTestId('favorite-star').getAttribute('aria-pressed')).resolves.toBe('true');
      await p.getByTestId('service-main').getByTestId('favorite-star').click();
      await p.waitForURL('**/educacao/historico-escolar?favorito=removed');
      await expect(p.getByText('Serviço removido dos favoritos').isVisible()).resolves.toBe(true);
      await noJs.close();
    });

    test('notifications: list, filter, detail with back, read on click, redirect, mark all, archive', async () => {
      await page.goto(portal.url());
      await hydrated(page);
      const bell = page.getByTestId('notifications-bell');
      await bell.click();
      const panel = page.getByTestId('notifications-panel');
      const items = panel.locator('li button');
      await items.first().waitFor();
      await expect(items.count()).resolves.toBe(5);
      await expect(panel.getByTestId('icon-alerta').count()).resolves.toBe(2);
      await expect(panel.getByTestId('icon-informacao').count()).resolves.toBe(2);
      await expect(panel.getByTestId('icon-novidade').count()).resolves.toBe(1);
      await panel.getByRole('button', { name: 'Não Lidas' }).click();
      await expect(items.count()).resolves.toBe(2);
      await panel.getByRole('button', { name: 'Todas', exact: true }).click();
      // Opening an unread message reads it and shows it in detail; focus goes to its title.
      await panel.getByRole('button', { name: /Novos créditos da Nota Piauiense/ }).click();
      const detail = panel.getByTestId('notification-detail');
      await expect(detail.getByRole('heading', { name: 'Novos créditos da Nota Piauiense' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await detail.getByRole('button', { name: 'Voltar' }).click();
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toMatch(/Novos créditos/);
      await page.waitForFunction(() => document.querySelector('[data-testid="notifications-count"]')?.textContent === '1');
      // The redirect action.
      await panel.getByRole('button', { name: /Sua CNH vence em 45 dias/ }).click();
      const go = detail.getByTestId('notification-redirect');
      await expect(go.getAttribute('href')).resolves.toBe('/app/catalog/transito-e-veiculos/renovacao-da-cnh');
      await go.click();
      await page.waitForURL('**/app/catalog/transito-e-veiculos/renovacao-da-cnh');
      await hydrated(page);
      await expect(page.getByTestId('notifications-count').count()).resolves.toBe(0);
      // Mark all as read, then archive: the empty text.
      await bell.click();
      await panel.locator('li button').first().waitFor();
      await expect(panel.getByRole('button', { name: 'Marcar todas como lidas' }).isDisabled()).resolves.toBe(true);
      await panel.getByRole('button', { name: 'Não Lidas' }).click();
      await expect(panel.getByText('Não há mensagens para serem exibidas.').isVisible()).resolves.toBe(true);
      await panel.getByRole('button', { name: 'Todas', exact: true }).click();
      await panel.getByRole('button', { name: 'Arquivar' }).click();
      await expect(panel.getByText('Não há mensagens para serem exibidas.').isVisible()).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await expect(bell.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await page.reload();
      await hydrated(page);
      await page.getByTestId('notifications-bell').click();
      await page.getByTestId('notifications-panel').getByText('Não há mensagens para serem exibidas.').waitFor();
      await page.keyboard.press('Escape');
    });

    test('Sair logs out (a POST form) and the personal pages ask for the login again', async () => {
      await page.goto(portal.url('/list'));
      await hydrated(page);
      await logout(page);
      await expect(page.getByTestId('notifications-bell').count()).resolves.toBe(0);
      await expect(page.getByTestId('nota-piauiense-chip').count()).resolves.toBe(0);
      await page.goto(`${portal.origin}/app/app-nota-piauiense`);
      await page.getByRole('heading', { level: 1, name: 'Acesso Cidadão' }).waitFor();
    });
  });

  describe('joao.souza', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await browser.newContext({ ...DESKTOP, acceptDownloads: true });
      page = await context.newPage();
      await login(page, 'joao.souza', portal.url());
    });
    afterAll(() => context?.close());

    test('header: João Souza, Nível Ouro, R$ 0,00 without Resgatar saldo', async () => {
      await expect(page.getByTestId('account-name').innerText()).resolves.toBe('João Souza');
      await page.getByRole('button', { name: 'Menu de João Souza' }).click();
      await expect(page.getByRole('menu').getByText('Nível Ouro').isVisible()).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await page.getByTestId('nota-piauiense-chip').click();
      const dropdown = page.getByTestId('nota-piauiense-dropdown');
      await expect(dropdown.innerText()).resolves.toContain('R$ 0,00');
      await expect(dropdown.getByRole('link', { name: 'Resgatar saldo' }).count()).resolves.toBe(0);
      await expect(dropdown.getByText('Valor mínimo para saque R$ 25,00').isVisible()).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await dropdown.waitFor({ state: 'detached' });
    });

    test('CNH vencida with the restriction', async () => {
      const cnh = page.getByTestId('cnh-card');
      await expect(cnh.getByTestId('cnh-status').innerText()).resolves.toBe('CNH vencida');
      await expect(cnh.getByTestId('cnh-validade').innerText()).resolves.toBe(brDateIn(-120));
      await expect(cnh.getByTestId('cnh-restriction').innerText()).resolves.toMatch(/Restrição:[\s\S]*BCA/);
    });

    test('six pay slips in a fixed-height scrolling list; one downloads as a real PDF, the button busy meanwhile', async () => {
      const widget = page.getByTestId('payslips-widget');
      const slips = widget.getByTestId('payslip');
      await expect(slips.count()).resolves.toBe(6);
      const first = await slips.first().innerText();
      const [, month, year] = /(\d{2})\/(\d{4})/.exec(first)!;
      expect(first).toContain('SEAD');
      const scroller = widget.getByRole('region', { name: 'Últimos contracheques' });
      const box = await scroller.evaluate((el) => ({ height: (el as HTMLElement).offsetHeight, content: el.scrollHeight, overflow: getComputedStyle(el).overflowY }));
      expect(box.height).toBe(260);
      expect(box.content).toBeGreaterThan(box.height);
      expect(box.overflow).toBe('auto');

      // Hold the download a moment to see the busy button.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/app/minha-area/contracheques/*', async (route) => {
        await held;
        await route.continue();
      });
      const button = slips.first().getByTestId('payslip-download');
      const download = page.waitForEvent('download');
      await button.click();
      await expect(button.isDisabled()).resolves.toBe(true);
      await expect(button.locator('.spin').count()).resolves.toBe(1);
      release();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`contracheque-${month}-${year}-SEAD.pdf`);
      const bytes = await readFile((await file.path())!);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(500);
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-testid="payslip-download"]')?.disabled);
      await page.unroute('**/app/minha-area/contracheques/*');
    });

    test('another citizen cannot download his pay slip; Sair logs out', async () => {
      const ids = await page.getByTestId('payslip').first().locator('form').getAttribute('action');
      await logout(page);
      const other = await browser.newContext(DESKTOP);
      const p = await other.newPage();
      await login(p, 'maria.silva', portal.url());
      const answer = await p.request.get(`${portal.origin}${ids}`, { maxRedirects: 0 });
      expect(answer.status()).toBe(404);
      await other.close();
    });
  });
});
