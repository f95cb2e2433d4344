import { hydrated, PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';

const CIN = '/documentos-e-identificacao/carteira-de-identidade-primeira-via';
const FORM_POST = '/impostos-e-tributos/emissao-do-dae-do-ipva';
const PORTAL_LINK = '/gestao-publica/contracheque-do-servidor';
const IN_PERSON = '/agropecuaria/registro-no-servico-de-inspecao-estadual-sie';

test.describe('service page', () => {
  test('shows the breadcrumb, title, tag, buttons, every section and the sidebar cards', async ({ page, portal }) => {
    await page.goto(portal.url(CIN));
    await expect(page).toHaveTitle('Governo do Piauí - Carteira de Identidade Nacional (CIN) – primeira via');
    await expect(page.getByRole('navigation', { name: 'Trilha de navegação' }).getByRole('listitem')).toHaveText([
      'Início',
      'Documentos e Identificação',
      'Carteira de Identidade Nacional (CIN) – primeira via',
    ]);
    await expect(page.getByTestId('service-online')).toHaveText('Online');
    for (const heading of ['O que é esse serviço?', 'Etapas para a realização deste serviço', 'Documentos necessários', 'Informações', 'Quer sugerir melhorias?', 'TAGS']) {
      await expect(page.getByRole('heading', { level: 2, name: heading }), heading).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 3, name: 'Online' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Presencial' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Simplifique' })).toHaveAttribute('href', '/app/app-simplifique');
    for (const card of ['Perfil de Acesso', 'Órgão responsável', 'Unidades de atendimento', 'Categoria']) {
      await expect(page.getByRole('complementary').getByRole('heading', { name: card }), card).toBeVisible();
    }
    await expect(page.getByText(/Atualizado (há|hoje|agora|ontem|em)/)).toBeVisible();
    const pdf = page.getByRole('link', { name: /Baixar PDF/ });
    await expect(pdf).toHaveAttribute('target', '_blank');
    const pdfResponse = await page.request.get(new URL((await pdf.getAttribute('href'))!, portal.origin).href);
    expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
    // The five stars: one radio group and one button (issue 24).
    const stars = page.getByRole('group', { name: 'Avalie este serviço' });
    await expect(stars.getByRole('radio')).toHaveCount(5);
    await expect(page.getByRole('button', { name: 'Avaliar', exact: true })).toHaveCount(1);
  });

  test('rating: the average moves at once, a snackbar confirms it and goes away after 3 s', async ({ page, portal }) => {
    await page.goto(portal.url(CIN));
    // This test is about the scripts' answer (the snackbar, the optimistic average): a vote sent before them is
    // the browser's, answered in the page (the no-JavaScript test below, and the vote again test).
    await hydrated(page);
    const summary = page.getByTestId('rating-summary');
    const before = await summary.innerText();
    const count = Number(/\((\d+) avalia/.exec(before)?.[1] ?? 0);
    await page.getByRole('radio', { name: '5 estrelas' }).check();
    await page.getByRole('button', { name: 'Avaliar', exact: true }).click();
    const confirmation = page.getByText('Avaliação registrada com sucesso!');
    await expect(confirmation).toBeVisible();
    await expect(summary).toContainText(`(${count + 1} avaliações)`);
    const region = page.getByRole('region', { name: 'Avisos' });
    const box = await region.boundingBox();
    expect(box!.x + box!.width).toBeGreaterThan(1280 - 40); // top right
    expect(box!.y).toBeLessThan(40);
    await expect(confirmation).not.toBeAttached({ timeout: 4500 });
    // Stored: a fresh page shows the new count.
    await page.reload();
    await expect(page.getByTestId('rating-summary')).toContainText(`(${count + 1} avaliações)`);
  });

  test('rating again from the same browser changes the vote and says so; the limit still holds, in red (spec §8)', async ({ page, portal }) => {
    await page.goto(portal.url(FORM_POST));
    const count = Number(/\((\d+) avalia/.exec(await page.getByTestId('rating-summary').innerText())?.[1] ?? 0);
    const send = page.getByRole('button', { name: 'Avaliar', exact: true });
    await page.getByRole('radio', { name: '4 estrelas' }).check();
    await send.click();
    await expect(page.getByText('Avaliação registrada com sucesso!').first()).toBeVisible();
    await expect(page.getByTestId('rating-summary')).toContainText(`(${count + 1} avaliações)`);
    // Four more votes an hour per voter and service: each changes this browser's vote, and the page says so.
    for (let i = 0; i < 4; i++) {
      await send.click();
      await expect(page.getByText('Você já tinha avaliado este serviço: sua avaliação foi atualizada.').first()).toBeVisible();
      await expect(send).not.toHaveAttribute('aria-disabled', 'true');
    }
    await expect(page.getByTestId('rating-summary')).toContainText(`(${count + 1} avaliações)`);
    await expect(page.getByTestId('rating-summary')).toContainText('Sua avaliação: 4 estrelas.');
    // The sixth is refused; the red snackbar and the undone average are the scripts' way of saying it.
    await hydrated(page);
    const summary = await page.getByTestId('rating-summary').innerText();
    await page.getByRole('radio', { name: '1 estrela', exact: true }).check();
    await send.click();
    await expect(page.getByText('Não foi possível completar a ação!')).toBeVisible();
    await expect(page.locator('[data-tone="error"]')).toHaveCSS('background-color', 'rgb(179, 38, 30)');
    // The optimistic average is undone.
    await expect(page.getByTestId('rating-summary')).toHaveText(summary);
  });

  test.describe(() => {
    test.use({ javaScriptEnabled: false });

    test('rating without JavaScript: the stars post a form and the page says how it went', async ({ page, portal }) => {
      await page.goto(portal.url(PORTAL_LINK));
      // 'Avaliar' with no star chosen: the browser itself asks for one.
      await page.getByRole('button', { name: 'Avaliar', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Avaliação registrada' })).toHaveCount(0);
      await page.getByRole('radio', { name: '3 estrelas' }).check();
      await page.getByRole('button', { name: 'Avaliar', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Avaliação registrada com sucesso!' })).toBeVisible();
    });
  });

  test('link opening rules: form POST with the data rows, portal links in place, others in a new tab', async ({ page, portal }) => {
    // 1. catalogDataRow: a hidden form posts the fields to the link, in a new tab.
    await page.goto(portal.url(FORM_POST));
    const form = page.getByTestId('service-access-form');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', 'https://portal.sefaz.pi.gov.br/ipva/emissao-dae');
    const fields = await form.locator('input[type=hidden]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).name));
    expect(fields.length).toBeGreaterThan(0);
    // The external site is not reached: its answer is made here, and the request it got is inspected.
    let posted: { method: string; body: string | null } | null = null;
    await page.context().route('https://portal.sefaz.pi.gov.br/**', async (route) => {
      posted = { method: route.request().method(), body: route.request().postData() };
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>SEFAZ</title>ok' });
    });
    const [popup] = await Promise.all([page.waitForEvent('popup'), form.getByRole('button', { name: /Acessar Serviço Digital/ }).click()]);
    await popup.waitForLoadState();
    expect(posted).not.toBeNull();
    expect(posted!.method).toBe('POST');
    for (const name of fields) expect(posted!.body).toContain(`${encodeURIComponent(name)}=`);
    await popup.close();
    await page.context().unroute('https://portal.sefaz.pi.gov.br/**');

    // 2. A portal link (/app/) is a full navigation in the same tab.
    await page.goto(portal.url(PORTAL_LINK));
    const portalLink = page.getByTestId('service-access');
    await expect(portalLink).toHaveAttribute('href', '/app/app-documentos');
    await expect(portalLink).not.toHaveAttribute('target');
    // The servant's pay slips are on 'Documentos' (issue 13), a personal page: the same tab asks the server
    // for it, which sends an anonymous visitor to the login.
    const [request] = await Promise.all([page.waitForRequest((r) => new URL(r.url()).pathname === '/app/app-documentos' && r.isNavigationRequest()), portalLink.click()]);
    expect(request.frame()).toBe(page.mainFrame());
    const answer = await request.response();
    expect(answer?.status()).toBe(302);
    expect(await answer?.headerValue('location')).toMatch(/\/app\/entrar\?returnTo=%2Fapp%2Fapp-documentos$/);

    // 3. Any other link: a new tab.
    await page.goto(portal.url(CIN));
    const external = page.getByTestId('service-access');
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('href', 'https://www.ssp.pi.gov.br/identificacao/agendamento');
    await expect(external).toHaveAttribute('rel', /noopener/);

    // No link: in person.
    await page.goto(portal.url(IN_PERSON));
    await expect(page.getByText('Serviço realizado presencialmente')).toBeVisible();
    await expect(page.getByRole('link', { name: /Acessar Serviço Digital/ })).toHaveCount(0);
  });

  test('units: filter by name case-insensitively, locator map, address and hours', async ({ page, portal }) => {
    await page.goto(portal.url(CIN));
    const units = page.getByTestId('units').locator(':scope > li');
    const total = await units.count();
    expect(total).toBeGreaterThan(1);
    const names = await units.locator('h3').allInnerTexts();
    await expect(units.first().getByRole('img', { name: /Localização de .* no mapa do Piauí/ })).toBeVisible();
    await expect(units.first().getByText(/Segunda|Seg|h/).first()).toBeVisible();
    await expect(units.first().getByRole('link', { name: /Ver no mapa/ })).toHaveAttribute('target', '_blank');
    const filter = page.getByRole('searchbox', { name: 'Filtrar unidades' });
    const city = 'PARNAÍBA';
    await filter.fill(city);
    await expect.poll(() => units.locator('h3').count()).toBeLessThan(total);
    const filtered = await units.locator('h3').allInnerTexts();
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(total);
    expect(names.length).toBe(total);
    await filter.fill('nenhuma-unidade-assim');
    await expect(page.getByText('Nenhuma unidade corresponde ao filtro.')).toBeVisible();
  });

  test('a service of a department without units says so', async ({ page, portal }) => {
    // The demo's one department without units (SEPLAN) offers no service: this file's database takes the units
    // away from one service instead, so that the page has something to say it about.
    await portal.app.db.execute(`delete from service_sections where service_id = (select id from services where slug = 'historico-escolar')` as never);
    const detail = (await (await fetch(`${portal.origin}/v1/catalog/historico-escolar/load`)).json()) as { departmentSections: unknown[] };
    expect(detail.departmentSections).toEqual([]);
    await page.goto(portal.url('/educacao/historico-escolar'));
    await expect(page.getByText('Nenhuma unidade disponível para este serviço')).toBeVisible();
  });

  test('complete HTML from the server: meta description, canonical and GovernmentService JSON-LD', async ({ portal }) => {
    const response = await fetch(portal.url(CIN));
    const html = await response.text();
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(description.length).toBeLessThanOrEqual(100);
    expect(description).toMatch(/^A Carteira de Identidade Nacional/);
    expect(description).not.toContain('<');
    expect(html).toContain(`<link rel="canonical" href="${portal.url(CIN)}"/>`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld['@type']).toBe('GovernmentService');
    expect(ld.name).toBe('Carteira de Identidade Nacional (CIN) – primeira via');
    expect(ld.provider.alternateName).toBe('SSP');
    // A wrong category in the address leads to the service's one address.
    const moved = await fetch(portal.url(`/saude/carteira-de-identidade-primeira-via`), { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/app/catalog${CIN}`);
    const missing = await fetch(portal.url('/saude/servico-que-nao-existe'));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Serviço não encontrado');
  });

  test.describe(() => {
    test.use(PHONE);

    test('on a phone: one column, the access button and sidebar below the text', async ({ page, portal }) => {
      await page.goto(portal.url(CIN));
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      const main = await page.getByTestId('service-main').boundingBox();
      const aside = await page.getByRole('complementary', { name: 'Sobre o atendimento' }).boundingBox();
      expect(aside!.y).toBeGreaterThan(main!.y + main!.height - 1);
      await expect(page.getByTestId('service-access')).toBeVisible();
    });
  });
});
