import type { Page } from '@playwright/test';
import { axe, DESKTOP } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { searchBox } from './support/person.ts';
import { login } from './support/personal.ts';

// Search that understands what citizens mean (issue 13): suggestions as one types, in an accessible
// combobox that stays a plain form without JavaScript; 'Você quis dizer'; texts with nothing to search;
// a page with no results that helps.

const path = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

test.describe('search', () => {
  test('the header search suggests services as one types, chosen with the keyboard alone', async ({ page, portal }) => {
    await page.goto(portal.url('/list'));
    // Typed as soon as the box shows: it becomes the combobox as the page hydrates, keeping the keys.
    const box = searchBox(page, 'Serviços');
    await box.focus();
    await page.keyboard.type('ipv', { delay: 120 });
    const list = page.getByRole('listbox', { name: 'Serviços sugeridos' });
    await expect(list).toBeVisible();
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Serviços' })).toHaveValue('ipv');
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
    const box = searchBox(page, 'Serviços');
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
    await expect(page.getByRole('heading', { level: 2, name: 'Não encontramos um serviço do Governo do Piauí para “xkcdqwz”' })).toBeVisible();
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

// Search that knows what it does not know (issue 25): when no service of the state answers, the page says so
// plainly, says who does provide it (a best bet, kept by the central team) and lists look-alikes only as other things.
test.describe('no state service for what was asked', () => {
  test("'passaporte': the page says the state has no service for it, and that the Polícia Federal does", async ({ page, portal }) => {
    await page.goto(portal.url('/list'));
    // A person types as soon as the box is there, before the scripts have come.
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Serviços' }).or(page.getByRole('banner').getByRole('combobox', { name: 'Serviços' }));
    await box.fill('passaporte');
    await box.press('Enter');
    await page.waitForURL('**/search/passaporte');
    await expect(page.getByRole('heading', { level: 2, name: 'Não encontramos um serviço do Governo do Piauí para “passaporte”' })).toBeVisible();
    const card = page.getByRole('region', { name: 'Passaporte', exact: true });
    await expect(card).toContainText('Quem oferece: Polícia Federal');
    const link = card.getByRole('link', { name: /Ir para o site: Polícia Federal.*sai do Portal de Serviços do Piauí/ });
    await expect(link).toHaveAttribute('href', /^https:\/\/www\.gov\.br\/pf\//);
    // Nothing is listed as if it were the answer; look-alikes, if any, only under a heading that says they are other things.
    await expect(page.locator('main ol > li')).toHaveCount(0);
    const others = page.getByRole('region', { name: /com palavras parecidas, mas que tratam de outros assuntos/ });
    if (await others.count()) await expect(others).toContainText('Eles não são o que você buscou');
    await expect(page.getByText(/^Você quis dizer/)).toHaveCount(0);
    expect(await axe(page, 'no state service, best bet')).toEqual([]);
  });

  test('without JavaScript too, and a look-alike is said to be something else', async ({ browser, portal }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto(portal.url('/list'));
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Serviços' });
    await box.fill('título de eleitor');
    await box.press('Enter');
    await page.waitForURL(/\/search\//);
    await expect(page.getByRole('heading', { level: 2, name: 'Não encontramos um serviço do Governo do Piauí para “título de eleitor”' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Título de eleitor', exact: true })).toContainText('Justiça Eleitoral');
    // 'Título de terra' shares a word: it is listed, but as another thing.
    const others = page.getByRole('region', { name: /com palavras parecidas, mas que tratam de outros assuntos/ });
    await expect(others.getByRole('heading', { name: /Título de terra/ })).toBeVisible();
    await expect(page.locator('main ol > li')).toHaveCount(0);
    await context.close();
  });

  test('a service the words name still answers first, the card of who else provides beside it', async ({ page, portal }) => {
    await page.goto(portal.url('/search/cpf na nota'));
    await expect(page.locator('main ol > li h3').first()).toHaveText('Cadastro no programa Nota Piauiense');
    await expect(page.getByRole('heading', { level: 2, name: /serviços? encontrados?/ })).toBeVisible();
  });
});

test("the central team keeps the best bets: adds one, changes it, removes it, each in the audit log", async ({ browser, loginPortal: portal }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext(DESKTOP)).newPage();
  await login(admin, 'davi.central', `${portal.origin}/app/catalog`, `${portal.origin}/app/gestao`);
  await admin.goto(`${portal.origin}/app/gestao/catalogo`);
  const form = admin.getByRole('group', { name: 'Nova resposta direta' });
  await form.getByLabel('Palavras buscadas').fill('carteira de pescador, RGP');
  await form.getByLabel('Assunto').fill('Carteira de pescador');
  await form.getByLabel('Quem oferece').fill('Ministério da Pesca');
  await form.getByLabel('Orientação').fill('O Registro Geral da Pesca é feito pelo Ministério da Pesca.');
  await form.getByLabel('Endereço').fill('https://www.gov.br/mpa');
  await form.getByRole('button', { name: 'Criar resposta direta' }).click();
  await expect(admin.getByTestId('gestao-notice')).toHaveText('Resposta direta criada: a busca já a usa.');

  const saved = admin.getByRole('group', { name: 'Carteira de pescador (Ministério da Pesca)' });
  await expect(saved.getByLabel('Palavras buscadas')).toHaveValue('carteira de pescador, rgp');
  await saved.getByLabel('Quem oferece').fill('Ministério da Pesca e Aquicultura');
  await saved.getByRole('button', { name: /Salvar/ }).click();
  await expect(admin.getByTestId('gestao-notice')).toHaveText('Resposta direta alterada: a busca já a usa.');

  // A citizen searching for it is sent there.
  const citizen = await (await browser.newContext(DESKTOP)).newPage();
  await citizen.goto(`${portal.origin}/app/catalog/search/${encodeURIComponent('carteira de pescador')}`);
  await expect(citizen.getByRole('region', { name: 'Carteira de pescador', exact: true })).toContainText('Quem oferece: Ministério da Pesca e Aquicultura');

  await admin.getByRole('button', { name: 'Retirar a resposta direta “Carteira de pescador”' }).click();
  await expect(admin.getByTestId('gestao-notice')).toHaveText('Resposta direta retirada.');
  await expect(admin.getByRole('group', { name: /Carteira de pescador/ })).toHaveCount(0);

  await admin.goto(`${portal.origin}/app/gestao/auditoria`);
  for (const action of ['Resposta direta criada', 'Resposta direta alterada', 'Resposta direta retirada']) {
    await expect(admin.getByRole('row').filter({ hasText: action }).first()).toContainText('Davi Nogueira Costa');
  }
});
