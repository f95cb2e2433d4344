import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@portal/db';
import { axe } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { PEOPLE, slowNetwork, touch, typeAsAPerson } from './support/person.ts';

// Issue 24: the login page ('Acesso Cidadão', /auth/…) had the system's font and a header of its own: it looked like
// another site, which teaches citizens to type their password into look-alikes. It now has the portal's typeface, its
// header's colours and its brand, under its own strict Content-Security-Policy (nothing but the portal's own files).

/** The typeface the browser really draws `target` with (not what the stylesheet asks for): Chrome's own answer. */
async function drawnFont(page: Page, target: Locator) {
  await target.waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const marker = `drawn-${Math.random().toString(36).slice(2)}`;
  await target.evaluate((el, m) => el.setAttribute('data-drawn', m), marker);
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `[data-drawn="${marker}"]` });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  // A web font is named as its file names itself (Montserrat's variable file: 'Montserrat Thin', its first instance).
  return fonts.map((f) => `${f.familyName}${f.isCustomFont ? ' (web font)' : ''}`);
}

/** Montserrat, from a file the page loaded (the system has no Montserrat: its sans-serif is Liberation Sans or DejaVu). */
const MONTSERRAT = [expect.stringMatching(/^Montserrat\b.* \(web font\)$/)];

/** The colours of the portal's header as the page paints them: the top strip, the header, the brand's name. */
const headerColours = (page: Page) =>
  page.evaluate(() => {
    const colour = (selector: string, property: 'backgroundColor' | 'color') => {
      const el = document.querySelector(selector);
      return el ? getComputedStyle(el)[property] : null;
    };
    const brand = [...document.querySelectorAll('header a')].find((a) => a.textContent?.includes('Portal de Serviços'));
    return {
      strip: colour('[aria-label="Sites do governo"]', 'backgroundColor'),
      header: colour('header', 'backgroundColor'),
      brand: brand ? getComputedStyle(brand.querySelector('strong') ?? brand).color : null,
      mark: brand?.querySelector('svg') ? 'svg' : null,
    };
  });

for (const person of PEOPLE) {
  test.describe(`the login page looks like the portal, ${person.name}`, () => {
    test.use(person.device);

    test("'Acesso Cidadão' has the portal's typeface, header and brand, and logs in", async ({ page, loginPortal: portal }) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
      });
      if (person.slow) await slowNetwork(page);
      await page.goto(portal.url());
      const portalLook = await headerColours(page);
      await touch(person, page.getByRole('link', { name: 'ACESSO CIDADÃO' }));
      const heading = page.getByRole('heading', { level: 1, name: 'Acesso Cidadão' });
      await expect(heading).toBeVisible({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toMatch(/^\/auth\//);

      // The portal's typeface, drawn from the portal's own file (not the system's sans-serif).
      await expect.poll(() => drawnFont(page, heading), { timeout: 30_000 }).toEqual(MONTSERRAT);
      expect(await drawnFont(page, page.locator('label[for="username"]'))).toEqual(MONTSERRAT);
      // The portal's header: the same strip, the same white header, the same brand in the same blue, with its mark.
      expect(await headerColours(page)).toEqual(portalLook);
      await expect(page.getByRole('banner').getByRole('link', { name: /Portal de Serviços/ })).toHaveAttribute('href', '/app/catalog');
      const problems = await axe(page, 'the login page');
      expect(problems, problems.join('\n')).toEqual([]);

      await touch(person, page.getByLabel('Usuário'));
      await typeAsAPerson(page, person, 'maria.silva');
      await touch(person, page.getByLabel('Senha'));
      await typeAsAPerson(page, person, DEMO_PASSWORD);
      await touch(person, page.getByRole('button', { name: 'Entrar' }));
      await expect(page.getByTestId('account-name')).toHaveText('Maria Silva', { timeout: 30_000 });
      expect(refused).toEqual([]);
    });
  });
}
