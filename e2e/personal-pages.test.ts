import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axe, DESKTOP, hasChromium, hydrated, launchBrowser, PHONE, type AxeViolation } from './support/browser.ts';
import { login, startPortalWithLogin } from './support/personal.ts';
import type { Portal } from './support/portal.ts';

const report = (where: string, violations: AxeViolation[]) =>
  violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join('\n    ')}`);

describe.skipIf(!hasChromium)('portal pages outside the catalog', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    portal = await startPortalWithLogin();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });
  const at = (path: string) => `${portal.origin}${path}`;

  test('the privacy policy and terms of use (LGPD), for everyone', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const response = await page.goto(at('/app/politicas-de-privacidade-termo-de-uso'));
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe('Governo do Piauí - Política de Privacidade e Termos de Uso');
    await expect(page.locator('h1').innerText()).resolves.toBe('Política de Privacidade e Termos de Uso');
    const headings = await page.locator('main h2').allInnerTexts();
    for (const h of ['Quem trata os seus dados', 'Para que usamos os dados e com qual base legal', 'Por quanto tempo guardamos os dados', 'Com quem compartilhamos', 'Seus direitos (art. 18 da LGPD)', 'Como exercer os seus direitos', 'Encarregado pelo tratamento de dados', 'Termos de uso']) {
      expect(headings).toContain(h);
    }
    await expect(page.getByText('Governo do Estado do Piauí', { exact: true }).first().isVisible()).resolves.toBe(true);
    await expect(page.locator('#direitos ~ ol[type="I"] li, section[aria-labelledby="direitos"] ol li').count()).resolves.toBe(9);
    await expect(page.locator('section[aria-labelledby="encarregado"] a[href^="mailto:"]').count()).resolves.toBe(1);
    await context.close();
  });

  test('Simplifique: errors in a summary that takes focus, then a stored suggestion with its protocol', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(at('/app/app-simplifique'));
    await hydrated(page);
    await page.getByRole('button', { name: 'Enviar sugestão' }).click();
    const summary = page.getByTestId('error-summary');
    await summary.waitFor();
    await expect(summary.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(summary.getByRole('link').allInnerTexts()).resolves.toEqual(['Escolha o assunto da sugestão.', 'Escreva a sua sugestão.']);
    await summary.getByRole('link', { name: 'Escreva a sua sugestão.' }).click();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('simplifique-mensagem');
    await expect(page.getByLabel('Sua sugestão', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    // Axe on the form in error.
    expect(report('simplifique (erros)', await axe(page))).toEqual([]);

    await page.getByLabel('Simplificar um serviço existente').check();
    await page.getByLabel('Sua sugestão', { exact: true }).fill('Aceitar o laudo médico digital na renovação da CNH, sem ir ao posto.');
    await page.getByLabel('E-mail para resposta (opcional)').fill('ana@');
    await page.getByRole('button', { name: 'Enviar sugestão' }).click();
    // The summary of the previous attempt stays until the new answer replaces it: wait for that.
    await expect.poll(() => summary.getByRole('link').allInnerTexts(), { timeout: 10_000 }).toEqual(['Informe um e-mail válido, como nome@exemplo.com.br.']);
    await page.getByLabel('E-mail para resposta (opcional)').fill('ana@exemplo.com.br');
    await page.getByRole('button', { name: 'Enviar sugestão' }).click();
    const sent = page.getByTestId('simplifique-sent');
    await sent.waitFor();
    const protocol = /SIMP-\d{4}-\d{6}/.exec(await sent.innerText())![0];
    const rows = (await portal.test.app.db.execute(`select subject, message, email, user_sub from simplifique_suggestions where protocol = '${protocol}'`)) as unknown as { rows: Record<string, unknown>[] };
    expect(rows.rows[0]).toMatchObject({ subject: 'simplificar-servico', email: 'ana@exemplo.com.br', user_sub: null });
    await context.close();
  });

  test('Simplifique works without JavaScript', async () => {
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(at('/app/app-simplifique'));
    await page.getByRole('button', { name: 'Enviar sugestão' }).click();
    await page.getByTestId('error-summary').waitFor();
    await page.getByLabel('Outro assunto').check();
    await page.getByLabel('Sua sugestão', { exact: true }).fill('Um atalho para a segunda via de contas de água no portal.');
    await page.getByRole('button', { name: 'Enviar sugestão' }).click();
    await expect(page.getByTestId('simplifique-sent').innerText()).resolves.toMatch(/SIMP-\d{4}-\d{6}/);
    await context.close();
  });

  test('an unknown /app page is the portal’s 404', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const response = await page.goto(at('/app/pagina-que-nao-existe'));
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').innerText()).resolves.toBe('Página não encontrada');
    await context.close();
  });

  describe('logged in as maria.silva', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await browser.newContext(DESKTOP);
      page = await context.newPage();
      await login(page, 'maria.silva', portal.url());
    });
    afterAll(() => context?.close());

    test('Minha CNH, Nota Piauiense, Documentos, Meu perfil show her data', async () => {
      await page.goto(at('/app/app-minha-cnh'));
      await expect(page.getByTestId('cnh-status').innerText()).resolves.toBe('CNH próxima do vencimento');
      await expect(page.getByRole('cell', { name: 'PIA1B23' }).isVisible()).resolves.toBe(true);

      await page.goto(at('/app/app-nota-piauiense'));
      await expect(page.getByTestId('saldo-disponivel').innerText()).resolves.toBe('R$ 137,45');
      await expect(page.locator('section[aria-labelledby="notas"] tbody tr').count()).resolves.toBe(5);
      await expect(page.locator('#resgatar').isVisible()).resolves.toBe(true);

      await page.goto(at('/app/app-documentos'));
      await expect(page.getByTestId('cnh-card').isVisible()).resolves.toBe(true);
      await expect(page.getByText('Carteira de identidade, título de eleitor').isVisible()).resolves.toBe(true);

      await page.goto(at('/app/dashboard'));
      await expect(page.locator('h1').innerText()).resolves.toBe('Meu perfil');
      await expect(page.getByText('Maria da Conceição Silva').isVisible()).resolves.toBe(true);
      await expect(page.getByText('Nível Prata').first().isVisible()).resolves.toBe(true);
    });

    test('a suggestion sent while logged in is followed in Solicitações', async () => {
      await page.goto(at('/app/app-simplifique'));
      await hydrated(page);
      await page.getByLabel('Sugerir um novo serviço digital').check();
      await page.getByLabel('Serviço (opcional)').fill('Licenciamento anual');
      await page.getByLabel('Sua sugestão', { exact: true }).fill('Licenciamento automático para quem não tem débitos, sem precisar pedir.');
      await page.getByRole('button', { name: 'Enviar sugestão' }).click();
      const protocol = /SIMP-\d{4}-\d{6}/.exec(await page.getByTestId('simplifique-sent').innerText())![0];
      await page.goto(at('/app/acompanhar-minhas-solicitacoes'));
      const row = page.getByRole('row', { name: new RegExp(protocol) });
      await expect(row.innerText()).resolves.toMatch(/Sugerir um novo serviço digital[\s\S]*Licenciamento anual[\s\S]*Recebida/);
    });

    for (const [name, options] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      test(`axe: every new page and the home logged in, on a ${name}, with no violations`, { timeout: 120_000 }, async () => {
        const device = await browser.newContext(options);
        await device.addCookies(await context.cookies());
        const p = await device.newPage();
        const problems: string[] = [];
        for (const path of [
          '/app/catalog',
          '/app/catalog/educacao/historico-escolar',
          '/app/app-minha-cnh',
          '/app/app-nota-piauiense',
          '/app/politicas-de-privacidade-termo-de-uso',
          '/app/app-simplifique',
          '/app/app-documentos',
          '/app/acompanhar-minhas-solicitacoes',
          '/app/dashboard',
        ]) {
          await p.goto(at(path));
          await hydrated(p);
          problems.push(...report(path, await axe(p)));
        }
        if (name === 'desktop') {
          // The open widgets are states of their own.
          await p.goto(portal.url());
          await hydrated(p);
          await p.getByTestId('notifications-bell').click();
          await p.getByTestId('notifications-panel').locator('li button').first().waitFor();
          problems.push(...report('home (notificações)', await axe(p)));
          await p.getByTestId('notifications-panel').locator('li button').first().click();
          await p.getByTestId('notification-detail').waitFor();
          problems.push(...report('home (mensagem)', await axe(p)));
          await p.keyboard.press('Escape');
          await p.getByTestId('nota-piauiense-chip').click();
          await p.getByTestId('nota-piauiense-dropdown').waitFor();
          problems.push(...report('home (Nota Piauiense)', await axe(p)));
          await p.keyboard.press('Escape');
          await p.getByRole('button', { name: /^Menu de / }).click();
          await p.getByRole('menu').waitFor();
          problems.push(...report('home (menu)', await axe(p)));
        }
        await device.close();
        expect(problems, problems.join('\n')).toEqual([]);
      });
    }
  });
});
