import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

if (!hasChromium) {
  console.warn(
    `\n${'!'.repeat(78)}\n!! BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM}.\n!! Install it with: apt-get update && apt-get install -y chromium\n${'!'.repeat(78)}\n`,
  );
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, locale: 'pt-BR' };
export const PHONE: BrowserContextOptions = {
  viewport: { width: 375, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'pt-BR',
};

/** Waits until React has hydrated the page (the header's scroll listener and the forms' handlers are live). */
export async function hydrated(page: Page) {
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  // Effects run right after hydration; give them a frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

const AXE_SOURCE = readFileSync(AXE, 'utf8');

/**
 * Runs axe-core in the page (WCAG 2.1 A and AA plus best practices) and returns its violations. axe is
 * evaluated by the test driver, not added as a <script>, so the page keeps its real Content-Security-Policy.
 */
export async function axe(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, html: n.html.slice(0, 200) })) }));
  });
}
