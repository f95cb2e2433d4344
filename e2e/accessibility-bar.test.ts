import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { axe, hydrated } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { PEOPLE, searchBox, slowNetwork, touch } from './support/person.ts';
import { startPortal } from './support/portal.ts';

// Issue 12: the eMAG accessibility bar Brazilian government sites carry: shortcuts to the page's regions
// (Alt+1 … Alt+4), high contrast and text size, kept between pages and visits.
test.describe('the accessibility bar (eMAG)', () => {
  test('Alt+1 … Alt+4 take the keyboard to the content, the menu, the search and the footer', async ({ page, portal }) => {
    await page.goto(portal.url('/list'));
    const bar = page.getByRole('navigation', { name: 'Acessibilidade' });
    await expect(bar.getByRole('link')).toHaveText([/Ir para o conteúdo/, /Ir para o menu/, /Ir para a busca/, /Ir para o rodapé/]);
    for (const [key, id] of [
      ['2', 'menu'],
      ['4', 'rodape'],
      ['1', 'conteudo'],
    ] as const) {
      await page.keyboard.press(`Alt+${key}`);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(id);
    }
    // Alt+3 puts the cursor in the search box itself, so typing goes there (issue 24), as does its link.
    await page.keyboard.press('Alt+3');
    await expect(page.locator(':focus')).toHaveAccessibleName('Serviços');
    await page.keyboard.press('Alt+1');
    await bar.getByRole('link', { name: /Ir para a busca/ }).click();
    await expect(page.locator(':focus')).toHaveAccessibleName('Serviços');
  });

  test('high contrast and a larger text stay on the next page and the next visit, with no axe violation', async ({ page, portal }) => {
    await page.goto(portal.url('/transito-e-veiculos/renovacao-da-cnh'));
    const contrast = page.getByRole('button', { name: 'Alto contraste' });
    await expect(contrast).toHaveAttribute('aria-pressed', 'false');
    await contrast.click();
    await expect(contrast).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-contraste', 'alto');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    await page.getByRole('button', { name: 'Aumentar o texto' }).click();
    await page.getByRole('button', { name: 'Aumentar o texto' }).click();
    await expect(page.locator('html')).toHaveCSS('font-size', '20px');
    const problems = await axe(page, 'service page, high contrast, larger text');

    // Another page, loaded afresh: the settings are applied before it is painted, scripts or not.
    await page.goto(portal.url('/list'));
    await expect(page.locator('html')).toHaveAttribute('data-contraste', 'alto');
    await expect(page.locator('html')).toHaveCSS('font-size', '20px');
    // axe reads the page as its scripts leave it (the search's combobox, the floating header); a11y.test.ts says why.
    await hydrated(page);
    problems.push(...(await axe(page, 'list, high contrast, larger text')));
    await page.goto(portal.url(''));
    await hydrated(page);
    problems.push(...(await axe(page, 'home, high contrast, larger text')));
    expect(problems, problems.join('\n')).toEqual([]);

    // Back to normal.
    await page.getByRole('button', { name: 'Texto no tamanho normal' }).click();
    await page.getByRole('button', { name: 'Alto contraste' }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-contraste', 'alto');
    await expect(page.locator('html')).toHaveCSS('font-size', '16px');
    await page.reload();
    await expect(page.locator('html')).not.toHaveAttribute('data-contraste', 'alto');
  });
});

// Issue 24: 'A+' stopped at 150 % (24 px), and at its largest the search box cut its question. WCAG 1.4.4 asks that
// text can be made 200 % larger with nothing lost: 'A+' goes there step by step, and the question ('Qual serviço
// você procura?') is read whole at every step, on a phone and on a desktop. The person taps 'A+' at once, without
// waiting for the page's scripts (its first tap is kept until they come, decision 025).
const TEXT_STEPS = ['18px', '20px', '24px', '28px', '32px'];

/** '' when the search box shows its question whole (as its placeholder, or as words drawn in its place), else what is wrong. */
function questionProblem(input: Locator) {
  return input.evaluate((el: HTMLInputElement) => {
    const question = el.placeholder;
    const box = el.getBoundingClientRect();
    if (!box.width) return 'the box is not shown';
    const placeholder = getComputedStyle(el, '::placeholder');
    if (!/^(transparent|rgba\(\d+, \d+, \d+, 0\))$/.test(placeholder.color)) {
      const style = getComputedStyle(el);
      const pen = document.createElement('canvas').getContext('2d')!;
      pen.font = `${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = pen.measureText(question).width;
      return needed <= room + 0.5 ? '' : `the placeholder needs ${Math.ceil(needed)} px and has ${Math.floor(room)} px`;
    }
    // The placeholder is not painted: words shown in its place say the question, inside the box, not cut.
    const words = [...(el.parentElement?.querySelectorAll<HTMLElement>('*') ?? [])].find((e) => e !== el && e.textContent?.trim() === question);
    if (!words || !words.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return 'the question is not shown';
    const rect = words.getBoundingClientRect();
    if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5 || rect.top < box.top - 0.5 || rect.bottom > box.bottom + 0.5) return 'the question goes past the box';
    if (words.scrollWidth > words.clientWidth + 1 || words.scrollHeight > words.clientHeight + 1) return 'the question is cut';
    // Wrapped between words, never inside one ('Qu|al ser|viço'): at most a line a word.
    const range = document.createRange();
    range.selectNodeContents(words);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    return lines <= question.split(' ').length ? '' : `the question is broken into ${lines} lines`;
  });
}

/** Words of the page's top (the bars, the header) that reach past the screen's sides: cut for the reader. */
const cutWords = (page: Page) =>
  page.evaluate(() => {
    const cut: string[] = [];
    for (const top of document.querySelectorAll('body > nav, [data-testid="site-header"]')) {
      const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement!;
        if (!node.textContent?.trim() || !element.checkVisibility({ visibilityProperty: true }) || element.closest('.visually-hidden')) continue;
        const clipped = (e: Element | null): boolean => !!e && e !== top && (e.getBoundingClientRect().width <= 1 || clipped(e.parentElement));
        if (clipped(element)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width && (rect.left < -0.5 || rect.right > window.innerWidth + 0.5)) cut.push(node.textContent.trim());
      }
    }
    return [...new Set(cut)];
  });

for (const person of PEOPLE) {
  test.describe(`text size up to 200 %, ${person.name}`, () => {
    test.use(person.device);

    test("'A+' goes step by step to twice the size, and the search box's question stays whole at each step", async ({ page, portal }) => {
      if (person.slow) await slowNetwork(page);
      await page.goto(portal.url());
      const html = page.locator('html');
      const larger = page.getByRole('button', { name: 'A+ (aumentar o texto)' });
      const boxes = [searchBox(page, 'Qual serviço você procura?'), searchBox(page, 'Serviços')];
      for (const [step, size] of TEXT_STEPS.entries()) {
        await touch(person, larger);
        await expect(html).toHaveAttribute('data-fonte', String(step + 1), { timeout: 30_000 });
        await expect(html).toHaveCSS('font-size', size);
        for (const box of boxes) expect(await questionProblem(box), `${size}: ${await box.evaluate((el) => el.closest('[role=search]')?.getAttribute('aria-label'))}`).toBe('');
        expect(await cutWords(page), size).toEqual([]);
      }
      await expect(larger).toBeDisabled();
      // The next page, and the next visit, keep the size; nothing is wider than the screen.
      await page.goto(portal.url('/list'));
      await expect(html).toHaveCSS('font-size', '32px');
      expect(await questionProblem(searchBox(page, 'Serviços'))).toBe('');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}

test.describe('VLibras, where the operator turns it on', () => {
  test('the widget starts under the pages’ security policy, from the address VLIBRAS_URL names', async ({ page }) => {
    // A local stand-in for https://vlibras.gov.br/app: the widget's script, which fills the button VLibras documents.
    const plugin = `window.VLibras = { Widget: function (root) {
      var place = document.querySelector('[vw-access-button]');
      place.innerHTML = '<button type="button">Traduzir para Libras</button>';
      place.dataset.root = root;
    } };`;
    const standIn = createServer((req, res) => {
      if (req.url !== '/app/vlibras-plugin.js') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(plugin);
    });
    standIn.listen(0, '127.0.0.1');
    await once(standIn, 'listening');
    const root = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/app`;
    const portal = await startPortal({ VLIBRAS_URL: root });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    try {
      await page.goto(portal.url('/transito-e-veiculos/renovacao-da-cnh'));
      await expect(page.getByRole('button', { name: 'Traduzir para Libras' })).toBeVisible();
      await expect(page.locator('[vw-access-button]')).toHaveAttribute('data-root', root);
      // Still there once React has taken over the page, and after moving to another page inside the app.
      await page.getByRole('link', { name: 'Início' }).first().click();
      await expect(page.getByRole('button', { name: 'Traduzir para Libras' })).toBeVisible();
      expect(refused).toEqual([]);
    } finally {
      await portal.close();
      standIn.close();
    }
  });
});
