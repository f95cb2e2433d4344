import type { Locator, Page } from '@playwright/test';
import { hydrated } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { login } from './support/personal.ts';

/** Whether an element is wholly inside the window, sideways. */
async function fitsSideways(page: Page, element: Locator) {
  const box = (await element.boundingBox())!;
  return box.x >= 0 && box.x + box.width <= page.viewportSize()!.width + 0.5;
}

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
  '/dados/despesa/empenhos',
  // A very long parameter (issue 13): the message and the form fit the screen.
  `/dados/despesa/empenhos?buscar=1&exercicio=2025&referencia_de=${'9'.repeat(400)}&referencia_ate=2025-03`,
];

test.describe('small screens', () => {
  for (const width of [320, 375]) {
    test.describe(() => {
      test.use({ viewport: { width, height: 800 } });

      test(`no page is wider than a ${width} px screen, and no heading leaves its box`, async ({ page, portal }) => {
        const wide: string[] = [];
        // A service whose title has a long word ('empreendimentos'), beside the usual routes (issue 12).
        for (const route of [...ROUTES, '/trabalho-e-emprego/economia-solidaria']) {
          await page.goto(portal.url(route));
          const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
          if (scroll > client) wide.push(`${route || '/'}: ${scroll} px`);
          const spilling = await page.locator('main h1, main h2').evaluateAll((headings) => headings.filter((h) => h.clientWidth > 1 && h.scrollWidth > h.clientWidth + 1).map((h) => h.textContent));
          if (spilling.length) wide.push(`${route || '/'}: ${spilling.join(', ')} leave their box`);
        }
        expect(wide).toEqual([]);
      });
    });
  }

  test.describe(() => {
    test.use({ viewport: { width: 320, height: 640 } });

    test("the search boxes show 'Qual serviço você procura?' whole (issue 12)", async ({ page, portal }) => {
      await page.goto(portal.url(''));
      // The words typed into the box in the placeholder's own font: the box scrolls sideways when they do not fit.
      // (A measurement of the text alone misses the room a search box keeps for its clear button.)
      await page.evaluate(() => document.fonts.ready);
      const cut = await page.locator('input[placeholder="Qual serviço você procura?"]').evaluateAll((inputs) =>
        inputs.flatMap((element) => {
          const input = element as HTMLInputElement;
          input.style.font = getComputedStyle(input, '::placeholder').font;
          input.value = input.placeholder;
          const [needed, room] = [input.scrollWidth, input.clientWidth];
          input.value = '';
          input.style.font = '';
          return needed > room ? [`${needed} px of text in ${room} px`] : [];
        }),
      );
      expect(cut).toEqual([]);
    });

    test('the home banner shows its illustration whole or not at all, never a cut piece (issue 12)', async ({ page, context, portal }) => {
      await page.goto(portal.url(''));
      const sources = [...new Set((await page.content()).match(/[^"\\]+banner-\d[^"\\]*\.svg/g))];
      expect(sources).toHaveLength(4);
      // Each drawing opened on its own in a window the size of the hero's box: what the box shows.
      const drawing = await context.newPage();
      for (const width of [320, 375, 414, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 740 });
        const box = (await page.locator('[aria-labelledby="home-title"] > img:visible').boundingBox())!;
        await drawing.setViewportSize({ width: Math.round(box.width), height: Math.round(box.height) });
        for (const source of sources) {
          await drawing.goto(new URL(source, portal.origin).href);
          const cut = await drawing.locator('.art').evaluateAll((parts) =>
            parts.flatMap((part) => {
              if (getComputedStyle(part).display === 'none') return [];
              const r = part.getBoundingClientRect();
              const outside = r.right <= 0 || r.left >= innerWidth || r.bottom <= 0 || r.top >= innerHeight;
              const whole = r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight;
              return outside || whole ? [] : [`${Math.round(r.left)}–${Math.round(r.right)} of ${innerWidth}`];
            }),
          );
          expect(cut, `${source} in a ${Math.round(box.width)} × ${Math.round(box.height)} hero`).toEqual([]);
        }
      }
    });

    test('the header keeps every link in sight and, floating, the login (issue 12)', async ({ page, portal }) => {
      await page.goto(portal.url('/list'));
      const open = page.getByRole('navigation', { name: 'Públicos' }).getByRole('link', { name: 'Dados abertos' });
      expect(await fitsSideways(page, open)).toBe(true);
      await page.mouse.wheel(0, 900);
      await expect(page.getByTestId('site-header')).toHaveAttribute('data-floating', 'true');
      const loginLink = page.getByTestId('site-header').getByRole('link', { name: 'ACESSO CIDADÃO' });
      await expect(loginLink).toBeVisible();
      expect(await fitsSideways(page, loginLink)).toBe(true);
    });

    test('a logged-in citizen keeps her name whole, and her bell, balance and menu while scrolling (issues 12, 24)', async ({ page, loginPortal }) => {
      await login(page, 'maria.silva', loginPortal.url('/list'));
      await page.mouse.wheel(0, 900);
      const header = page.getByTestId('site-header');
      await expect(header).toHaveAttribute('data-floating', 'true');
      const menu = header.getByRole('button', { name: 'Menu de Maria Silva' });
      for (const control of [header.getByTestId('notifications-bell'), menu]) {
        await expect(control).toBeVisible();
        expect(await fitsSideways(page, control), JSON.stringify(await control.boundingBox())).toBe(true);
      }
      // On a phone the header is one row (issue 24): her name and her balance are in her menu, whole.
      await menu.click();
      const name = page.getByRole('menu').getByText('Maria Silva', { exact: true });
      await expect(name).toBeVisible();
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const balance = page.getByRole('menuitem', { name: /Nota Piauiense: saldo R\$\s?137,45/ });
      await expect(balance).toBeVisible();
      expect(await fitsSideways(page, balance)).toBe(true);
      await page.keyboard.press('Escape');
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(scroll).toBeLessThanOrEqual(client);
    });

    test('the Nota Piauiense amounts line up under their labels (issue 12)', async ({ page, loginPortal }) => {
      await login(page, 'maria.silva', loginPortal.url());
      await page.goto(`${loginPortal.origin}/app/app-nota-piauiense`);
      const terms = page.locator('main dl').first().locator('dt');
      await expect(terms).toHaveText(['Saldo disponível', 'Saldo pendente', 'Valor mínimo para saque']);
      const offsets = await terms.evaluateAll((dts) => dts.map((dt) => Math.round(dt.nextElementSibling!.getBoundingClientRect().left - dt.getBoundingClientRect().left)));
      expect(offsets).toEqual([0, 0, 0]);
    });
  });

  test('the page stands still as the header starts floating, for anyone, on a phone and a desktop (issue 12)', async ({ browser, loginPortal }) => {
    // The header leaves the flow as it floats; the room it leaves stays, or the text jumps up under the reader's
    // finger (94 px on a phone, 158 px logged in) and a tap lands on the line below.
    for (const viewport of [{ width: 375, height: 812 }, { width: 1280, height: 800 }]) {
      for (const citizen of [undefined, 'maria.silva']) {
        const context = await browser.newContext({ viewport, locale: 'pt-BR', reducedMotion: 'reduce' });
        const page = await context.newPage();
        if (citizen) await login(page, citizen, loginPortal.url('/list'));
        else await page.goto(loginPortal.url('/list'));
        const top = () => page.locator('main').evaluate((main) => main.getBoundingClientRect().top + window.scrollY);
        const before = await top();
        await page.mouse.wheel(0, 900); // the first scroll also hydrates the page, which then floats the header
        await expect(page.getByTestId('site-header')).toHaveAttribute('data-floating', 'true');
        expect(await top(), `${viewport.width} px, ${citizen ?? 'anonymous'}`).toBe(before);
        await context.close();
      }
    }
  });

  test('nothing moves when Montserrat arrives: until then a fallback sized like it wraps the lines alike (issue 12)', async ({ browser, portal }) => {
    const layout = async (path: string, html: string, font: 'blocked' | 'loaded') => {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      // The same banner on the home both times (its choice is random, and the messages differ in length).
      await page.addInitScript(() => (Math.random = () => 0));
      // The very same page both times: other tests of this file count views, which may reorder 'Mais acessados' in between.
      await page.route(portal.url(path), (route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }));
      if (font === 'blocked') await page.route('**/*.woff2', (route) => route.abort());
      await page.goto(portal.url(path));
      // Measured once the page has hydrated and settled, both times: under load, a measurement taken while the
      // scripts still change the page would compare two moments, not two fonts.
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      const montserrat = await page.evaluate(() => [...document.fonts].some((f) => f.family.includes('Montserrat Variable') && f.status === 'loaded'));
      const tops = await page.locator('main h1, main h2, main h3, main p').evaluateAll((els) => els.slice(0, 15).map((e) => Math.round(e.getBoundingClientRect().top)));
      await context.close();
      return { montserrat, tops };
    };
    for (const path of ['', '/list', '/dados', '/impostos-e-tributos/emissao-do-dae-do-ipva']) {
      const html = await (await fetch(portal.url(path))).text();
      const [before, after] = [await layout(path, html, 'blocked'), await layout(path, html, 'loaded')];
      expect([before.montserrat, after.montserrat]).toEqual([false, true]);
      expect(before.tops, `${path || '/'}: where the text stands before and after the font`).toEqual(after.tops);
    }
  });

  test('a first visit paints with the fallback and takes Montserrat once the page has loaded; the next page has it from the start (issue 12)', async ({ browser, portal }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    /** When the page asked for Montserrat's Latin file, against when it finished loading (ms since the page began). */
    const timing = () =>
      page.evaluate(async () => {
        await document.fonts.ready;
        const font = performance.getEntriesByType('resource').find((e) => /montserrat-latin-wght/.test(e.name));
        const { loadEventStart } = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const inUse = document.fonts.check('700 16px "Montserrat Variable"') && [...document.fonts].some((f) => f.family.includes('Montserrat Variable') && f.status === 'loaded');
        return { asked: font?.startTime ?? null, loaded: loadEventStart, inUse, mark: localStorage.getItem('portal-montserrat') };
      });
    await page.goto(portal.url('/list'));
    await page.waitForLoadState('load');
    await expect.poll(async () => (await timing()).inUse).toBe(true);
    const first = await timing();
    // First visit: not before the page had loaded, so the stylesheet and the pictures had the link to themselves.
    expect(first.asked).not.toBeNull();
    expect(first.asked!).toBeGreaterThanOrEqual(first.loaded);
    expect(first.mark).toBe('1');
    // The next page: asked for in the head, long before the page finishes loading, and in use.
    await page.goto(portal.url('/dados'));
    await page.waitForLoadState('load');
    const next = await timing();
    expect(next.asked).not.toBeNull();
    expect(next.asked!).toBeLessThan(next.loaded);
    expect(next.inUse).toBe(true);
    await context.close();
    // Without scripts the stylesheet in <noscript> declares the faces, and the page uses Montserrat as ever.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const noScripts = await plain.newPage();
    // (asked for when the page is laid out, which may come after its load event)
    const asked = noScripts.waitForRequest((request) => /montserrat-latin-wght/.test(request.url()), { timeout: 10_000 });
    await noScripts.goto(portal.url('/list'));
    await asked;
    await plain.close();
  });

  test.describe(() => {
    test.use({ viewport: { width: 375, height: 800 } });

    test('on a phone the list filters come before the results, folded, and say which are on (issue 12)', async ({ page, portal }) => {
      await page.goto(portal.url('/list/transito-e-veiculos/cnh'));
      const fold = page.locator('summary', { hasText: 'Filtrar a lista' });
      await expect(fold).toBeVisible();
      await expect(fold).toContainText('“cnh” · Trânsito e Veículos');
      const keyword = page.getByRole('searchbox', { name: 'Palavra-chave' });
      await expect(keyword).toBeHidden();
      // Above the first result, where a thumb finds it.
      const foldTop = (await fold.boundingBox())!.y;
      const firstResult = (await page.locator('main ol > li').first().boundingBox())!.y;
      expect(foldTop).toBeLessThan(firstResult);
      await fold.click();
      await expect(keyword).toBeVisible();
      await expect(keyword).toHaveValue('cnh');
      // Turned sideways to a wide screen, the filters are simply there.
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(fold).toBeHidden();
      await fold.evaluate((summary) => ((summary.parentElement as HTMLDetailsElement).open = false));
      await page.setViewportSize({ width: 375, height: 800 });
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(keyword).toBeVisible();
    });
  });

  test.describe(() => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test('the units card keeps its icons at text size', async ({ page, portal }) => {
      await page.goto(portal.url('/transito-e-veiculos/renovacao-da-cnh'));
      const icons = page.locator('[data-testid="units"] li p svg');
      await expect(icons.first()).toBeVisible();
      const sizes = await icons.evaluateAll((svgs) => svgs.map((i) => i.getBoundingClientRect().width));
      expect(sizes.length).toBeGreaterThan(0);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(20);
    });
  });
});

// Issue 24: a citizen's header on a phone took three rows (the name under the bell and the balance) and, with the
// search and the menu, 390 of 812 px before the page began. Now one row beside the brand, the balance in the menu.
for (const width of [375, 320]) {
  test.describe(`a citizen's header on a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, citizen: 'maria.silva' });
    test('is one row with the brand, leaves the page most of the screen, and keeps the balance a tap away', async ({ loggedIn: page }) => {
      const header = page.getByTestId('site-header');
      const row = async (locator: Locator) => {
        const box = (await locator.boundingBox())!;
        return box.y + box.height / 2;
      };
      const brand = await row(header.getByRole('link', { name: /Portal de Serviços/ }));
      const bell = await row(page.getByTestId('notifications-bell'));
      const menu = page.getByRole('button', { name: 'Menu de Maria Silva' });
      expect(Math.abs(bell - brand)).toBeLessThan(12);
      expect(Math.abs((await row(menu)) - brand)).toBeLessThan(12);
      expect((await page.locator('main').boundingBox())!.y).toBeLessThan(280);
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      // Every item of the menu bar reachable (scrolled sideways where the screen is narrow).
      for (const name of ['Cidadão', 'Servidor', 'Empresa', 'Órgãos', 'Dados abertos']) await expect(page.getByRole('navigation', { name: 'Públicos' }).getByRole('link', { name })).toBeAttached();
      await menu.tap();
      await page.getByRole('menuitem', { name: /Nota Piauiense: saldo R\$\s?137,45/ }).tap();
      await page.waitForURL('**/app/app-nota-piauiense');
    });
  });
}
