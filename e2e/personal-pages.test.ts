import { axe, DESKTOP, PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('portal pages outside the catalog', () => {
  test('the privacy policy and terms of use (LGPD), for everyone', async ({ page, loginPortal: portal }) => {
    const response = await page.goto(`${portal.origin}/app/politicas-de-privacidade-termo-de-uso`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Governo do Piauí - Política de Privacidade e Termos de Uso');
    await expect(page.locator('h1')).toHaveText('Política de Privacidade e Termos de Uso');
    const headings = await page.locator('main h2').allInnerTexts();
    for (const h of ['Quem trata os seus dados', 'Para que usamos os dados e com qual base legal', 'Por quanto tempo guardamos os dados', 'Com quem compartilhamos', 'Seus direitos (art. 18 da LGPD)', 'Como exercer os seus direitos', 'Encarregado pelo tratamento de dados', 'Termos de uso']) {
      expect(headings).toContain(h);
    }
    await expect(page.getByText('Governo do Estado do Piauí', { exact: true }).first()).toBeVisible();
    await expect(page.locator('#direitos ~ ol[type="I"] li, section[aria-labelledby="direitos"] ol li')).toHaveCount(9);
    await expect(page.locator('section[aria-labelledby="encarregado"] a[href^="mailto:"]')).toHaveCount(1);
  });

  test('Simplifique: errors in a summary that takes focus, then a stored suggestion with its protocol', async ({ page, loginPortal: portal }) => {
    await page.goto(`${portal.origin}/app/app-simplifique`);
    await page.getByRole('button', { name: 'Enviar sugestão' }).click();
    const summary = page.getByTestId('error-summary');
    await expect(summary).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText(['Escolha o assunto da sugestão.', 'Escreva a sua sugestão.']);
    await summary.getByRole('link', { name: 'Escreva a sua sugestão.' }).click();
    await expect(page.locator('#simplifique-mensagem')).toBeFocused();
    await expect(page.getByLabel('Sua sugestão', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    // Axe on the form in error.
    expect(await axe(page, 'simplifique (erros)')).toEqual([]);

    await page.getByLabel('Simplificar um serviço existente').check();
    await page.getByLabel('Sua sugestão', { exact: true }).fill('Aceitar o laudo médico digital na renovação da CNH, sem ir ao posto.');
    await page.getByLabel('E-mail para resposta (opcional)').fill('ana@');
    await page.getByRole('button', { name: 'Enviar sugestão' }).click();
    // The summary of the previous attempt stays until the new answer replaces it: wait for that.
    await expect(summary.getByRole('link')).toHaveText(['Informe um e-mail válido, como nome@exemplo.com.br.']);
    await page.getByLabel('E-mail para resposta (opcional)').fill('ana@exemplo.com.br');
    await page.getByRole('button', { name: 'Enviar sugestão' }).click();
    const sent = page.getByTestId('simplifique-sent');
    await expect(sent).toHaveText(/SIMP-\d{4}-\d{6}/);
    const protocol = /SIMP-\d{4}-\d{6}/.exec(await sent.innerText())![0];
    const rows = (await portal.app.db.execute(`select subject, message, email, user_sub from simplifique_suggestions where protocol = '${protocol}'` as never)) as unknown as { rows: Record<string, unknown>[] };
    expect(rows.rows[0]).toMatchObject({ subject: 'simplificar-servico', email: 'ana@exemplo.com.br', user_sub: null });
  });

  test.describe(() => {
    test.use({ javaScriptEnabled: false });

    test('Simplifique works without JavaScript', async ({ page, loginPortal: portal }) => {
      await page.goto(`${portal.origin}/app/app-simplifique`);
      await page.getByRole('button', { name: 'Enviar sugestão' }).click();
      await expect(page.getByTestId('error-summary')).toBeVisible();
      await page.getByLabel('Outro assunto').check();
      await page.getByLabel('Sua sugestão', { exact: true }).fill('Um atalho para a segunda via de contas de água no portal.');
      await page.getByRole('button', { name: 'Enviar sugestão' }).click();
      await expect(page.getByTestId('simplifique-sent')).toHaveText(/SIMP-\d{4}-\d{6}/);
    });
  });

  test('an unknown /app page is the portal’s 404', async ({ page, loginPortal: portal }) => {
    const response = await page.goto(`${portal.origin}/app/pagina-que-nao-existe`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText('Página não encontrada');
  });

  test.describe('logged in as maria.silva', () => {
    test.use({ citizen: 'maria.silva' });

    test('Minha CNH, Nota Piauiense, Documentos, Meu perfil show her data', async ({ loggedIn: page, loginPortal: portal }) => {
      await page.goto(`${portal.origin}/app/app-minha-cnh`);
      await expect(page.getByTestId('cnh-status')).toHaveText('CNH próxima do vencimento');
      await expect(page.getByRole('cell', { name: 'PIA1B23' })).toBeVisible();

      await page.goto(`${portal.origin}/app/app-nota-piauiense`);
      await expect(page.getByTestId('saldo-disponivel')).toHaveText('R$ 137,45');
      await expect(page.locator('section[aria-labelledby="notas"] tbody tr')).toHaveCount(5);
      await expect(page.locator('#resgatar')).toBeVisible();

      await page.goto(`${portal.origin}/app/app-documentos`);
      await expect(page.getByTestId('cnh-card')).toBeVisible();
      await expect(page.getByText('Carteira de identidade, título de eleitor')).toBeVisible();

      await page.goto(`${portal.origin}/app/dashboard`);
      await expect(page.locator('h1')).toHaveText('Meu perfil');
      await expect(page.getByText('Maria da Conceição Silva')).toBeVisible();
      await expect(page.getByText('Nível Prata').first()).toBeVisible();
    });

    test('a suggestion sent while logged in is followed in Solicitações', async ({ loggedIn: page, loginPortal: portal }) => {
      await page.goto(`${portal.origin}/app/app-simplifique`);
      await page.getByLabel('Sugerir um novo serviço digital').check();
      await page.getByLabel('Serviço (opcional)').fill('Licenciamento anual');
      await page.getByLabel('Sua sugestão', { exact: true }).fill('Licenciamento automático para quem não tem débitos, sem precisar pedir.');
      await page.getByRole('button', { name: 'Enviar sugestão' }).click();
      const sent = page.getByTestId('simplifique-sent');
      await expect(sent).toHaveText(/SIMP-\d{4}-\d{6}/);
      const protocol = /SIMP-\d{4}-\d{6}/.exec(await sent.innerText())![0];
      await page.goto(`${portal.origin}/app/acompanhar-minhas-solicitacoes`);
      await expect(page.getByRole('row', { name: new RegExp(protocol) })).toHaveText(/Sugerir um novo serviço digital[\s\S]*Licenciamento anual[\s\S]*Recebida/);
    });

    for (const [name, options] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      test(`axe: every new page and the home logged in, on a ${name}, with no violations`, async ({ browser, loggedIn, loginPortal: portal }) => {
        test.setTimeout(180_000);
        const device = await browser.newContext(options);
        await device.addCookies(await loggedIn.context().cookies());
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
          '/app/app-meus-veiculos',
          '/app/app-perfil-servidor',
          '/app/dashboard',
        ]) {
          await p.goto(`${portal.origin}${path}`);
          problems.push(...(await axe(p, path)));
        }
        if (name === 'desktop') {
          // The open widgets are states of their own.
          await p.goto(portal.url());
          await p.getByTestId('notifications-bell').click();
          await expect(p.getByTestId('notifications-panel').locator('li button').first()).toBeVisible();
          problems.push(...(await axe(p, 'home (notificações)')));
          await p.getByTestId('notifications-panel').locator('li button').first().click();
          await expect(p.getByTestId('notification-detail')).toBeVisible();
          problems.push(...(await axe(p, 'home (mensagem)')));
          await p.keyboard.press('Escape');
          await p.getByTestId('nota-piauiense-chip').click();
          await expect(p.getByTestId('nota-piauiense-dropdown')).toBeVisible();
          problems.push(...(await axe(p, 'home (Nota Piauiense)')));
          await p.keyboard.press('Escape');
          await p.getByRole('button', { name: /^Menu de / }).click();
          await expect(p.getByRole('menu')).toBeVisible();
          problems.push(...(await axe(p, 'home (menu)')));
        }
        await device.close();
        expect(problems, problems.join('\n')).toEqual([]);
      });
    }
  });
});
