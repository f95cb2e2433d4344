import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContextOptions, type Page } from '@playwright/test';

/** Debian's Chromium (`apt-get install -y chromium`); Playwright's own browser downloads are never used. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The default context of every test (playwright.config.ts `use`). */
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, locale: 'pt-BR' };
export const PHONE: BrowserContextOptions = {
  viewport: { width: 375, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'pt-BR',
};

/**
 * Waits until React has hydrated the page (the header's scroll listener and the forms' handlers are live). An
 * anonymous page hydrates on the first sign of a person (decision 025): the mouse moves into the page's corner.
 */
export async function hydrated(page: Page) {
  // A move made while a click's navigation is still arriving lands on the page being left: move until it hydrates.
  let corner = 1;
  await expect(async () => {
    corner = 3 - corner;
    await page.mouse.move(corner, corner);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // Effects run right after hydration; give them a frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** WCAG 2.1 and 2.2 A and AA, plus axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core's violations on the page, one readable line (and its first nodes) each, prefixed by `where`.
 * AxeBuilder evaluates axe through the driver, not as a <script>, so the page keeps its real Content-Security-Policy.
 */
export async function axe(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 200)}`)
        .join('\n    ')}`,
  );
}
