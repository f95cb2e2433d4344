import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { axe, hydrated } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { startPortal } from './support/portal.ts';

// Issue 12: the eMAG accessibility bar Brazilian government sites carry: shortcuts to the page's regions
// (Alt+1 … Alt+4), high contrast and text size, kept between pages and visits.
test.describe('the accessibility bar (eMAG)', () => {
  test('Alt+1 … Alt+4 take the keyboard to the content, the menu, the search and the footer', async ({ page, portal }) => {
    await page.goto(portal.url('/list'));
    await hydrated(page);
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
    await hydrated(page);
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
      await hydrated(page);
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
