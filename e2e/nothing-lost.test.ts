import { expect, test } from './support/fixtures.ts';
import { hydration, PEOPLE, searchBox, slowNetwork, touch, typeAsAPerson } from './support/person.ts';

// Issue 24: nothing a person does is lost. The pages hydrate on the first interaction (decision 025); whatever
// someone types, pastes or presses before the scripts come keeps its effect. Each test acts as a person does:
// it types and taps as soon as the field is visible, never waiting for the page's scripts, on a desktop and on
// a phone, on a fast and on a slow network; only then does it check what the page kept.
for (const person of PEOPLE) {
  test.describe(person.name, () => {
    test.use(person.device);
    test.beforeEach(async ({ page }) => {
      if (person.slow) await slowNetwork(page);
    });

    test('the home search keeps every character typed, suggests, and searches what was typed', async ({ page, portal }) => {
      await page.goto(portal.url());
      const box = searchBox(page, 'Qual serviço você procura?');
      await touch(person, box);
      await typeAsAPerson(page, person, 'renovar cnh');
      await expect(hydration(page)).toBeAttached({ timeout: 30_000 });
      await expect(box).toHaveValue('renovar cnh');
      // What was typed before the scripts takes effect once they come: the suggestions appear.
      await expect(page.getByRole('option').first()).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('option', { name: /Renovação da CNH/ })).toBeVisible();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/search\/renovar%20cnh$/, { timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1 })).toContainText('renovar cnh');
    });

    test('the department and open-data filters keep what was typed and filter with it', async ({ page, portal }) => {
      await page.goto(portal.url('/orgao'));
      const filter = page.getByRole('searchbox', { name: 'Filtrar' });
      await touch(person, filter);
      await typeAsAPerson(page, person, 'sefaz');
      await expect(hydration(page)).toBeAttached({ timeout: 30_000 });
      await expect(filter).toHaveValue('sefaz');
      await expect(page.locator('main ul li h2')).toHaveText(['SEFAZ']);

      await page.goto(portal.url('/dados'));
      const groups = page.getByRole('searchbox', { name: 'Filtrar' });
      await touch(person, groups);
      await typeAsAPerson(page, person, 'despesas');
      await expect(hydration(page)).toBeAttached({ timeout: 30_000 });
      await expect(groups).toHaveValue('despesas');
      await expect(page.locator('main details h3')).toHaveText(['DESPESAS']);
    });
  });
}

test.describe('text that arrives without key presses', () => {
  for (const person of PEOPLE.filter((p) => p.device.hasTouch)) {
    test(`pasted into the home search, then Enter when the page is ready, searches it (${person.name})`, async ({ browser, portal }) => {
      const context = await browser.newContext(person.device);
      const page = await context.newPage();
      if (person.slow) await slowNetwork(page);
      await page.goto(portal.url());
      const box = searchBox(page, 'Qual serviço você procura?');
      await touch(person, box);
      // A paste (or dictation, or autofill) puts the whole text in at once, with no key.
      await page.keyboard.insertText('segunda via do rg');
      // The person reads it over while the page's scripts arrive, then sends it.
      await expect(hydration(page)).toBeAttached({ timeout: 30_000 });
      await expect(box).toHaveValue('segunda via do rg');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/search\/segunda%20via%20do%20rg$/, { timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1 })).toContainText('segunda via do rg');
      await context.close();
    });
  }
});

test.describe('the first shortcut and the first tap', () => {
  for (const [key, where] of [
    ['1', 'main'],
    ['2', 'nav#menu, #menu'],
    ['4', '#rodape'],
  ] as const) {
    test(`the first Alt+${key} on a fresh page goes where it says`, async ({ page, portal }) => {
      await page.goto(portal.url('/transito-e-veiculos/renovacao-da-cnh'));
      await page.locator('h1').waitFor();
      await page.keyboard.press(`Alt+${key}`);
      await expect(page.locator(where).first()).toBeFocused();
    });
  }

  test('the first Alt+3 puts the cursor in the search box, and typing goes there', async ({ page, portal }) => {
    await page.goto(portal.url('/orgao'));
    await page.locator('h1').waitFor();
    await page.keyboard.press('Alt+3');
    const box = searchBox(page, 'Serviços');
    await expect(box).toBeFocused();
    await page.keyboard.type('ipva', { delay: 120 });
    await expect(box).toHaveValue('ipva');
  });

  for (const person of PEOPLE.slice(0, 2)) {
    test(`an empty search does nothing, with Enter or 'Buscar' (${person.name})`, async ({ browser, portal }) => {
      const context = await browser.newContext(person.device);
      const page = await context.newPage();
      await page.goto(portal.url());
      const box = searchBox(page, 'Qual serviço você procura?');
      await touch(person, box);
      await page.keyboard.press('Enter');
      await touch(person, page.getByRole('search', { name: 'Qual serviço você procura?' }).getByRole('button', { name: 'Buscar' }));
      await page.waitForTimeout(1500);
      expect(new URL(page.url()).pathname).toBe('/app/catalog');
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await page.keyboard.press('Enter');
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/app/catalog');
      await context.close();
    });
  }

  test('without scripts, the browser itself refuses an empty search', async ({ browser, portal }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(portal.url());
    await searchBox(page, 'Qual serviço você procura?').click();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe('/app/catalog');
    await searchBox(page, 'Qual serviço você procura?').fill('ipva');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\/ipva$/);
    await context.close();
  });
});
