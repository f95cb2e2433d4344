import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@portal/db';
import { parseDelimited } from '../apps/web/app/features/open-data/endpoints.ts';
import { PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';

// Issue 12: each journey of the spec with the keyboard alone (Tab, Shift+Tab, Enter, Space, Escape, arrows and
// typing; no click, no focus() on the target), as a citizen without a mouse does it. After every key that moves
// focus, focus must be somewhere a sighted keyboard user sees it: on an element (not lost to the page), with a
// ring (an outline or a box-shadow, on it or on the card around it), on screen and never under the floating header.

interface Focused {
  name: string;
  lost: boolean;
  ring: boolean;
  onScreen: boolean;
  /** why the element is under the floating header, or null */
  covered: string | null;
}

/** Where focus is, once the smooth scroll to it and the header's slide have settled. */
function focusNow(page: Page): Promise<Focused> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const position = () => `${scrollX},${scrollY},${document.activeElement?.getBoundingClientRect().top}`;
    // Focus scrolls the page smoothly (scroll-behavior: smooth): wait until nothing has moved for three frames.
    for (let last = '', still = 0, i = 0; still < 3 && i < 200; i++) {
      await frame();
      const now = position();
      still = now === last ? still + 1 : 0;
      last = now;
    }
    const header = document.querySelector<HTMLElement>('[data-testid="site-header"]');
    await Promise.all(header?.getAnimations().map((a) => a.finished) ?? []);
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return { name: '(page)', lost: true, ring: false, onScreen: false, covered: null };
    const byId = el.getAttribute('aria-labelledby');
    const name = (
      byId
        ? byId
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : (el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '')
    )
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 60);
    const outline = (e: Element) => {
      const s = getComputedStyle(e);
      return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    };
    // Its own outline or ring, or the outline of the card it stands for (a card shows focus-within).
    let ring = outline(el) || getComputedStyle(el).boxShadow !== 'none';
    for (let up = el.parentElement, i = 0; !ring && up && i < 3; up = up.parentElement, i++) ring = outline(up);
    const box = el.getBoundingClientRect();
    const onScreen = box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
    let covered: string | null = null;
    if (header?.dataset.floating === 'true' && !header.contains(el)) {
      const bottom = header.getBoundingClientRect().bottom;
      if (box.top < bottom - 0.5) covered = `its top at ${Math.round(box.top)} px, the header's bottom at ${Math.round(bottom)} px`;
    }
    return { name: `${el.tagName.toLowerCase()} “${name}”`, lost: false, ring, onScreen, covered };
  });
}

/** Focus is on an element, visibly, on screen and not under the floating header. */
async function expectFocusShown(page: Page, trail: string[] = []) {
  const focused = await focusNow(page);
  trail.push(focused.name);
  const where = trail.slice(-6).join(' → ');
  expect(focused.lost, `focus lost to the page: ${where}`).toBe(false);
  expect(focused.ring, `no visible focus ring on ${focused.name}: ${where}`).toBe(true);
  expect(focused.onScreen, `${focused.name} has focus off screen: ${where}`).toBe(true);
  expect(focused.covered, `${focused.name} has focus under the floating header: ${where}`).toBeNull();
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, at most `max` times, checking after every
 * press that focus is shown (expectFocusShown). A journey names its targets by role and accessible name.
 */
async function tabTo(page: Page, target: Locator, { max = 40, back = false }: { max?: number; back?: boolean } = {}) {
  const key = back ? 'Shift+Tab' : 'Tab';
  const trail: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    await expectFocusShown(page, trail);
    if (await target.evaluateAll((els) => els.some((el) => el === document.activeElement))) return;
  }
  throw new Error(`${max} × ${key} never reached ${target}:\n  ${trail.join('\n  ')}`);
}

/** Presses `key` and waits for the download it starts. */
async function downloadWith(page: Page, key: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press(key)]);
  return download;
}

const snackbar = (page: Page) => page.getByRole('region', { name: 'Avisos' });

test.describe('keyboard journeys', () => {
  test('search and open a service: a suggestion chosen with the arrows, then the results page', async ({ page, portal }) => {
    await page.goto(portal.url());
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Serviços' });
    await tabTo(page, box);
    await page.keyboard.type('ipv');
    const list = page.getByRole('listbox', { name: 'Serviços sugeridos' });
    await expect(list.getByRole('option').first()).toContainText('IPVA – emissão do DAE');
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/impostos-e-tributos/emissao-do-dae-do-ipva');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('IPVA');

    // Enter without a suggestion searches the words; a result opens with Enter.
    await page.goto(portal.url());
    await tabTo(page, box);
    await page.keyboard.type('carteira de identidade');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search/carteira%20de%20identidade');
    // The box keeps the words and the focus, to search again.
    await expect(box).toHaveValue('carteira de identidade');
    await expect(box).toBeFocused();
    await tabTo(page, page.getByRole('banner').getByRole('button', { name: 'Buscar' }), { max: 1 });
    const result = page.getByRole('main').getByRole('link', { name: /Carteira de Identidade/ }).first();
    await expect(result).toBeVisible();
    const title = (await result.innerText()).trim();
    // Past the list's filters, which come first.
    await tabTo(page, result, { max: 100 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveURL(/\/documentos-e-identificacao\//);
    // The link is gone with the old page: focus goes to the new page's content, where Tab carries on.
    await expect(page.locator('main#conteudo')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('conteudo')!.contains(document.activeElement))).toBe(true);
  });

  test('filter a list: a keyword, then a category found with the category filter, then the category cleared', async ({ page, portal }) => {
    await page.goto(portal.url('/list'));
    await tabTo(page, page.getByRole('searchbox', { name: 'Palavra-chave' }));
    await page.keyboard.type('certidão');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\/certid%C3%A3o$/);
    await expect(page.locator('main ol > li h3').first()).toBeVisible();
    // Focus stays in the box: the next key is the keyword's clear button.
    await expect(page.getByRole('searchbox', { name: 'Palavra-chave' })).toBeFocused();
    await tabTo(page, page.getByRole('link', { name: 'Limpar palavra-chave' }), { max: 1 });

    await page.goto(portal.url('/list'));
    await tabTo(page, page.getByRole('searchbox', { name: 'Filtrar categorias' }));
    await page.keyboard.type('saú');
    const categories = page.getByRole('complementary', { name: 'Filtros da lista' }).getByRole('link');
    await expect(categories.filter({ hasText: 'Saúde' })).toHaveCount(1);
    await expect(categories.filter({ hasText: 'Educação' })).toHaveCount(0);
    const saude = page.getByRole('link', { name: 'Saúde', exact: true });
    await tabTo(page, saude, { max: 3 });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/list/saude');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Saúde');
    // Focus stays on the category, now the current one, in the whole list again; its chip, above, clears it.
    await expect(saude).toHaveAttribute('aria-current', 'page');
    await expect(saude).toBeFocused();
    const remove = page.getByRole('link', { name: 'Remover a categoria Saúde' });
    await tabTo(page, remove, { back: true, max: 15 });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/list$/);
    await expect(remove).toHaveCount(0);
  });

  test.describe(() => {
    test.use(PHONE);

    test('filter a list on a phone: the folded filters, before the results, open with Enter', async ({ page, portal }) => {
      await page.goto(portal.url('/list'));
      const fold = page.locator('main details', { has: page.locator('summary', { hasText: 'Filtrar a lista' }) });
      await expect(fold).not.toHaveAttribute('open');
      await tabTo(page, fold.locator('summary'));
      await page.keyboard.press('Enter');
      await expect(fold).toHaveAttribute('open', '');
      await tabTo(page, page.getByRole('searchbox', { name: 'Palavra-chave' }), { max: 1 });
      await page.keyboard.type('ipva');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/search/ipva');
      await expect(page.locator('main ol > li h3').first()).toHaveText('IPVA – emissão do DAE (guia de pagamento)');
    });
  });

  test('rate a service by keyboard: one Tab stop, arrows choose the star, Enter sends one vote, Space then Enter one too', async ({ page, portal }) => {
    await page.goto(portal.url('/educacao/historico-escolar'));
    const summary = page.getByTestId('rating-summary');
    const count = Number(/\((\d+) avalia/.exec(await summary.innerText())?.[1] ?? 0);
    const first = page.getByRole('radio', { name: '1 estrela', exact: true });
    await tabTo(page, first);
    // The arrows move the choice along the stars; Tab leaves the group for its button in one press.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    const four = page.getByRole('radio', { name: '4 estrelas' });
    await expect(four).toBeFocused();
    await expect(four).toBeChecked();
    await expectFocusShown(page);
    await page.keyboard.press('Enter');
    await expect(snackbar(page)).toContainText('Avaliação registrada com sucesso!');
    await expect(summary).toContainText(`(${count + 1} avaliações)`);
    await expect(four).toBeFocused();
    // Space then Enter on the star before it (it sent two votes when each star was a button): one vote, this browser's.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await expect(snackbar(page)).toContainText('Você já tinha avaliado este serviço');
    await expect(summary).toContainText(`(${count + 1} avaliações)`);
    await expect(summary).toContainText('Sua avaliação: 3 estrelas.');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Avaliar', exact: true })).toBeFocused();
  });

  test('log in through the provider’s login page and come back to the page', async ({ page, loginPortal: portal }) => {
    await page.goto(portal.url('/educacao/historico-escolar'));
    await tabTo(page, page.getByRole('link', { name: 'ACESSO CIDADÃO' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso Cidadão' })).toBeVisible();
    // The provider's page puts focus in its first field.
    await expect(page.getByLabel('Usuário')).toBeFocused();
    await expectFocusShown(page);
    await page.keyboard.type('maria.silva');
    await tabTo(page, page.getByLabel('Senha'), { max: 3 });
    await page.keyboard.type(DEMO_PASSWORD);
    await tabTo(page, page.getByRole('button', { name: 'Entrar' }), { max: 3 });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/educacao/historico-escolar');
    await expect(page.getByTestId('account-name')).toHaveText('Maria Silva');
    await tabTo(page, page.getByRole('button', { name: 'Menu de Maria Silva' }));
  });

  test.describe('maria.silva', () => {
    test.use({ citizen: 'maria.silva' });

    test('open the notifications, read one, back to the list, mark all read, Escape back to the bell', async ({ loggedIn: page }) => {
      const bell = page.getByTestId('notifications-bell');
      await tabTo(page, page.getByRole('button', { name: 'Notificações: 2 não lidas' }));
      await page.keyboard.press('Enter');
      const panel = page.getByTestId('notifications-panel');
      const message = panel.getByRole('button', { name: /Novos créditos da Nota Piauiense/ });
      await expect(message).toBeVisible();
      await tabTo(page, message, { max: 10 });
      await page.keyboard.press('Enter');
      // Reading it: the message in detail, focus on its title; the badge counts one fewer.
      const detail = panel.getByTestId('notification-detail');
      await expect(detail.getByRole('heading', { name: 'Novos créditos da Nota Piauiense' })).toBeFocused();
      await expectFocusShown(page);
      await expect(detail).toContainText(/Nota Piauiense/);
      await expect(page.getByTestId('notifications-count')).toHaveText('1');
      await tabTo(page, detail.getByRole('button', { name: 'Voltar' }), { back: true, max: 3 });
      await page.keyboard.press('Enter');
      await expect(message).toBeFocused();
      await expectFocusShown(page);

      // Mark all as read: the badge goes, and focus stays in the panel where the citizen sees it.
      const markAll = panel.getByRole('button', { name: 'Marcar todas como lidas' });
      await tabTo(page, markAll, { back: true, max: 10 });
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('notifications-count')).toHaveCount(0);
      await expect(markAll).toBeDisabled();
      await expect(panel.getByText('Não lida', { exact: true })).toHaveCount(0);
      await expectFocusShown(page);
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
      await expect(bell).toBeFocused();
      await expect(bell).toHaveAccessibleName('Notificações: nenhuma não lida');
      await expectFocusShown(page);
    });

    test('favourite a service with Space and unfavourite it with Enter; focus stays on the star', async ({ loggedIn: page, loginPortal: portal }) => {
      await page.goto(portal.url('/educacao/historico-escolar'));
      const star = page.getByTestId('service-main').getByTestId('favorite-star');
      await expect(star).toHaveAttribute('aria-pressed', 'false');
      await tabTo(page, star);
      await page.keyboard.press('Space');
      await expect(snackbar(page)).toContainText('Serviço favoritado com sucesso');
      await expect(star).toHaveAttribute('aria-pressed', 'true');
      await expect(star).toBeEnabled();
      await expect(star).toBeFocused();
      await expectFocusShown(page);
      await page.keyboard.press('Enter');
      await expect(snackbar(page)).toContainText('Serviço removido dos favoritos');
      await expect(star).toHaveAttribute('aria-pressed', 'false');
      await expect(star).toBeEnabled();
      await expect(star).toBeFocused();
      await expectFocusShown(page);
    });

    test('the balance dropdown opens with Enter, its links take Tab, Escape closes it back on the chip', async ({ loggedIn: page }) => {
      const chip = page.getByRole('button', { name: 'Nota Piauiense: saldo R$ 137,45' });
      await tabTo(page, chip);
      await page.keyboard.press('Enter');
      const dropdown = page.getByTestId('nota-piauiense-dropdown');
      await expect(dropdown).toContainText('Saldo disponível');
      await tabTo(page, dropdown.getByRole('link', { name: 'Acessar saldo' }), { max: 3 });
      await tabTo(page, dropdown.getByRole('link', { name: 'Resgatar saldo' }), { max: 2 });
      await page.keyboard.press('Escape');
      await expect(dropdown).toHaveCount(0);
      await expect(chip).toBeFocused();
      await expectFocusShown(page);
      // And opens again from there with Space.
      await page.keyboard.press('Space');
      await expect(dropdown).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dropdown).toHaveCount(0);
      await expect(chip).toBeFocused();
    });
  });

  test.describe('joao.souza', () => {
    test.use({ citizen: 'joao.souza' });

    test('download a pay slip with Enter: a real PDF, and focus stays on the button', async ({ loggedIn: page }) => {
      const button = page.getByTestId('payslip-download').first();
      const label = (await button.getAttribute('aria-label'))!;
      await tabTo(page, button);
      const download = await downloadWith(page, 'Enter');
      expect(download.suggestedFilename()).toMatch(/^contracheque-\d{2}-\d{4}-SEAD\.pdf$/);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(500);
      await expect(button).toHaveAccessibleName(label);
      await expect(button).toBeFocused();
      await expectFocusShown(page);
      // The next slip, with Space.
      await tabTo(page, page.getByTestId('payslip-download').nth(1), { max: 1 });
      expect((await downloadWith(page, 'Space')).suggestedFilename()).toMatch(/\.pdf$/);
    });
  });

  test('query open data and export it: an accordion, the form, the table, JSON and CSV files', async ({ page, portal }) => {
    await page.goto(portal.url('/dados'));
    const despesas = page.locator('details[data-group="despesa"]');
    await tabTo(page, despesas.locator('summary'));
    await page.keyboard.press('Enter');
    await expect(despesas).toHaveAttribute('open', '');
    await tabTo(page, despesas.getByRole('link', { name: 'Empenhos do período', exact: true }), { max: 10 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Empenhos do período' })).toBeVisible();

    const year = page.getByLabel('Exercício', { exact: true });
    await tabTo(page, year);
    // A closed select picks by typing.
    await page.keyboard.type('2025');
    await expect(year).toHaveValue('2025');
    await tabTo(page, page.getByLabel('Referência inicial', { exact: true }), { max: 1 });
    await page.keyboard.type('2025-01');
    await tabTo(page, page.getByLabel('Referência final', { exact: true }), { max: 1 });
    await page.keyboard.type('2025-03');
    await tabTo(page, page.getByRole('button', { name: 'Buscar Dados' }), { max: 1 });
    await page.keyboard.press('Enter');
    const table = page.getByTestId('result').locator('table');
    await expect(table.locator('tbody tr')).toHaveCount(20);
    await expect(page.getByRole('button', { name: 'Buscar Dados' })).toBeFocused();
    await expectFocusShown(page);
    expect(page.url()).toContain('exercicio=2025');

    const exports = page.getByRole('group', { name: /Exportar/ });
    await tabTo(page, exports.getByRole('button', { name: 'JSON' }), { max: 10 });
    const json = await downloadWith(page, 'Enter');
    expect(json.suggestedFilename()).toBe('export.json');
    expect(JSON.parse(await readFile(await json.path(), 'utf8'))).toHaveLength(20);
    await tabTo(page, exports.getByRole('button', { name: 'CSV' }), { max: 1 });
    const csv = await downloadWith(page, 'Enter');
    expect(csv.suggestedFilename()).toBe('export.csv');
    const [header, ...rows] = parseDelimited(await readFile(await csv.path(), 'utf8'));
    expect(header).toContain('empenho_codigo');
    expect(rows).toHaveLength(20);
  });

  for (const [name, options] of [
    ['desktop', {}],
    ['phone', PHONE],
  ] as const) {
    test.describe(() => {
      test.use(options);

      test(`a long page walked with Tab down to the footer and Shift+Tab back up, on a ${name}: focus never under the floating header`, async ({ page, portal }) => {
        await page.goto(portal.url('/documentos-e-identificacao/carteira-de-identidade-primeira-via'));
        const footer = page.getByRole('contentinfo');
        await tabTo(page, footer.getByRole('link').last(), { max: 150 });
        await expect(page.getByTestId('site-header')).toHaveAttribute('data-floating', 'true');
        await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Início' }), { back: true, max: 150 });
      });
    });
  }
});
