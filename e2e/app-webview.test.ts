import { axe, hydrated, PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { appAccessToken } from './support/personal.ts';

// Issue 14: the state's app opens four portal pages in a WebView with its own access token, as a Bearer
// header on the first load and as the `kcToken` cookie (the token in base64) that its script sets. The
// citizen sees their page without logging in again.
test.describe("the app's WebView pages", () => {
  test('open with the app\'s Bearer header: Meus veículos, Perfil do servidor, Minha CNH, Solicitações, on a phone', async ({ browser, loginPortal: portal }) => {
    const token = await appAccessToken(portal.origin, 'maria.silva');
    const device = await browser.newContext({ ...PHONE, extraHTTPHeaders: { authorization: `Bearer ${token}`, xviaNoHeader: 'true' } });
    const page = await device.newPage();
    const problems: string[] = [];

    await page.goto(`${portal.origin}/app/app-meus-veiculos`);
    await expect(page.locator('h1')).toHaveText('Meus veículos');
    await expect(page.getByRole('row', { name: /PIA1B23/ })).toHaveText(/FIAT\/ARGO DRIVE 1\.0[\s\S]*1 multa[\s\S]*Sem pendências/);
    // axe reads the page as its scripts leave it; a11y.test.ts says why.
    await hydrated(page);
    problems.push(...(await axe(page, '/app/app-meus-veiculos')));

    await page.goto(`${portal.origin}/app/app-perfil-servidor`);
    await expect(page.locator('h1')).toHaveText('Perfil do servidor');
    await expect(page.locator('dd').first()).toHaveText('Maria da Conceição Silva');
    await expect(page.getByText('Nenhum contracheque disponível.')).toBeVisible();
    await hydrated(page);
    problems.push(...(await axe(page, '/app/app-perfil-servidor')));

    await page.goto(`${portal.origin}/app/app-minha-cnh`);
    await expect(page.locator('h1')).toHaveText('Minha CNH');
    await page.goto(`${portal.origin}/app/acompanhar-minhas-solicitacoes`);
    await expect(page.locator('h1')).toHaveText('Acompanhar minhas solicitações');
    expect(problems).toEqual([]);
    await device.close();
  });

  test('open with the kcToken cookie alone; a forged token or another page asks for the login', async ({ browser, loginPortal: portal }) => {
    const token = await appAccessToken(portal.origin, 'joao.souza');
    const host = new URL(portal.origin).hostname;
    const device = await browser.newContext(PHONE);
    await device.addCookies([{ name: 'kcToken', value: Buffer.from(token).toString('base64'), domain: host, path: '/' }]);
    const page = await device.newPage();
    await page.goto(`${portal.origin}/app/app-perfil-servidor`);
    await expect(page.locator('h1')).toHaveText('Perfil do servidor');
    await expect(page.getByTestId('payslip')).toHaveCount(6);
    // The token opens only the app's pages: elsewhere the portal still asks for its own login.
    await page.goto(`${portal.origin}/app/app-documentos`);
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso Cidadão' })).toBeVisible();

    const forged = await browser.newContext(PHONE);
    await forged.addCookies([{ name: 'kcToken', value: Buffer.from(`${token.slice(0, -4)}AAAA`).toString('base64'), domain: host, path: '/' }]);
    const other = await forged.newPage();
    await other.goto(`${portal.origin}/app/app-meus-veiculos`);
    await expect(other.getByRole('heading', { level: 1, name: 'Acesso Cidadão' })).toBeVisible();
    await device.close();
    await forged.close();
  });
});
