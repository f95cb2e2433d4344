import type { Browser, Locator, Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { axe, DESKTOP, hydrated, PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { pdfText } from './support/pdf.ts';
import { login } from './support/personal.ts';

// The editorial back office (issue 15), in the browser: a DETRAN-PI editor changes the cost of 'Renovação da
// CNH', the reviewer returns it with a comment, the editor fixes it, the reviewer approves it for a later time;
// when that time comes the public page shows the new cost and says what changed, Maria (who favourited the
// service) has a notification, and the history compares exactly that field.

const OLD_COST = 'R$ 84,68 (DAR – taxa do DETRAN-PI), mais o exame médico pago à clínica credenciada';
const NEW_COST = 'R$ 98,47 (DAR – taxa do DETRAN-PI), mais o exame médico pago à clínica credenciada';

/** A person logged in from the home: a citizen stays there. */
async function signedIn(browser: Browser, origin: string, username: string, options = DESKTOP, lands?: string): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await login(page, username, `${origin}/app/catalog`, lands);
  return page;
}

/** A member of staff logged in from the home, landing in the back office. */
const staffPage = (browser: Browser, origin: string, username: string, options = DESKTOP) => signedIn(browser, origin, username, options, `${origin}/app/gestao`);

test('a change of cost goes from draft to review to a scheduled publication, and citizens see it', async ({ browser, loginPortal: portal }) => {
  test.setTimeout(120_000);
  const editor = await staffPage(browser, portal.origin, 'ana.detran');
  // The way in: logged in from the home, staff land in the back office; from anywhere else, the account menu.
  await expect(editor.locator('h1')).toHaveText('Gestão do catálogo');
  await editor.goto(`${portal.origin}/app/catalog/list`);
  await editor.getByRole('button', { name: /^Menu de / }).click();
  await editor.getByRole('menuitem', { name: 'Gestão do catálogo' }).click();
  await expect(editor.locator('h1')).toHaveText('Gestão do catálogo');
  // Only DETRAN-PI's services.
  await expect(editor.getByRole('cell', { name: 'SEDUC' })).toHaveCount(0);
  await editor.getByRole('link', { name: 'Renovação da CNH', exact: true }).first().click();
  await expect(editor.locator('h1')).toHaveText('Renovação da CNH');
  const serviceUrl = editor.url();
  await editor.getByRole('link', { name: 'Começar uma alteração' }).click();

  // A step added and left without a name: the error summary takes focus and leads to the field.
  const legends = editor.locator('fieldset legend', { hasText: /^Etapa \d+$/ });
  const steps = (await legends.count()) + 1;
  await editor.getByRole('button', { name: 'Adicionar etapa' }).click();
  await expect(legends).toHaveCount(steps);
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  const summary = editor.getByTestId('error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(['Dê um nome a cada etapa.']);
  await summary.getByRole('link').click();
  await expect(editor.locator(`#campo-steps-${steps - 1}-name`)).toBeFocused();
  expect(await axe(editor, 'gestão: edição com erro')).toEqual([]);
  await editor.getByLabel(`Remover a etapa ${steps}`).check();

  await editor.getByLabel('Custo', { exact: true }).fill('R$ 98,50');
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(editor).toHaveURL(serviceUrl);
  await expect(editor.getByText('Rascunho', { exact: true })).toBeVisible();
  // The preview: the draft as citizens will read it, with its checks.
  await editor.getByRole('link', { name: 'Ver a prévia, como os cidadãos a lerão' }).click();
  await expect(editor.getByTestId('service-preview')).toContainText('R$ 98,50');
  expect(await axe(editor, 'gestão: prévia')).toEqual([]);
  await editor.getByRole('link', { name: 'Voltar ao serviço' }).click();
  await editor.getByLabel('Nota da alteração').fill('Taxa de 2027.');
  await editor.getByRole('button', { name: 'Enviar para revisão' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Alteração enviada para revisão.');
  await expect(editor.getByText('Em revisão', { exact: true })).toBeVisible();

  // The reviewer returns it with a comment.
  const reviewer = await staffPage(browser, portal.origin, 'bruno.detran');
  await reviewer.goto(serviceUrl);
  expect(await axe(reviewer, 'gestão: revisão')).toEqual([]);
  await reviewer.getByLabel('O que precisa ser corrigido').fill('O valor da portaria é R$ 98,47; mantenha a menção ao exame médico.');
  await reviewer.getByRole('button', { name: 'Devolver' }).click();
  await expect(reviewer.getByTestId('gestao-notice')).toHaveText('Alteração devolvida a quem a escreveu.');

  // The editor reads the comment, fixes the cost and sends it again.
  await editor.reload();
  await expect(editor.getByText('Comentário de Bruno Carvalho Rocha: O valor da portaria é R$ 98,47; mantenha a menção ao exame médico.')).toBeVisible();
  await editor.getByRole('link', { name: 'Editar o rascunho' }).click();
  await editor.getByLabel('Custo', { exact: true }).fill(NEW_COST);
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  await editor.getByLabel('Nota da alteração').fill('Taxa de 2027, valor da portaria.');
  await editor.getByRole('button', { name: 'Enviar para revisão' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Alteração enviada para revisão.');

  // The editor cannot approve; the reviewer approves it for tomorrow at 08:00 (Piauí).
  await expect(editor.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);
  const tomorrow = new Date(Date.now() + 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
  await reviewer.reload();
  await reviewer.getByLabel('Dia').fill(tomorrow);
  await reviewer.getByLabel('Hora').fill('08:00');
  await reviewer.getByRole('button', { name: 'Aprovar' }).click();
  await expect(reviewer.getByTestId('gestao-notice')).toHaveText('Alteração aprovada.');
  await expect(reviewer.getByText(/Publicação marcada para .* 08:00/)).toBeVisible();

  // Until then citizens read the old cost.
  const citizenPage = await (await browser.newContext(PHONE)).newPage();
  const publicUrl = `${portal.origin}/app/catalog/transito-e-veiculos/renovacao-da-cnh`;
  await citizenPage.goto(publicUrl);
  await expect(citizenPage.getByText(NEW_COST)).toHaveCount(0);

  // The time comes (the schedule's check, run as it would run then).
  expect(await portal.app.editorial.publishDue(new Date(`${tomorrow}T08:00:30-03:00`))).toBe(1);
  await citizenPage.reload();
  await expect(citizenPage.getByText(NEW_COST).first()).toBeVisible();
  const changes = citizenPage.getByRole('region', { name: 'O que mudou' });
  await expect(changes).toContainText(`Custo: ${NEW_COST}`);
  expect(await axe(citizenPage, 'serviço com "O que mudou" (celular)')).toEqual([]);
  // The printable sheet the page links to says it too.
  const pdfHref = await citizenPage.getByRole('link', { name: /Baixar PDF/ }).first().getAttribute('href');
  const sheet = await citizenPage.request.get(new URL(pdfHref!, publicUrl).href);
  expect(sheet.headers()['content-type']).toBe('application/pdf');
  const sheetText = await pdfText(await sheet.body());
  expect(sheetText).toContain('R$ 98,47');
  expect(sheetText).not.toContain('R$ 84,68');
  // A search finds the service as published, from a fresh copy of the results (its cards and the federal
  // feed carry no cost: spec §7 and the harvest's fields), and the feed lists it.
  await citizenPage.goto(`${portal.origin}/app/catalog/search/${encodeURIComponent('renovação da cnh')}`);
  await expect(citizenPage.getByRole('link', { name: 'Renovação da CNH', exact: true }).first()).toBeVisible();
  const feed = (await (await citizenPage.request.get(`${portal.origin}/v1/catalog/feed`)).json()) as { services: { url: string; name: string }[] };
  expect(feed.services.find((item) => item.url.endsWith('/renovacao-da-cnh'))?.name).toBe('Renovação da CNH');

  // Maria, who favourited the service, has been told.
  const maria = await signedIn(browser, portal.origin, 'maria.silva');
  await maria.getByTestId('notifications-bell').click();
  await expect(maria.getByTestId('notifications-panel').getByRole('button', { name: /Mudou: Renovação da CNH/ })).toBeVisible();

  // The history compares exactly that field.
  await editor.goto(`${serviceUrl}/versoes`);
  await editor.getByRole('link', { name: /^Comparar com a versão/ }).first().click();
  const compared = editor.getByRole('region', { name: /comparada com a versão/ });
  await expect(compared.locator('dt')).toHaveText(['Custo']);
  const cost = await marked(compared.locator('dd').first());
  expect(cost).toMatchObject({ before: OLD_COST, after: NEW_COST, removed: ['84', '68'], added: ['98', '47'] });
  expect(await axe(editor, 'gestão: comparação')).toEqual([]);
});

/**
 * A changed field as the reviewer reads it: the text before (without what was added), after (without what was
 * removed), and the marked words, each mark's own text (a screen reader's '[sai: …]' taken off).
 */
async function marked(field: Locator) {
  return field.evaluate((dd) => {
    const without = (selector: string) => {
      const copy = dd.cloneNode(true) as HTMLElement;
      copy.querySelectorAll(`${selector}, .visually-hidden`).forEach((node) => node.remove());
      return copy.textContent;
    };
    const marks = (selector: string) =>
      [...dd.querySelectorAll(selector)].map((mark) => [...mark.childNodes].filter((node) => !(node instanceof HTMLElement && node.classList.contains('visually-hidden'))).map((node) => node.textContent).join(''));
    return { before: without('ins'), after: without('del'), removed: marks('del'), added: marks('ins'), spoken: dd.textContent };
  });
}

test('the reviewer decides with the changed words marked; the author takes a change back from review; every round stays in the conversation', async ({ browser, loginPortal: portal }) => {
  test.setTimeout(120_000);
  // The author, on a phone, renames a step and sends the change, acting as soon as each thing shows.
  const editor = await staffPage(browser, portal.origin, 'ana.detran', PHONE);
  await editor.goto(`${portal.origin}/app/gestao`);
  await editor.getByRole('link', { name: 'Renovação da CNH', exact: true }).first().click();
  await expect(editor.locator('h1')).toHaveText('Renovação da CNH');
  const serviceUrl = editor.url();
  await editor.getByRole('link', { name: 'Começar uma alteração' }).click();
  const stepName = editor.getByRole('group', { name: 'Etapa 2' }).getByLabel('Nome da etapa');
  await expect(stepName).toHaveValue('Pague a taxa');
  await stepName.fill('Pague a taxa (DAR)');
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(editor).toHaveURL(serviceUrl);
  await editor.getByLabel('Nota da alteração').fill('Nome do documento de pagamento.');
  await editor.getByRole('button', { name: 'Enviar para revisão' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Alteração enviada para revisão.');

  // Editing it now is not an error page: a calm notice, and the way to take it back from review.
  await editor.goto(`${serviceUrl}/editar`);
  await expect(editor.getByText(/^Esta alteração foi enviada para revisão em .* e está aguardando quem revisa\./)).toBeVisible();
  await expect(editor.getByText(/Erro 409/)).toHaveCount(0);
  expect(await axe(editor, 'gestão: edição de alteração em revisão (celular)')).toEqual([]);
  await editor.getByRole('button', { name: 'Retirar da revisão e editar' }).click();
  await expect(stepName).toHaveValue('Pague a taxa (DAR)');
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(editor).toHaveURL(serviceUrl);
  await expect(editor.getByText('Rascunho', { exact: true })).toBeVisible();
  await editor.getByRole('button', { name: 'Enviar para revisão' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Alteração enviada para revisão.');

  // The reviewer finds it at the top of his start page, with its note, and decides with the words marked.
  const reviewer = await staffPage(browser, portal.origin, 'bruno.detran');
  await reviewer.goto(`${portal.origin}/app/gestao`);
  const awaiting = reviewer.locator('h2', { hasText: /^Aguardando sua revisão \(\d+\)$/ }).locator('+ table');
  await expect(awaiting.getByRole('row').filter({ hasText: 'Renovação da CNH' })).toContainText('Nome do documento de pagamento.');
  await awaiting.getByRole('link', { name: 'Renovação da CNH' }).click();
  const changes = reviewer.locator('h3', { hasText: 'O que muda para os cidadãos' }).locator('+ p + dl');
  await expect(changes.locator('dt')).toHaveText(['Etapas']);
  const steps = await marked(changes.locator('dd'));
  expect(steps.added).toEqual([' (DAR)']);
  expect(steps.removed).toEqual([]);
  expect(steps.spoken).toContain('[entra:  (DAR)]');
  expect(await axe(reviewer, 'gestão: revisão com as palavras marcadas')).toEqual([]);
  await reviewer.getByLabel('O que precisa ser corrigido').fill('Escreva a sigla por extenso na primeira vez.');
  await reviewer.getByRole('button', { name: 'Devolver' }).click();
  await expect(reviewer.getByTestId('gestao-notice')).toHaveText('Alteração devolvida a quem a escreveu.');

  // The author finds it returned, reads the comment in the conversation, fixes it and sends it again.
  await editor.goto(`${portal.origin}/app/gestao`);
  const returned = editor.locator('h2', { hasText: /^Devolvidas para você \(\d+\)$/ }).locator('+ table');
  await expect(returned).toContainText('Escreva a sigla por extenso na primeira vez.');
  await returned.getByRole('link', { name: 'Renovação da CNH' }).click();
  await expect(editor.getByRole('list', { name: 'Conversa sobre a alteração' }).getByRole('listitem')).toHaveText([/Bruno Carvalho Rocha devolveu .*Escreva a sigla por extenso na primeira vez\./]);
  await editor.getByRole('link', { name: 'Editar o rascunho' }).click();
  await stepName.fill('Pague a taxa (Documento de Arrecadação, DAR)');
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(editor).toHaveURL(serviceUrl);
  await editor.getByRole('button', { name: 'Enviar para revisão' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Alteração enviada para revisão.');

  // The reviewer sees what changed since he returned it, comments, and approves; both rounds stay.
  await reviewer.reload();
  const since = reviewer.locator('h3', { hasText: 'O que mudou desde a última devolução' }).locator('+ p + dl');
  expect((await marked(since.locator('dd'))).added).toEqual(['Documento de Arrecadação, ']);
  await reviewer.getByLabel('Comentar').fill('Agora está claro.');
  await reviewer.getByRole('button', { name: 'Enviar comentário' }).click();
  await expect(reviewer.getByTestId('gestao-notice')).toHaveText('Comentário incluído na conversa.');
  await expect(reviewer.getByRole('list', { name: 'Conversa sobre a alteração' }).getByRole('listitem')).toHaveText([/devolveu .*por extenso/, /Bruno Carvalho Rocha comentou .*Agora está claro\./]);
  await reviewer.getByRole('button', { name: 'Aprovar' }).click();
  await expect(reviewer.getByTestId('gestao-notice')).toHaveText('Alteração aprovada.');
  const citizen = await (await browser.newContext(PHONE)).newPage();
  await citizen.goto(`${portal.origin}/app/catalog/transito-e-veiculos/renovacao-da-cnh`);
  await expect(citizen.getByText('Pague a taxa (Documento de Arrecadação, DAR)').first()).toBeVisible();
});

test("a citizen's account has no back office, and another department's service is refused", async ({ browser, loginPortal: portal }) => {
  const maria = await signedIn(browser, portal.origin, 'maria.silva');
  await maria.getByRole('button', { name: /^Menu de / }).click();
  await expect(maria.getByRole('menuitem', { name: 'Meu perfil' })).toBeVisible();
  await expect(maria.getByRole('menuitem', { name: 'Gestão do catálogo' })).toHaveCount(0);
  const refused = await maria.goto(`${portal.origin}/app/gestao`);
  expect(refused?.status()).toBe(403);
  await expect(maria.getByText('Sua conta não tem um papel de gestão.', { exact: false })).toBeVisible();

  const seduc = await staffPage(browser, portal.origin, 'carla.seduc');
  await seduc.goto(`${portal.origin}/app/gestao`);
  await expect(seduc.getByRole('link', { name: 'Renovação da CNH', exact: true })).toHaveCount(0);
  const cnhId = await portal.app.db.execute(sql`select id from services where slug = 'renovacao-da-cnh'`).then((r) => (r as unknown as { rows: { id: number }[] }).rows[0]!.id);
  const other = await seduc.goto(`${portal.origin}/app/gestao/servicos/${cnhId}/editar`);
  expect(other?.status()).toBe(403);
  await expect(seduc.getByText('Você não tem permissão para os serviços deste órgão.')).toBeVisible();

  // Anonymous: the login first.
  const anonymous = await (await browser.newContext(DESKTOP)).newPage();
  await anonymous.goto(`${portal.origin}/app/gestao`);
  await expect(anonymous).toHaveURL(/\/app\/entrar|\/auth\//);
});

test('the dashboard lists overdue reviews; a reviewer confirms one, withdraws a service with a reason and puts it back', async ({ browser, loginPortal: portal }) => {
  test.setTimeout(120_000); // two logins and axe: over a minute in a full run's load
  const reviewer = await staffPage(browser, portal.origin, 'bruno.detran', { ...PHONE, reducedMotion: 'reduce' }); // the floating header appears without sliding
  await reviewer.goto(`${portal.origin}/app/gestao`);
  const overdue = reviewer.getByRole('heading', { name: /^Revisão vencida \(\d+\)$/ });
  await expect(overdue).toBeVisible();
  // Hydrated before any tap (decision 025): the scroll that brings a link into view starts the hydration, which
  // then floats the header over the top of the window, where a tap measured before may land.
  await hydrated(reviewer);
  expect(await axe(reviewer, 'gestão: painel (celular)')).toEqual([]);
  const before = Number(/\((\d+)\)/.exec((await overdue.textContent())!)![1]);
  // On a phone the header turns floating as the page scrolls: the link is brought into view and the header has
  // settled before the tap (a tap that starts on the link and ends on the moving header is no click).
  const overdueLink = reviewer.locator('h2', { hasText: /^Revisão vencida/ }).locator('+ table').getByRole('link').first();
  await overdueLink.scrollIntoViewIfNeeded();
  await reviewer.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await overdueLink.click();
  await reviewer.getByRole('button', { name: 'Confirmar que está correto' }).click();
  await expect(reviewer.getByTestId('gestao-notice')).toHaveText('Conteúdo confirmado: a próxima revisão é daqui a 12 meses.');
  await reviewer.goto(`${portal.origin}/app/gestao`);
  if (before > 1) await expect(reviewer.getByRole('heading', { name: `Revisão vencida (${before - 1})` })).toBeVisible();
  else await expect(reviewer.getByRole('heading', { name: /^Revisão vencida/ })).toHaveCount(0);

  await hydrated(reviewer); // as above: the header floats as the link is scrolled to
  await reviewer.getByRole('link', { name: 'Renovação da CNH', exact: true }).first().click();
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Renovação da CNH' })).toBeVisible();
  await reviewer.getByLabel('Motivo (os cidadãos o leem na página do serviço)').fill('A renovação agora é feita só pela CNH do Brasil.');
  // The replacement chosen by its title; nothing happens before a second, clear 'yes'.
  await reviewer.getByLabel('Serviço que o substitui (opcional)').selectOption({ label: 'Primeira Habilitação – CNH' });
  await reviewer.getByRole('button', { name: 'Retirar do ar' }).click();
  const question = reviewer.getByRole('alertdialog', { name: /^Retirar este serviço do ar\?/ });
  await expect(question).toContainText('Serviço que o substitui: Primeira Habilitação – CNH.');
  await expect(question).toBeFocused();
  expect((await (await browser.newContext(DESKTOP)).request.get(`${portal.origin}/app/catalog/transito-e-veiculos/renovacao-da-cnh`)).status()).toBe(200);
  await question.getByRole('button', { name: 'Sim, retirar do ar' }).click();
  await expect(reviewer.getByTestId('gestao-notice')).toHaveText('Serviço retirado do ar. A página dele diz o motivo aos cidadãos.');
  await expect(reviewer.getByText('Substituído por Primeira Habilitação – CNH.', { exact: false })).toBeVisible();
  const citizen = await (await browser.newContext(DESKTOP)).newPage();
  const gone = await citizen.goto(`${portal.origin}/app/catalog/transito-e-veiculos/renovacao-da-cnh`);
  expect(gone?.status()).toBe(410);
  await expect(citizen.getByText('A renovação agora é feita só pela CNH do Brasil.')).toBeVisible();
  await reviewer.getByRole('button', { name: 'Pôr de volta no ar' }).click();
  await expect(reviewer.getByTestId('gestao-notice')).toHaveText('Serviço de volta no ar.');
  expect((await citizen.goto(`${portal.origin}/app/catalog/transito-e-veiculos/renovacao-da-cnh`))?.status()).toBe(200);
});

test('the feedback inbox shows suggestions about the department\'s services, and their status changes', async ({ browser, loginPortal: portal }) => {
  const sent = await portal.app.inject({ method: 'POST', url: '/v1/simplifique', payload: { assunto: 'simplificar-servico', servico: 'Renovação da CNH', mensagem: 'Avisar por SMS quando a nova CNH estiver pronta.' } });
  expect(sent.statusCode).toBe(201);
  const editor = await staffPage(browser, portal.origin, 'ana.detran');
  await editor.goto(`${portal.origin}/app/gestao`);
  await editor.getByRole('link', { name: /^Caixa de retorno/ }).click();
  const card = editor.getByRole('article').filter({ hasText: 'Avisar por SMS quando a nova CNH estiver pronta.' });
  await expect(card).toContainText('Situação: Nova');
  expect(await axe(editor, 'gestão: caixa de retorno')).toEqual([]);
  await card.getByLabel('Situação', { exact: true }).selectOption('em_andamento');
  await card.getByRole('button', { name: 'Salvar situação' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Situação atualizada.');
  await expect(editor.getByRole('article').filter({ hasText: 'Avisar por SMS' })).toContainText('Situação: Em andamento');
});

test('a session that ends mid-edit loses nothing: the form comes back filled in, and saves after a new login', async ({ browser, loginPortal: portal }) => {
  const context = await browser.newContext(DESKTOP);
  const editor = await context.newPage();
  await login(editor, 'ana.detran', `${portal.origin}/app/catalog`, `${portal.origin}/app/gestao`);
  await editor.goto(`${portal.origin}/app/gestao`);
  await editor.getByRole('link', { name: 'Renovação da CNH', exact: true }).first().click();
  const serviceUrl = editor.url();
  await editor.goto(`${serviceUrl}/editar`);
  await editor.getByLabel('Prazo', { exact: true }).fill('No mesmo dia, no posto do DETRAN-PI');
  await context.clearCookies(); // the session ends
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(editor.getByRole('alert').filter({ hasText: 'Sua sessão expirou' })).toContainText('Sua sessão expirou e o rascunho ainda não foi salvo.');
  await expect(editor.getByLabel('Prazo', { exact: true })).toHaveValue('No mesmo dia, no posto do DETRAN-PI');
  // A new login in another tab, then the same form saves.
  const tab = await context.newPage();
  await login(tab, 'ana.detran', `${portal.origin}/app/catalog`, `${portal.origin}/app/gestao`);
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(editor).toHaveURL(serviceUrl);
  await expect(editor.getByText('Rascunho', { exact: true })).toBeVisible();
  await editor.getByRole('button', { name: 'Descartar rascunho' }).click();
  await editor.getByRole('alertdialog', { name: /^Descartar o rascunho\?/ }).getByRole('button', { name: 'Sim, descartar' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Rascunho descartado. O conteúdo publicado continua no ar.');
});

test("a reviewer changes a unit's opening hours on the department's page, and citizens read them at once", async ({ browser, loginPortal: portal }) => {
  const reviewer = await staffPage(browser, portal.origin, 'bruno.detran');
  await reviewer.goto(`${portal.origin}/app/gestao`);
  await reviewer.getByRole('link', { name: 'Página do órgão e unidades: DETRAN-PI' }).click();
  await expect(reviewer.locator('h1')).toHaveText('Página do órgão: DETRAN-PI');
  expect(await axe(reviewer, 'gestão: página do órgão')).toEqual([]);
  const unit = reviewer.locator('details').first();
  await unit.locator('summary').click();
  await unit.getByLabel('Horário de atendimento').fill('Segunda a sexta, das 7h às 13h30');
  await unit.getByRole('button', { name: 'Salvar unidade' }).click();
  await expect(reviewer.getByTestId('gestao-notice')).toHaveText('Unidade atualizada.');
  // The public answer the department and service pages are built from (its copy was invalidated).
  const units = await (await fetch(`${portal.origin}/v1/department/detran-pi/section`)).json();
  expect(units.map((u: { openingTime: string }) => u.openingTime)).toContain('Segunda a sexta, das 7h às 13h30');

  // An editor proposes a change to a unit; the reviewer applies it.
  test.setTimeout(120_000);
  const editor = await staffPage(browser, portal.origin, 'ana.detran');
  await editor.goto(`${portal.origin}/app/gestao/orgaos/detran-pi`);
  const theirs = editor.locator('details').first();
  await theirs.locator('summary').click();
  await theirs.getByLabel('Telefone').fill('(86) 3230-0000');
  await theirs.getByRole('button', { name: 'Propor alteração' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Proposta enviada: quem revisa os serviços do órgão vai aplicá-la ou recusá-la.');
  await expect(editor.getByRole('region', { name: /^Propostas de alteração de unidades/ })).toContainText('Aguardando revisão');
  await reviewer.reload();
  // (the proposal's phone reads with its changed digits marked, so not as one string)
  const proposal = reviewer.getByRole('article').filter({ hasText: 'Proposta por Ana Beatriz Lima' }).filter({ hasText: 'Aguardando revisão' });
  const phone = proposal.locator('dt', { hasText: /^Telefone$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(phone.locator('ins')).not.toHaveCount(0);
  expect((await marked(phone)).after).toBe('(86) 3230-0000');
  expect(await axe(reviewer, 'gestão: proposta de unidade')).toEqual([]);
  await proposal.getByRole('button', { name: /^Aplicar/ }).click();
  await expect(reviewer.getByTestId('gestao-notice')).toHaveText('Proposta aplicada: os cidadãos já veem a unidade assim.');
  const after = await (await fetch(`${portal.origin}/v1/department/detran-pi/section`)).json();
  expect(after.map((u: { phone: string }) => u.phone)).toContain('(86) 3230-0000');
});

test('what citizens search for reaches the department: a search that found nothing, and one that led to a service, proposed as its popular name', async ({ browser, loginPortal: portal }) => {
  test.setTimeout(120_000);
  // A citizen searches for something the catalog does not have, then finds the CNH by other words and opens it.
  const citizen = await (await browser.newContext(PHONE)).newPage();
  await citizen.goto(`${portal.origin}/app/catalog/search/${encodeURIComponent('kwyjibo flurp')}`);
  await citizen.goto(`${portal.origin}/app/catalog/search/${encodeURIComponent('cnh kwyjibo')}`);
  await citizen.goto(`${portal.origin}/app/catalog/search/${encodeURIComponent('carteira de motorista vencida')}`);
  await citizen.getByRole('link', { name: 'Renovação da CNH', exact: true }).first().click();
  await expect(citizen.locator('h1')).toHaveText('Renovação da CNH');

  // DETRAN-PI's editor sees what concerns DETRAN-PI (counted in batches, within seconds): the search with a word of
  // its services, not the one with none of any department's.
  const editor = await staffPage(browser, portal.origin, 'ana.detran');
  await expect(async () => {
    await editor.goto(`${portal.origin}/app/gestao`);
    await expect(editor.getByRole('cell', { name: 'cnh kwyjibo', exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(editor.getByRole('cell', { name: 'kwyjibo flurp', exact: true })).toHaveCount(0);
  // A search that found nothing, proposed from the start page as a popular name of the service that answers it.
  await editor.getByLabel('Texto buscado').selectOption('cnh kwyjibo');
  await editor.getByLabel('Serviço que responde a ela').selectOption({ label: 'Renovação da CNH (DETRAN-PI)' });
  await editor.getByRole('button', { name: 'Propor como nome popular' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('“cnh kwyjibo” incluído como nome popular no rascunho de Renovação da CNH. Ele chega aos cidadãos depois da revisão.');
  await editor.getByRole('link', { name: 'Renovação da CNH', exact: true }).first().click();
  const demand = editor.getByRole('region', { name: 'Como os cidadãos buscam este serviço' });
  await expect(demand.getByRole('cell', { name: 'carteira de motorista vencida', exact: true })).toBeVisible();
  expect(await axe(editor, 'gestão: buscas do serviço')).toEqual([]);

  // One click puts it into a draft, which goes through review like any change.
  await demand.getByRole('button', { name: /^Propor como nome popular\W+carteira de motorista vencida/ }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Nome popular incluído no rascunho. Ele chega aos cidadãos depois da revisão.');
  await expect(editor.getByText('Rascunho', { exact: true })).toBeVisible();

  // A test search: the service's place in its results, and every change checked against it.
  await editor.getByLabel('Nova busca de teste').fill('renovar carteira');
  await editor.getByRole('button', { name: 'Incluir busca de teste' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Busca de teste incluída: cada alteração deste serviço passa a ser verificada com ela.');
  await expect(demand.getByText(/“renovar carteira”: encontrado em \dº lugar/)).toBeVisible();
  await editor.getByRole('button', { name: 'Descartar rascunho' }).click();
  await editor.getByRole('alertdialog', { name: /^Descartar o rascunho\?/ }).getByRole('button', { name: 'Sim, descartar' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Rascunho descartado. O conteúdo publicado continua no ar.');
});

test('the central team gives one document one name across departments, each change going to its department’s review', async ({ browser, loginPortal: portal }) => {
  test.setTimeout(120_000);
  const admin = await staffPage(browser, portal.origin, 'davi.central');
  await admin.goto(`${portal.origin}/app/gestao`);
  await admin.getByRole('link', { name: /^Consistência do catálogo/ }).click();
  await expect(admin.locator('h1')).toHaveText('Consistência do catálogo');
  expect(await axe(admin, 'gestão: consistência')).toEqual([]);
  const group = admin.getByRole('group', { name: 'Documento de identidade oficial com foto' });
  await expect(group.getByRole('radio', { name: 'Manter “Documento de identidade oficial com foto”' })).toBeChecked();
  await group.getByRole('checkbox', { name: 'Substituir “Documento de identidade com foto”' }).check();
  await group.getByRole('button', { name: 'Unificar os nomes marcados' }).click();
  await expect(admin.getByTestId('gestao-notice')).toContainText(/Alteração enviada à revisão de cada órgão em \d+ serviços: .*Emissão de histórico escolar e certificado de conclusão/);

  // SEDUC's editor sees the change under review on her service; it is not hers to approve.
  const seduc = await staffPage(browser, portal.origin, 'carla.seduc');
  await seduc.goto(`${portal.origin}/app/gestao`);
  await seduc.getByRole('link', { name: 'Emissão de histórico escolar e certificado de conclusão', exact: true }).first().click();
  await expect(seduc.getByText('Em revisão', { exact: true })).toBeVisible();
  await expect(seduc.getByText(/passa a ser "Documento de identidade oficial com foto"/)).toBeVisible();
  await expect(seduc.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);

  // The central team teaches the search a word citizens use, and citizens find the service by it.
  await admin.goto(`${portal.origin}/app/gestao`);
  await admin.getByRole('link', { name: 'Categorias, sinônimos e respostas diretas da busca, serviços em destaque' }).click();
  expect(await axe(admin, 'gestão: categorias, sinônimos e destaques')).toEqual([]);
  // A service is chosen by its title, as the list offers it as one types, never by the slug of its address.
  const highlight = admin.getByLabel('Pôr em destaque');
  await highlight.fill('licenciamento-anual-de-veiculo');
  await admin.getByRole('button', { name: 'Pôr em destaque' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: 'Nenhum serviço' })).toHaveText('Nenhum serviço se chama “licenciamento-anual-de-veiculo”: comece a digitar o título e escolha na lista.');
  const offered = await admin.locator(`datalist#${await highlight.getAttribute('list')} option`).evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const title = offered.find((t) => t.startsWith('Licenciamento ambiental'))!;
  expect(title).toBeTruthy();
  await highlight.fill(title.toLowerCase());
  await admin.getByRole('button', { name: 'Pôr em destaque' }).click();
  await expect(admin.getByTestId('gestao-notice')).toHaveText('Serviço posto em destaque na página inicial.');
  await admin.getByRole('listitem').filter({ hasText: title }).getByRole('button', { name: /^Tirar do destaque/ }).click();
  await expect(admin.getByTestId('gestao-notice')).toHaveText('Serviço tirado do destaque.');
  await admin.getByLabel('Termo').fill('zapcarteira');
  await admin.getByLabel('Significa').fill('renovação da CNH');
  await admin.getByRole('button', { name: 'Salvar sinônimo' }).click();
  await expect(admin.getByTestId('gestao-notice')).toHaveText('Sinônimo salvo: a busca já o usa.');
  await expect(admin.getByRole('cell', { name: 'zapcarteira', exact: true })).toBeVisible();
  // Every action is in the audit log, which the central team reads.
  await admin.goto(`${portal.origin}/app/gestao`);
  await admin.getByRole('link', { name: 'Registro de auditoria' }).click();
  const synonym = admin.getByRole('row').filter({ hasText: 'Sinônimo salvo' }).first();
  await expect(synonym).toContainText('Davi Nogueira Costa');
  await expect(synonym).toContainText('Termo: zapcarteira');
  // Read by the service's title and the form's words, not 'serviço 23' and the code's keys.
  const unified = admin.getByRole('row').filter({ hasText: 'Nome de documento unificado' }).filter({ hasText: 'Emissão de histórico escolar e certificado de conclusão' });
  await expect(unified).toContainText('Nome adotado: Documento de identidade oficial com foto');
  await expect(unified).toContainText('Nomes substituídos: Documento de identidade com foto');
  await expect(admin.getByRole('table')).not.toContainText(/canonical:|variants:|changeNote:|serviço \d+\b/);
  expect(await axe(admin, 'gestão: auditoria')).toEqual([]);
  const citizen = await (await browser.newContext(PHONE)).newPage();
  await citizen.goto(`${portal.origin}/app/catalog/search/zapcarteira`);
  await expect(citizen.getByRole('link', { name: 'Renovação da CNH', exact: true }).first()).toBeVisible();
});

test('a subject expert without an account reads the change through a preview link and replies into its conversation; revoked, the link opens nothing', async ({ browser, loginPortal: portal }) => {
  test.setTimeout(120_000);
  const id = await portal.app.db.execute(sql`select id from services where slug = 'transferencia-de-propriedade-de-veiculo'`).then((r) => (r as unknown as { rows: { id: number }[] }).rows[0]!.id);
  const serviceUrl = `${portal.origin}/app/gestao/servicos/${id}`;
  const editor = await staffPage(browser, portal.origin, 'ana.detran', PHONE);
  await editor.goto(`${serviceUrl}/editar`);
  await editor.getByLabel('Prazo', { exact: true }).fill('Até 5 dias úteis, pela portaria 12/2026');
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(editor).toHaveURL(serviceUrl);
  await editor.getByLabel('Nome de quem vai ler').fill('Dra. Lúcia Nogueira');
  await editor.getByLabel('O link vale por').selectOption('3');
  await editor.getByRole('button', { name: 'Criar link de prévia' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Link de prévia criado.');
  const link = await editor.getByTestId('expert-link').inputValue();
  expect(link).toMatch(new RegExp(`^${portal.origin}/app/especialista/[0-9a-f]{48}$`));
  await expect(editor.getByRole('list', { name: 'Links de prévia' })).toContainText('Dra. Lúcia Nogueira: vale até');

  // The expert, on a phone, with no account. Nothing between keeps the page.
  const expert = await (await browser.newContext(PHONE)).newPage();
  const opened = await expert.goto(link);
  expect(opened!.headers()['cache-control']).toBe('private, no-store');
  expect(opened!.headers()['referrer-policy']).toBe('same-origin');
  await expect(expert.locator('h1')).toHaveText('Prévia: Transferência de propriedade de veículo');
  const changed = expert.getByRole('region', { name: 'O que muda para os cidadãos' });
  await expect(changed.locator('dt')).toHaveText(['Prazo']);
  expect((await marked(changed.locator('dd'))).added.join('')).toContain('12/2026');
  await expect(expert.getByTestId('service-preview')).toContainText('Até 5 dias úteis, pela portaria 12/2026');
  await expert.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(expert.getByTestId('error-summary')).toContainText('Escreva sua resposta.');
  await expert.getByLabel('O que está certo, o que corrigir').fill('O prazo está certo: a portaria 12/2026 diz 5 dias úteis.');
  await expert.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(expert.getByTestId('gestao-notice')).toHaveText(/^Resposta enviada/);
  await expect(expert.getByRole('list', { name: 'Respostas já enviadas' })).toContainText('O prazo está certo');
  expect(await axe(expert, 'prévia para especialista')).toEqual([]);
  // Without scripts, the same form.
  const plain = await (await browser.newContext({ ...DESKTOP, javaScriptEnabled: false })).newPage();
  await plain.goto(link);
  await plain.getByLabel('O que está certo, o que corrigir').fill('Só um detalhe: o CRV agora é digital.');
  await plain.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(plain.getByTestId('gestao-notice')).toHaveText(/^Resposta enviada/);
  await expect(plain.getByRole('list', { name: 'Respostas já enviadas' }).getByRole('listitem')).toHaveCount(2);

  // The editor reads it in the change's conversation, and revokes the link.
  await editor.goto(serviceUrl);
  await expect(editor.getByRole('list', { name: 'Conversa sobre a alteração' })).toContainText('Dra. Lúcia Nogueira respondeu (especialista)');
  await expect(editor.getByRole('list', { name: 'Conversa sobre a alteração' })).toContainText('O prazo está certo: a portaria 12/2026 diz 5 dias úteis.');
  await expect(editor.getByRole('list', { name: 'Links de prévia' })).toContainText('2 respostas');
  await editor.getByRole('button', { name: 'Revogar o link de Dra. Lúcia Nogueira' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Link revogado: ele não abre mais a prévia.');
  await expect(editor.getByRole('list', { name: 'Links de prévia' })).toContainText('Dra. Lúcia Nogueira: revogado');
  const gone = await expert.goto(link);
  expect(gone!.status()).toBe(404);
  await expect(expert.getByText(/Este link de prévia não vale mais/)).toBeVisible();

  await editor.getByRole('button', { name: 'Descartar rascunho' }).click();
  await editor.getByRole('alertdialog', { name: /^Descartar o rascunho\?/ }).getByRole('button', { name: 'Sim, descartar' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Rascunho descartado. O conteúdo publicado continua no ar.');
});

test('an editor writes a service text in Markdown (the toolbar marks the words, the preview follows; without scripts the form shows the preview on asking) and what a step costs in its own fields', async ({ browser, loginPortal: portal }) => {
  test.setTimeout(120_000);
  const id = await portal.app.db.execute(sql`select id from services where slug = 'licenciamento-anual-de-veiculo'`).then((r) => (r as unknown as { rows: { id: number }[] }).rows[0]!.id);
  const serviceUrl = `${portal.origin}/app/gestao/servicos/${id}`;
  const editor = await staffPage(browser, portal.origin, 'ana.detran', PHONE);
  await editor.goto(`${serviceUrl}/editar`);
  // The form says where each group is; the texts are Markdown, not HTML.
  await expect(editor.getByRole('navigation', { name: 'Nesta página' }).getByRole('link')).toHaveCount(10);
  const description = editor.getByLabel('Descrição', { exact: true });
  expect(await description.inputValue()).not.toMatch(/<p>|<\/?strong>|<ul>/);
  await description.click();
  await editor.keyboard.press('ControlOrMeta+End');
  await editor.keyboard.type('\n\nLeve o documento do carro');
  // Select 'documento do carro' and make it bold with the toolbar.
  for (let i = 0; i < 'documento do carro'.length; i++) await editor.keyboard.press('Shift+ArrowLeft');
  await editor.getByRole('toolbar', { name: 'Formatar: Descrição' }).getByRole('button', { name: 'Negrito' }).click();
  await expect(description).toHaveValue(/Leve o \*\*documento do carro\*\*$/);
  // The toolbar is one stop of the Tab key, its buttons reached with the arrows, as a screen reader announces it.
  const toolbar = editor.getByRole('toolbar', { name: 'Formatar: Descrição' });
  await expect(description).toBeFocused();
  await editor.keyboard.press('Shift+Tab');
  await expect(toolbar.getByRole('button', { name: 'Negrito' })).toBeFocused();
  await editor.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Lista' })).toBeFocused();
  await editor.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Link' })).toBeFocused();
  await editor.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Negrito' })).toBeFocused();
  await editor.keyboard.press('ArrowLeft');
  await expect(toolbar.getByRole('button', { name: 'Link' })).toBeFocused();
  await editor.keyboard.press('Tab');
  await expect(description).toBeFocused();
  await editor.keyboard.press('Shift+Tab');
  await expect(toolbar.getByRole('button', { name: 'Link' })).toBeFocused();
  const preview = editor.getByRole('region', { name: 'Prévia: Descrição' });
  await expect(preview.locator('strong')).toHaveText('documento do carro');
  expect(await axe(editor, 'gestão: edição com markdown')).toEqual([]);
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(editor).toHaveURL(serviceUrl);
  // The reviewer sees only the description changed, by the words added; the preview shows them bold.
  const changes = editor.locator('h3', { hasText: 'O que muda para os cidadãos' }).locator('+ p + dl');
  await expect(changes.locator('dt')).toHaveText(['Descrição']);
  expect((await marked(changes.locator('dd'))).added.join('')).toContain('documento do carro');
  await editor.getByRole('link', { name: 'Ver a prévia, como os cidadãos a lerão' }).click();
  await expect(editor.getByTestId('service-preview').locator('strong', { hasText: 'documento do carro' })).toBeVisible();

  // Without scripts: a plain textarea, and the preview of what was typed on asking.
  const plain = await (await browser.newContext({ ...DESKTOP, javaScriptEnabled: false, storageState: await editor.context().storageState() })).newPage();
  await plain.goto(`${serviceUrl}/editar`);
  await expect(plain.getByRole('toolbar')).toHaveCount(0);
  const detail = plain.getByLabel('Detalhes', { exact: true }).first();
  await detail.fill('Pague o DAR:\n\n- no banco\n- pelo aplicativo');
  await plain.getByRole('button', { name: 'Ver a prévia dos textos' }).click();
  await expect(plain.getByRole('region', { name: 'Prévia: Detalhes da etapa 1' }).locator('li')).toHaveText(['no banco', 'pelo aplicativo']);
  await expect(detail).toHaveValue('Pague o DAR:\n\n- no banco\n- pelo aplicativo');
  // What the step costs, in its own fields: a mistake comes back with what was typed.
  await plain.getByRole('button', { name: 'Adicionar custo à etapa 1' }).click();
  const fees = plain.getByRole('group', { name: 'Custos da etapa 1' });
  await fees.getByLabel('Custo 1: valor (R$)').fill('12,5');
  await fees.getByLabel('Custo 1: o que paga').fill('taxa de licenciamento');
  await fees.getByLabel('Custo 1: como pagar').fill('DAR no site do DETRAN-PI');
  await plain.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(plain.getByTestId('error-summary')).toContainText('Valor: escreva em reais, com os centavos (por exemplo: 84,68).');
  await expect(fees.getByLabel('Custo 1: o que paga')).toHaveValue('taxa de licenciamento');
  await expect(plain.getByLabel('Detalhes', { exact: true }).first()).toHaveValue('Pague o DAR:\n\n- no banco\n- pelo aplicativo');
  await fees.getByLabel('Custo 1: valor (R$)').fill('12,50');
  // Each document in its own row, with the act that requires it.
  await plain.getByRole('button', { name: 'Adicionar documento à etapa 1' }).click();
  const documents = plain.getByRole('group', { name: 'Documentos da etapa 1' });
  await documents.getByLabel(/^Documento \d+: nome$/).last().fill('Laudo de vistoria');
  await documents.getByLabel(/^Documento \d+: base legal$/).last().fill('Resolução CONTRAN 809/2020');
  await expect(fees.getByLabel('Custo 1: valor (R$)')).toHaveValue('12,50');
  await plain.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(plain).toHaveURL(serviceUrl);
  await plain.goto(`${serviceUrl}/editar`);
  await expect(plain.getByRole('group', { name: 'Documentos da etapa 1' }).getByLabel(/^Documento \d+: base legal$/).last()).toHaveValue('Resolução CONTRAN 809/2020');
  await plain.goto(`${serviceUrl}/previa`);
  const previewed = plain.getByTestId('service-preview');
  await expect(previewed.getByText('pelo aplicativo', { exact: true })).toBeVisible();
  await expect(previewed.getByText('Quanto custa esta etapa:')).toBeVisible();
  await expect(previewed.getByText('Laudo de vistoria', { exact: true }).first()).toBeVisible();
  await expect(previewed.getByRole('listitem').filter({ hasText: /^R\$ 12,50: taxa de licenciamento\. Como pagar: DAR no site do DETRAN-PI$/ })).toBeVisible();

  await editor.goto(serviceUrl);
  await editor.getByRole('button', { name: 'Descartar rascunho' }).click();
  await editor.getByRole('alertdialog', { name: /^Descartar o rascunho\?/ }).getByRole('button', { name: 'Sim, descartar' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Rascunho descartado. O conteúdo publicado continua no ar.');
});
