import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hasChromium, hydrated, launchBrowser } from './support/browser.ts';
import { startPortal, type Portal } from './support/portal.ts';

// Issue 3: responsive from 320 px wide. A page wider than the phone makes citizens scroll sideways to
// read it; the header's link row may scroll inside itself, the page may not.
const ROUTES = [
  '',
  '/list',
  '/search/rg',
  '/list/transito-e-veiculos',
  '/list/orgao/detran-pi',
  '/transito-e-veiculos/renovacao-da-cnh',
  '/orgao',
  '/orgao/sefaz',
  '/dados',
];

describe.skipIf(!hasChromium)('small screens', () => {
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

  for (const width of [320, 375]) {
    test(`no page is wider than a ${width} px screen`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const wide: string[] = [];
      for (const route of ROUTES) {
        await page.goto(portal.url(route));
        await hydrated(page);
        const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        if (scroll > client) wide.push(`${route || '/'}: ${scroll} px`);
      }
      await context.close();
      expect(wide).toEqual([]);
    });
  }

  test('the units card keeps its icons at text size', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(portal.url('/transito-e-veiculos/renovacao-da-cnh'));
    await hydrated(page);
    const sizes = await page.locator('[data-testid="units"] li p svg').evaluateAll((icons) => icons.map((i) => i.getBoundingClientRect().width));
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(20);
    await context.close();
  });
});
