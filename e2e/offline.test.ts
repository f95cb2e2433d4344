import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';

// Installable, and readable without a connection (issue 12): the manifest, and the service worker's saved copies
// of service pages and their PDFs (apps/web/public/sw.js, docs/decisions/021-saved-copies-offline.md).

const IPVA = '/impostos-e-tributos/emissao-do-dae-do-ipva';
const IDENTITY = '/documentos-e-identificacao/carteira-de-identidade-primeira-via';

/** Waits until the service worker controls the page and has saved it (it saves in the background). */
async function savedBy(page: Page, path: string) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
  await expect
    .poll(() => page.evaluate(async (p) => (await caches.keys()).length > 0 && (await caches.match(location.origin + p)) !== undefined, path), { timeout: 15_000 })
    .toBe(true);
}

/** Every address the worker keeps, and whether any stored page or file holds `text`. */
async function stored(page: Page, text: string) {
  return page.evaluate(async (needle) => {
    const urls: string[] = [];
    let holds = false;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        urls.push(new URL(request.url).pathname);
        const body = await (await cache.match(request))!.text();
        if (body.includes(needle)) holds = true;
      }
    }
    return { urls, holds };
  }, text);
}

test.describe('installable and readable offline', () => {
  test('the portal can be installed on a phone: Chromium finds nothing missing in its manifest', async ({ portal }) => {
    // A profile of its own: Chromium never offers to install from an incognito window, which test contexts are.
    const profile = await mkdtemp(join(tmpdir(), 'portal-install-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, ...PHONE });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(portal.url());
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.errors).toEqual([]);
      const body = await (await page.request.get(manifest.url)).json();
      expect(body).toMatchObject({ name: 'Portal de Serviços do Piauí', lang: 'pt-BR', display: 'standalone' });
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  test('a service page and its PDF opened once are read without a connection, marked as saved copies with their date', async ({ page, context, portal }) => {
    // The first page a browser opens comes before the worker: it is saved all the same.
    await page.goto(portal.url(IPVA));
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    await savedBy(page, `/app/catalog${IPVA}`);
    // The service's 'Carta de serviço' in PDF, as the page's button opens it.
    const pdf = await page.getByRole('link', { name: 'Baixar PDF' }).getAttribute('href');
    expect(await page.evaluate(async (href) => (await fetch(href)).status, pdf!)).toBe(200);
    await savedBy(page, pdf!);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
    const notice = page.getByRole('status').filter({ hasText: 'Cópia salva neste aparelho em' });
    await expect(notice).toBeVisible();
    // The date, in words (e.g. '25 de novembro de 2026 às 14:03').
    await expect(notice).toContainText(new RegExp(`\\d{1,2} de [a-zç]+ de ${new Date().getFullYear()}`));
    await expect(notice).toContainText('Você está sem conexão');
    // A saved copy is a document: it runs none of the app's scripts, so nothing waits on the network.
    expect(await page.locator('script[type="module"]').count()).toBe(0);
    // It looks like the page (the stylesheet is kept too): the content is not in the browser's default serif.
    expect(await page.locator('body').evaluate((b) => getComputedStyle(b).fontFamily)).not.toMatch(/^(serif|"Times)/);
    const bytes = await page.evaluate(async (href) => new Uint8Array(await (await fetch(href)).arrayBuffer()).slice(0, 5).join(','), pdf!);
    expect(String.fromCharCode(...bytes.split(',').map(Number))).toBe('%PDF-');

    // A page never opened: no dead end, but the list of what can be read.
    await page.goto(portal.url(IDENTITY));
    await expect(page.getByRole('heading', { level: 1, name: 'Você está sem conexão' })).toBeVisible();
    await page.getByRole('link', { name: title!.trim() }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cópia salva neste aparelho em' })).toBeVisible();

    await context.setOffline(false);
    await page.reload();
    await expect(page.getByText('Cópia salva neste aparelho em')).toHaveCount(0);
  });

  // Issue 24: offline, the accessibility bar's buttons (which need the app's scripts) were hidden but kept their room:
  // an empty band of 80 px at the top of the saved copy on a phone. What cannot work is not there, and takes no room.
  for (const [device, options] of [['a phone', PHONE], ['a desktop', DESKTOP]] as const) {
    test(`the saved copy has no empty band where the accessibility buttons were (${device})`, async ({ browser, portal }) => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.goto(portal.url(IPVA));
      await savedBy(page, `/app/catalog${IPVA}`);
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: 'Cópia salva neste aparelho em' })).toBeVisible();
      const bar = page.getByRole('navigation', { name: 'Acessibilidade' });
      const { height, shown } = await bar.evaluate((nav) => {
        // What the bar shows: its visible links and buttons, but for those inside a visually hidden box (1 px, clipped:
        // the shortcuts on a phone, shown on focus).
        const clipped = (e: Element | null): boolean => !!e && e !== nav && (e.getBoundingClientRect().width <= 1 || clipped(e.parentElement));
        const parts = [...nav.querySelectorAll<HTMLElement>('a, button')]
          .filter((e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !clipped(e))
          .map((e) => e.getBoundingClientRect());
        const top = Math.min(...parts.map((r) => r.top));
        const bottom = Math.max(...parts.map((r) => r.bottom));
        return { height: nav.getBoundingClientRect().height, shown: parts.length ? bottom - top : 0 };
      });
      // Its bottom border and a few pixels of padding at most beyond what it shows.
      expect(height, `the bar is ${height} px high and shows ${shown} px`).toBeLessThanOrEqual(shown + 8);
      await expect(bar.getByRole('button')).toHaveCount(0);
      await context.setOffline(false);
      await context.close();
    });
  }

  test.describe('logged in', () => {
    test('nothing personal is stored: the service page is kept as anyone sees it, personal pages not at all', async ({ loggedIn: page, context, loginPortal }) => {
      const name = (await page.getByTestId('account-name').textContent())!.trim();
      expect(name.length).toBeGreaterThan(2);
      // A service page opened inside the app (a client-side navigation from the home page), then a personal page.
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
      const services = await page.locator('main a[href^="/app/catalog/"]').evaluateAll((links) =>
        links.map((a) => new URL((a as HTMLAnchorElement).href).pathname).filter((p) => /^\/app\/catalog\/(?!list\/|search\/|orgao\/|dados\/)[^/]+\/[^/]+$/.test(p)),
      );
      const service = services[0]!;
      await page.locator(`main a[href="${service}"]`).first().click();
      await page.waitForURL(`**${service}`);
      await expect(page.getByTestId('account-name')).toHaveText(name);
      await savedBy(page, service);
      await page.goto(`${loginPortal.origin}/app/app-minha-cnh`);

      const { urls, holds } = await stored(page, name);
      expect(urls).toContain(service);
      expect(urls.filter((u) => u.startsWith('/app/') && !u.startsWith('/app/catalog/'))).toEqual([]);
      expect(urls.some((u) => u.startsWith('/auth') || (u.startsWith('/v1/') && !/^\/v1\/catalog\/[^/]+\/pdf$/.test(u)))).toBe(false);
      expect(holds, `a stored copy holds the citizen's name '${name}'`).toBe(false);

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Você está sem conexão' })).toBeVisible();
      await expect(page.getByText(name)).toHaveCount(0);
      await page.goto(`${loginPortal.origin}${service}`);
      await expect(page.getByRole('status').filter({ hasText: 'Cópia salva neste aparelho em' })).toBeVisible();
      await expect(page.getByText(name)).toHaveCount(0);
      await context.setOffline(false);
    });
  });
});
