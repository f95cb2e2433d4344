import type { Page } from '@playwright/test';
import { axe, hydrated } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';

// Search that understands what citizens mean (issue 13): suggestions as one types, in an accessible
// combobox that stays a plain form without JavaScript; 'Você quis dizer'; texts with nothing to search;
// a page with no results that helps.

const path = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

test.describe('search', () => {
  test('the header search suggests services as one types, chosen with the keyboard alone', async ({ page, portal }) => {
    await page.goto(portal.url('/list'));
    await hydrated(page);
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Serviços' });
    await box.focus();
    await page.keyboard.type('ipv');
    const list = page.getByRole('listbox', { name: 'Serviços sugeridos' });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(list.getByRole('option').first()).toContainText('IPVA – emissão do DAE');
    await expect(page.getByText(/serviços? sugeridos?: use as setas/)).toBeAttached();
    expect(await axe(page, 'suggestions open')).toEqual([]);
    // Escape closes the list and keeps the text.
    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    await expect(box).toHaveValue('ipv');
    // ↓ opens it on the first option, which the text box points at; Enter opens that service.
    await page.keyboard.press('ArrowDown');
    const first = list.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/impostos-e-tributos/emissao-do-dae-do-ipva');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('IPVA');
  });

  test('Enter without choosing a suggestion searches the text, and the first result is the service it names', async ({ page, portal }) => {
    await page.goto(portal.url('/list'));
    await hydrated(page);
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Serviços' });
    await box.fill('ipva');
    await expect(page.getByRole('listbox', { name: 'Serviços sugeridos' })).toBeVisible();
    await box.press('Enter');
    await page.waitForURL('**/search/ipva');
    await expect(page.locator('main ol > li h3').first()).toHaveText('IPVA – emissão do DAE (guia de pagamento)');
    // The results page keeps the term in the header's box.
    await expect(box).toHaveValue('ipva');
  });

  test('without JavaScript the header search is a plain form that searches', async ({ browser, portal }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto(portal.url('/list'));
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await expect(page.getByRole('listbox')).toHaveCount(0);
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Serviços' });
    await box.fill('ipva');
    await box.press('Enter');
    await page.waitForURL('**/search/ipva');
    await expect(page.locator('main ol > li h3').first()).toHaveText('IPVA – emissão do DAE (guia de pagamento)');
    // The page the server sends keeps the words in the header's box (issue 12), as does a shared link to it.
    await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Serviços' })).toHaveValue('ipva');
    await page.goto(portal.url('/search/segunda%20via'));
    await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Serviços' })).toHaveValue('segunda via');
    await context.close();
  });

  test("a typo or a word without accents: 'Você quis dizer', with a link that searches the corrected words", async ({ page, portal }) => {
    await page.goto(portal.url('/search/identiadde'));
    await hydrated(page);
    const offer = page.getByText(/^Você quis dizer/);
    await expect(offer).toHaveText('Você quis dizer identidade?');
    await expect(offer.locator('strong')).toHaveText('identidade');
    // The results are those of the corrected word already.
    await expect(page.locator('main ol > li h3').first()).toContainText('Carteira de Identidade');
    await offer.getByRole('link').click();
    await page.waitForURL('**/search/identidade');
    await expect(page.getByText(/^Você quis dizer/)).toHaveCount(0);

    await page.goto(portal.url('/search/renovacao habilitacao'));
    await expect(page.getByText(/^Você quis dizer/)).toHaveText('Você quis dizer renovação habilitação?');
  });

  test('a text with no letter or digit says so instead of listing the whole catalog', async ({ page, portal }) => {
    for (const text of ['😀', '?', '%']) {
      await page.goto(portal.url(`/search/${encodeURIComponent(text)}`));
      await expect(page.getByRole('heading', { level: 2, name: 'Nenhum serviço encontrado' })).toBeVisible();
      await expect(page.getByText(`A busca “${text}” não tem letras nem números.`, { exact: false })).toBeVisible();
      await expect(page.locator('main ol > li')).toHaveCount(0);
    }
  });

  test('a search with no results offers other words, the most accessed services, the categories and Simplifique', async ({ page, portal }) => {
    await page.goto(portal.url('/search/xkcdqwz'));
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Nenhum serviço encontrado' })).toBeVisible();
    await expect(page.getByText(/Confira se as palavras estão escritas corretamente/)).toBeVisible();
    const most = page.getByRole('region', { name: 'Serviços mais acessados' });
    await expect(most.getByRole('link')).not.toHaveCount(0);
    const categories = page.getByRole('region', { name: 'Procure por categoria' });
    await categories.getByRole('link', { name: 'Saúde' }).click();
    await page.waitForURL('**/list/saude');
    expect(path(page)).toMatch(/\/list\/saude$/);
    await page.goBack();
    const simplifique = page.getByRole('link', { name: 'Conte ao governo pelo Simplifique' });
    await expect(simplifique).toHaveAttribute('href', '/app/app-simplifique');
    // A most accessed service opens its page.
    const service = most.getByRole('link').first();
    const title = await service.innerText();
    await service.click();
    await page.waitForURL((url) => !url.pathname.includes('/search/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });
});
