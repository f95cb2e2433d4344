import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { axe, DESKTOP } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { login as loginAs } from './support/personal.ts';
import type { Portal } from './support/portal.ts';

// The request form's builder and its preview in the back office (issue 27): a DETRAN-PI editor gives a service
// with no form one (a yes/no question, and a page with an upload shown only for 'sim'), a mistake is refused with
// nothing lost, the preview walks the pages as a citizen would, and after review and publication the service's
// public page offers 'Solicitar'. Then the same builder and preview without JavaScript. The person types and taps
// as soon as what they need is visible, never waiting for the page's scripts.

async function staffPage(browser: Browser, origin: string, username: string, options: BrowserContextOptions = DESKTOP): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await loginAs(page, username, `${origin}/app/catalog`, `${origin}/app/gestao`);
  return page;
}

const serviceId = (portal: Portal, slug: string) =>
  portal.app.db.execute(sql`select id from services where slug = ${slug}`).then((r) => (r as unknown as { rows: { id: number }[] }).rows[0]!.id);

const pageGroup = (page: Page, n: number) => page.getByRole('group', { name: new RegExp(`^Página ${n}\\b`) });
const questionGroup = (scope: Locator, n: number) => scope.getByRole('group', { name: new RegExp(`^Pergunta ${n}\\b`) });

/**
 * The form both tests build: page 1 asks a yes/no question; page 2, shown only for 'sim', asks for a PDF up to
 * 5 MB. `nextValues`: without scripts, a button shows the values of the condition's question just chosen.
 */
async function buildForm(editor: Page, { nextValues }: { nextValues: boolean }) {
  await editor.getByLabel('O serviço é solicitado pelo portal').check();
  await editor.getByLabel('Prazo de resposta (dias úteis)').fill('15');
  await editor.getByLabel('Introdução').fill('Tenha à mão o laudo médico, se tiver uma condição de saúde a declarar.');
  await editor.getByRole('button', { name: 'Adicionar página' }).click();
  const first = pageGroup(editor, 1);
  await first.getByLabel('Título da página').fill('Sua saúde');
  await questionGroup(first, 1).getByLabel('Pergunta', { exact: true }).fill('Você tem uma condição de saúde a declarar?');
  await questionGroup(first, 1).getByLabel('Tipo de resposta').selectOption('sim_nao');

  await editor.getByRole('button', { name: 'Adicionar página' }).click();
  const second = pageGroup(editor, 2);
  await second.getByLabel('Título da página').fill('Laudo médico');
  const when = second.getByRole('group', { name: 'Quando mostrar esta página' });
  await when.getByLabel('Depende da resposta a').selectOption({ label: 'Você tem uma condição de saúde a declarar?' });
  if (nextValues) await when.getByRole('button', { name: /^Mostrar os valores da pergunta escolhida/ }).click();
  await pageGroup(editor, 2).getByRole('group', { name: 'Quando mostrar esta página' }).getByLabel('Sim', { exact: true }).check();
  const upload = questionGroup(pageGroup(editor, 2), 1);
  await upload.getByLabel('Pergunta', { exact: true }).fill('Laudo médico');
  await upload.getByLabel('Tipo de resposta').selectOption('arquivo');
  await upload.getByLabel('PDF').check();
  await upload.getByLabel(/^Tamanho máximo de cada arquivo/).fill('5');
  await editor.getByLabel('Declaração').fill('Declaro que as informações prestadas são verdadeiras.');
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(editor.getByTestId('gestao-notice')).toContainText('Formulário salvo no rascunho.');
  // The identifiers came from the titles and labels, and stay now.
  await expect(pageGroup(editor, 1)).toContainText('Identificador: sua_saude');
  await expect(questionGroup(pageGroup(editor, 2), 1)).toContainText('Identificador: laudo_medico');
}

/** The preview: 'Não' skips the report's page; 'Sim' shows it; the last step checks the answers. */
async function walkPreview(editor: Page) {
  await editor.getByRole('link', { name: 'Ver a prévia do formulário salvo' }).click();
  await expect(editor.getByTestId('preview-banner')).toContainText('Prévia: nada é enviado.');
  await editor.getByRole('button', { name: 'Começar' }).click();
  await expect(editor.getByRole('heading', { name: 'Sua saúde' })).toBeVisible();
  await expect(editor.getByText('Página 1 de 1')).toBeVisible();
  // Nothing answered: the citizen's own check refuses it.
  await editor.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(editor.getByTestId('error-summary')).toContainText('Responda: Você tem uma condição de saúde a declarar?');
  await editor.getByLabel('Não', { exact: true }).check();
  await editor.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(editor.getByRole('heading', { name: 'Verifique suas respostas antes de enviar' })).toBeVisible();
  await expect(editor.getByRole('heading', { name: 'Laudo médico' })).toHaveCount(0);
  await editor.getByRole('button', { name: 'Alterar Você tem uma condição de saúde a declarar?' }).click();
  await editor.getByLabel('Sim', { exact: true }).check();
  await editor.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(editor.getByRole('heading', { name: 'Laudo médico' })).toBeVisible();
  await expect(editor.getByText('Página 2 de 2')).toBeVisible();
  await expect(editor.getByText('Na prévia, os arquivos não são enviados')).toBeVisible();
  await expect(editor.getByLabel('Laudo médico')).toHaveAttribute('type', 'file');
  await editor.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(editor.getByRole('heading', { name: 'Verifique suas respostas antes de enviar' })).toBeVisible();
  await expect(editor.getByRole('heading', { name: 'Laudo médico' })).toBeVisible();
  await editor.getByRole('button', { name: 'Enviar a solicitação' }).click();
  await expect(editor.getByTestId('error-summary')).toContainText('Para enviar, marque a declaração.');
  await editor.getByLabel('Declaro que as informações prestadas são verdadeiras.').check();
  await editor.getByRole('button', { name: 'Enviar a solicitação' }).click();
  await expect(editor.getByText('Prévia concluída: nada foi enviado.')).toBeVisible();
}

test('an editor builds a request form with a condition and an upload, previews it, and after review citizens can request the service', async ({ browser, loginPortal: portal }) => {
  test.setTimeout(180_000);
  const editor = await staffPage(browser, portal.origin, 'ana.detran');
  await editor.goto(`${portal.origin}/app/gestao`);
  await editor.getByRole('link', { name: 'Renovação da CNH', exact: true }).first().click();
  const serviceUrl = editor.url();
  await editor.getByRole('link', { name: 'Formulário de solicitação' }).click();
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Formulário de solicitação: Renovação da CNH');
  await expect(editor.getByLabel('O serviço é solicitado pelo portal')).not.toBeChecked();
  await buildForm(editor, { nextValues: false });
  expect(await axe(editor, 'gestão: formulário de solicitação')).toEqual([]);
  // On a 320 px phone with text at 200 %, nothing of the builder spills sideways.
  await editor.setViewportSize({ width: 320, height: 640 });
  await editor.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  const spilling = await editor.locator('main form *').evaluateAll((all) => all.filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1).map((el) => el.outerHTML.slice(0, 120)));
  expect(spilling).toEqual([]);
  await editor.evaluate(() => (document.documentElement.style.fontSize = ''));
  await editor.setViewportSize({ width: 1280, height: 800 });

  // A mistake: a choice with one option. Refused, linked to its field, and nothing typed is lost.
  await editor.getByRole('button', { name: 'Adicionar pergunta à página 1' }).click();
  const choice = questionGroup(pageGroup(editor, 1), 2);
  await choice.getByLabel('Pergunta', { exact: true }).fill('Qual a categoria da sua CNH?');
  await choice.getByLabel('Tipo de resposta').selectOption('escolha');
  await choice.getByLabel(/^Opções/).fill('Categoria B');
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  const summary = editor.getByTestId('error-summary');
  await expect(summary.getByRole('link')).toHaveText(['Página 1, pergunta 2: "Qual a categoria da sua CNH?": dê ao menos duas opções.']);
  await summary.getByRole('link').click();
  await expect(questionGroup(pageGroup(editor, 1), 2).getByLabel(/^Opções/)).toBeFocused();
  await expect(questionGroup(pageGroup(editor, 1), 2).getByLabel('Pergunta', { exact: true })).toHaveValue('Qual a categoria da sua CNH?');
  await expect(editor.getByLabel('Declaração')).toHaveValue('Declaro que as informações prestadas são verdadeiras.');
  expect(await axe(editor, 'gestão: formulário de solicitação com erro')).toEqual([]);
  // She moves it up, then thinks better of it and removes it.
  await editor.getByRole('button', { name: 'Mover para cima a pergunta 2 da página 1' }).click();
  await expect(questionGroup(pageGroup(editor, 1), 1).getByLabel('Pergunta', { exact: true })).toHaveValue('Qual a categoria da sua CNH?');
  await editor.getByRole('button', { name: 'Remover a pergunta 1 da página 1' }).click();
  await expect(editor.getByRole('status').filter({ hasText: 'Pergunta 1 da página 1 removida' })).toBeVisible();
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(editor.getByTestId('gestao-notice')).toContainText('Formulário salvo no rascunho.');

  await walkPreview(editor);
  expect(await axe(editor, 'gestão: prévia do formulário')).toEqual([]);

  // Review: sent by the editor; the reviewer reads the form in the preview only, and publishes it.
  await editor.goto(serviceUrl);
  await editor.getByLabel('Nota da alteração').fill('Solicitação pelo portal, com o laudo médico quando há condição de saúde.');
  await editor.getByRole('button', { name: 'Enviar para revisão' }).click();
  await expect(editor.getByTestId('gestao-notice')).toHaveText('Alteração enviada para revisão.');

  const reviewer = await staffPage(browser, portal.origin, 'bruno.detran');
  await reviewer.goto(serviceUrl);
  await reviewer.getByRole('link', { name: 'Formulário de solicitação' }).click();
  await expect(reviewer.getByText('Você pode revisar, mas não editar')).toBeVisible();
  await expect(reviewer.getByRole('button', { name: 'Salvar rascunho' })).toHaveCount(0);
  await reviewer.getByRole('link', { name: 'Ver a prévia do formulário salvo' }).click();
  await reviewer.getByRole('button', { name: 'Começar' }).click();
  await expect(reviewer.getByRole('heading', { name: 'Sua saúde' })).toBeVisible();
  await reviewer.goto(serviceUrl);
  await reviewer.getByRole('button', { name: 'Aprovar' }).click();
  await expect(reviewer.getByTestId('gestao-notice')).toHaveText('Alteração aprovada.');

  const citizen = await (await browser.newContext(DESKTOP)).newPage();
  await citizen.goto(`${portal.origin}/app/catalog/transito-e-veiculos/renovacao-da-cnh`);
  await expect(citizen.getByTestId('service-request')).toHaveText(/Solicitar/);
});

test.describe('without JavaScript', () => {
  test('the builder saves a form with a condition, and the preview walks it', async ({ browser, loginPortal: portal }) => {
    test.setTimeout(120_000);
    // Logged in where scripts run (the login page is the provider's); then the same session without them.
    const login = await (await browser.newContext(DESKTOP)).newPage();
    await loginAs(login, 'ana.detran', `${portal.origin}/app/catalog`, `${portal.origin}/app/gestao`);
    const editor = await (await browser.newContext({ ...DESKTOP, javaScriptEnabled: false, storageState: await login.context().storageState() })).newPage();
    await editor.goto(`${portal.origin}/app/gestao/servicos/${await serviceId(portal, 'adicao-de-categoria-da-cnh')}/formulario`);
    await buildForm(editor, { nextValues: true });
    // A mistake comes back with the summary and the form as typed.
    await pageGroup(editor, 2).getByLabel('Título da página').fill('');
    await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
    await expect(editor.getByTestId('error-summary').getByRole('link')).toHaveText(['Página 2: Dê um título a cada página.']);
    await expect(questionGroup(pageGroup(editor, 2), 1).getByLabel('Pergunta', { exact: true })).toHaveValue('Laudo médico');
    await pageGroup(editor, 2).getByLabel('Título da página').fill('Laudo médico');
    await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
    await expect(editor.getByTestId('gestao-notice')).toContainText('Formulário salvo no rascunho.');
    await walkPreview(editor);

    // The session ends while she types: the form comes back as typed, and says how to go on.
    await editor.getByRole('link', { name: 'Voltar ao formulário' }).click();
    await editor.context().clearCookies();
    await editor.getByLabel('Introdução').fill('Tenha à mão o laudo médico em PDF.');
    await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
    await expect(editor.getByRole('alert').filter({ hasText: 'Sua sessão expirou' })).toBeVisible();
    await expect(editor.getByLabel('Introdução')).toHaveValue('Tenha à mão o laudo médico em PDF.');
    await expect(questionGroup(pageGroup(editor, 2), 1).getByLabel('PDF')).toBeChecked();
  });
});
