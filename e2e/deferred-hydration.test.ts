import { sql } from 'drizzle-orm';
import type { Page, Request } from '@playwright/test';
import { PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';

// Decision 025: an anonymous page is whole as the server sends it, and loads the app's JavaScript on the first
// sign of a person (a move, a touch, a key, a scroll). Issue 12's budget: no JavaScript before that.
const appScripts = (page: Page) => {
  const requested: string[] = [];
  page.on('request', (request: Request) => {
    if (/\/assets\/.*\.js$/.test(new URL(request.url()).pathname)) requested.push(request.url());
  });
  return requested;
};
const policyErrors = (page: Page) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
};

test.describe('hydration on the first interaction', () => {
  test('an anonymous page loads no JavaScript until someone uses it, then hydrates under its security policy', async ({ page, portal }) => {
    const scripts = appScripts(page);
    const refused = policyErrors(page);
    // The first visit renders the page; the second is the shared copy, whose policy allows its scripts by hash.
    for (const visit of ['rendered', 'shared copy']) {
      scripts.length = 0;
      const response = await page.goto(portal.url('/transito-e-veiculos/renovacao-da-cnh'));
      expect(response?.headers()['x-cache'], visit).toBe(visit === 'rendered' ? 'miss' : 'hit');
      await page.waitForLoadState('networkidle');
      expect(scripts, visit).toEqual([]);
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /./);
      // Readable and usable as it is: the heading, the access button, the accessibility bar's controls.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renovação da CNH');
      await expect(page.getByRole('button', { name: 'Alto contraste' })).toBeVisible();

      await page.mouse.move(200, 300);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      expect(scripts.length, visit).toBeGreaterThan(0);
      expect(refused, visit).toEqual([]);
      await page.mouse.move(0, 0);
    }
  });

  test.describe('on a phone', () => {
    test.use(PHONE);
    test('the home, whose carousels scroll as they settle, waits for a person too', async ({ page, portal }) => {
      const scripts = appScripts(page);
      await page.goto(portal.url());
      await page.waitForLoadState('networkidle');
      expect(scripts).toEqual([]);
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /./);
      // A person's finger on the page.
      await page.touchscreen.tap(200, 600);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    });
  });

  test('a click that comes before the scripts is kept, and done once when they have come', async ({ page, portal }) => {
    // The app's scripts are held back until the click has been made.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(portal.url('/transito-e-veiculos/renovacao-da-cnh'));
    const contrast = page.getByRole('button', { name: 'Alto contraste' });
    await contrast.click();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    await expect(contrast).toHaveAttribute('aria-pressed', 'false');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    // Replayed once: pressed, not pressed and released again.
    await expect(contrast).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-contraste', 'alto');
  });

  test('a form sent before the scripts come is sent: the scripts arriving meanwhile do not cancel it', async ({ page, portal }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The page's answer is held too, until the scripts have come and run.
    let sent!: () => void;
    const posted = new Promise<void>((resolve) => (sent = resolve));
    await page.route(/renovacao-da-cnh$/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sent();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto(portal.url('/transito-e-veiculos/renovacao-da-cnh'));
    await page.getByRole('radio', { name: '3 estrelas' }).check();
    await page.getByRole('button', { name: 'Avaliar', exact: true }).click();
    await posted;
    release();
    await expect(page.getByRole('status').filter({ hasText: 'Avaliação registrada com sucesso!' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-leaving');
  });

  test.describe('logged in', () => {
    test.use({ citizen: 'maria.silva' });
    test('a citizen’s page waits for her too, and her first click on the menu opens it once the scripts come', async ({ loggedIn: page, loginPortal }) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(loginPortal.url('/transito-e-veiculos/renovacao-da-cnh'));
      await page.waitForLoadState('load');
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /./);
      // Her header is whole as the server drew it, and the button is there to press.
      await page.getByRole('button', { name: 'Menu de Maria Silva' }).click();
      await expect(page.getByRole('menu')).toHaveCount(0);
      release();
      await expect(page.getByRole('menu').getByText('Nível Prata')).toBeVisible();
    });
  });

  test.describe('text typed before the scripts come', () => {
    test.use({ citizen: 'ana.detran', lands: '/app/gestao' });
    test('is kept in a field the server drew with text, when the page hydrates (issue 24)', async ({ loggedIn: page, loginPortal }) => {
      const found = (await loginPortal.app.db.execute(sql`select id from services where slug = 'renovacao-da-cnh'`)) as unknown as { rows: { id: number }[] };
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${loginPortal.origin}/app/gestao/servicos/${found.rows[0]!.id}/editar`);
      const description = page.getByLabel('Descrição', { exact: true });
      const drawn = await description.inputValue();
      expect(drawn.length).toBeGreaterThan(20);
      await description.click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type(' Atendimento também aos sábados.', { delay: 20 });
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
      release();
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(description).toHaveValue(`${drawn} Atendimento também aos sábados.`);
      // and its preview, which follows the text once the scripts run, starts from what was typed
      await expect(page.getByRole('region', { name: 'Prévia: Descrição' })).toContainText('Atendimento também aos sábados.');
    });
  });

  test.describe('a pay slip pressed before the scripts come', () => {
    test.use({ citizen: 'joao.souza' });
    const slip = (page: Page) => page.getByTestId('payslips-widget').getByTestId('payslip-download').first();

    test('waits for them, shows busy, and downloads once', async ({ loggedIn: page, loginPortal }) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      let asked = 0;
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/app/minha-area/contracheques/*', async (route) => {
        asked += 1;
        await answered;
        await route.continue();
      });
      await page.goto(loginPortal.url('/'));
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /./);
      const download = page.waitForEvent('download');
      await slip(page).click();
      expect(asked).toBe(0);
      release();
      await expect(slip(page)).toBeDisabled();
      answer();
      expect((await download).suggestedFilename()).toMatch(/^contracheque-\d{2}-\d{4}-SEAD\.pdf$/);
      await expect(slip(page)).toBeEnabled();
      expect(asked).toBe(1);
      await expect(page.locator('html')).not.toHaveAttribute('data-leaving');
    });

    test('should they not come, the browser downloads it, as without scripts', async ({ loggedIn: page, loginPortal }) => {
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto(loginPortal.url('/'));
      const download = page.waitForEvent('download');
      await slip(page).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.pdf$/);
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    });
  });

  test('without scripts the accessibility controls, which need one, are not shown', async ({ browser, portal }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(portal.url('/transito-e-veiculos/renovacao-da-cnh'));
    await expect(page.getByRole('link', { name: /Ir para o conteúdo/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Alto contraste' })).toBeHidden();
    await context.close();
  });
});
