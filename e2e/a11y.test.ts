import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axe, DESKTOP, hasChromium, hydrated, launchBrowser, PHONE } from './support/browser.ts';
import { startPortal, type Portal } from './support/portal.ts';

const ROUTES = [
  '',
  '/search/identidade',
  '/list',
  '/list/saude',
  '/list/saude/sangue',
  '/list/orgao/sefaz',
  '/search/mais-acessados',
  '/search/xyzzyqwv',
  '/documentos-e-identificacao/carteira-de-identidade-primeira-via',
  '/impostos-e-tributos/emissao-do-dae-do-ipva',
  '/orgao',
  '/orgao/der-pi',
  '/dados',
  '/dados/despesa/2024',
  '/pagina/que/nao/existe',
];

describe.skipIf(!hasChromium)('accessibility (axe-core)', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  for (const [name, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`every route has no axe violations on a ${name}`, { timeout: 120_000 }, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const problems: string[] = [];
      for (const route of ROUTES) {
        await page.goto(portal.url(route));
        await hydrated(page);
        for (const v of await axe(page)) problems.push(`${route || '/'}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join('\n    ')}`);
      }
      // The open category banner and the floating header are states of their own.
      await page.goto(portal.url());
      await hydrated(page);
      await page.getByTestId('category-banner').locator('summary').click();
      await page.evaluate(() => window.scrollTo(0, 900));
      await page.waitForFunction(() => document.querySelector('[data-testid="site-header"]')?.getAttribute('data-floating') === 'true');
      for (const v of await axe(page)) problems.push(`home (open, floating): ${v.id} ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join('\n    ')}`);
      await context.close();
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  test('keyboard: skip link first, visible focus on links and buttons', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(portal.url('/list'));
    await hydrated(page);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Ir para o conteúdo');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
    await context.close();
  });
});
