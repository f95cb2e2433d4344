import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { PushStandIn, SmtpStandIn } from '../apps/server/src/test-support/stand-ins.ts';
import { axe, PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { pdfText } from './support/pdf.ts';
import { PEOPLE, slowNetwork, touch, type Person } from './support/person.ts';
import { login } from './support/personal.ts';
import { startPortalWithLogin, type Portal } from './support/portal.ts';

// Issue 27's citizen half, as Maria lives it: she requests a service of SEFAZ in the portal, stops, goes on on
// another device, uploads her medical report, checks her answers, sends, and gets a protocol, a receipt PDF, a
// push on her phone and an e-mail; the request is in 'Solicitações' with its step. On a desktop with scripts, and
// on a phone with none (every form is a plain form post), acting as soon as what she needs is visible.

let portal: Portal;
let push: PushStandIn;
let smtp: SmtpStandIn;
let dataDir: string;

test.beforeAll(async () => {
  push = new PushStandIn();
  smtp = new SmtpStandIn();
  dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-requests-'));
  portal = await startPortalWithLogin({ DATA_DIR: dataDir, PUSH_URL: await push.start(), SMTP_URL: await smtp.start(), JOBS_POLL_SECONDS: '0.5' });
  // Maria's phone has the app, with pushes on.
  const token = 'ExponentPushToken[maria-e2e]';
  const { appAccessToken } = await import('./support/personal.ts');
  const bearer = await appAccessToken(portal.origin, 'maria.silva');
  const res = await fetch(`${portal.origin}/api/middleware/notificacoes/mensagem/habilitarNotificacaoPush/${encodeURIComponent(token)}`, { method: 'PUT', headers: { authorization: `Bearer ${bearer}` } });
  expect(res.status).toBe(200);
});
test.afterAll(async () => {
  await portal?.close();
  await push?.stop();
  await smtp?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function pdf(text: string) {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(text);
  return Buffer.from(await doc.save());
}

/** Types at the person's pace into the field the label names, as soon as it is visible. */
async function answer(page: Page, person: Person, label: string | RegExp, text: string) {
  const field = page.getByLabel(label, { exact: typeof label === 'string' });
  await touch(person, field);
  await field.pressSequentially(text, { delay: person.keyDelay / 4 });
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Salvar e continuar' });

async function newPerson(browser: Browser, person: Person, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ ...person.device, javaScriptEnabled });
  const page = await context.newPage();
  if (person.slow) await slowNetwork(page);
  return page;
}

test.describe('Maria requests a service in the portal', () => {
  test.describe.configure({ mode: 'serial' });

  test('on a desktop with scripts: stops, goes on elsewhere, uploads, checks, sends; protocol, receipt, push, e-mail, Solicitações', async ({ browser }) => {
    test.setTimeout(120_000);
    const person = PEOPLE[0]!;
    const page = await newPerson(browser, person, true);
    await login(page, 'maria.silva', portal.url());
    await page.goto(portal.url(`/${await categoryOf(page, 'isencao-de-ipva-para-pessoa-com-deficiencia')}/isencao-de-ipva-para-pessoa-com-deficiencia`));
    await touch(person, page.getByTestId('service-request'));
    await expect(page.getByRole('heading', { level: 1, name: /Solicitar: Isenção de IPVA/ })).toBeVisible();
    const problems = await axe(page, 'início da solicitação');
    await touch(person, page.getByRole('button', { name: 'Começar agora' }));

    // Page 1: the vehicle.
    await expect(page.getByRole('heading', { level: 1, name: 'O veículo' })).toBeVisible();
    await answer(page, person, 'Placa do veículo', 'PIA1B23');
    await answer(page, person, 'Renavam', '01234567890');
    await touch(person, page.getByRole('radio', { name: 'Não' }));
    await touch(person, continueButton(page));

    // Page 2: someone else drives; a wrong CPF is refused with the summary, focused, and what she typed kept.
    await expect(page.getByRole('heading', { level: 1, name: 'Quem dirige o veículo' })).toBeVisible();
    await touch(person, page.getByRole('radio', { name: /Outra pessoa/ }));
    await answer(page, person, 'CPF de quem dirige', '111.111.111-11');
    await answer(page, person, 'Nome de quem dirige', 'José de Souza');
    await touch(person, continueButton(page));
    const summary = page.getByTestId('error-summary');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('o CPF não é válido');
    await expect(page.getByLabel('Nome de quem dirige')).toHaveValue('José de Souza');
    problems.push(...(await axe(page, 'página com erro')));
    await summary.getByRole('link', { name: /CPF não é válido/ }).click();
    await expect(page.getByLabel('CPF de quem dirige')).toBeFocused();
    await page.getByLabel('CPF de quem dirige').fill('153.509.460-56');
    await touch(person, continueButton(page));
    await expect(page.getByRole('heading', { level: 1, name: 'Laudo médico' })).toBeVisible();
    await page.context().close();

    // Another device: the draft is in 'Solicitações' and goes on where she stopped.
    const other = await newPerson(browser, person, true);
    await login(other, 'maria.silva', portal.url());
    await other.goto(`${portal.origin}/app/acompanhar-minhas-solicitacoes`);
    await touch(person, other.getByRole('link', { name: /Continuar: Isenção de IPVA/ }));
    await touch(person, other.getByRole('button', { name: 'Continuar de onde parei' }));
    await expect(other.getByRole('heading', { level: 1, name: 'Laudo médico' })).toBeVisible();

    // A file that is not what it says is refused, nothing kept; the real report is kept.
    await other.getByLabel('Laudo médico').setInputFiles({ name: 'laudo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('isto não é um PDF') });
    await touch(person, other.getByRole('button', { name: 'Anexar arquivo' }));
    await expect(other.getByTestId('error-summary')).toContainText('O arquivo não é um PDF, JPEG ou PNG');
    await other.getByLabel('Laudo médico').setInputFiles({ name: 'laudo-medico.pdf', mimeType: 'application/pdf', buffer: await pdf('Laudo: CID G80') });
    await touch(person, other.getByRole('button', { name: 'Anexar arquivo' }));
    await expect(other.getByRole('list', { name: /Arquivos enviados/ })).toContainText('laudo-medico.pdf');
    await touch(person, continueButton(other));

    // 'Verifique suas respostas': each answer with its change link, her data from the account, the declaration.
    await expect(other.getByRole('heading', { level: 1, name: 'Verifique suas respostas antes de enviar' })).toBeVisible();
    await expect(other.getByText('PIA1B23')).toBeVisible();
    await expect(other.getByText('laudo-medico.pdf')).toBeVisible();
    await expect(other.getByText('529.982.247-25')).toBeVisible();
    problems.push(...(await axe(other, 'verifique suas respostas')));
    await touch(person, other.getByRole('button', { name: 'Enviar a solicitação' }));
    await expect(other.getByTestId('error-summary')).toContainText('marque a declaração');
    await touch(person, other.getByRole('checkbox', { name: /Declaro/ }));
    await touch(person, other.getByRole('button', { name: 'Enviar a solicitação' }));

    // The protocol, read over the phone in three parts.
    await expect(other.getByRole('heading', { level: 1, name: 'Solicitação enviada' })).toBeVisible();
    const protocol = (await other.getByTestId('protocol').textContent())!.replace(/\s/g, '');
    expect(protocol).toMatch(/^\d{4}-SEFAZ-\d{6}$/);
    problems.push(...(await axe(other, 'solicitação enviada')));
    const download = other.waitForEvent('download');
    await touch(person, other.getByRole('link', { name: 'Baixar o comprovante (PDF)' }));
    const receipt = await download;
    const text = await pdfText(new Uint8Array(await (await receipt.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks))));
    expect(text).toContain(protocol);
    expect(text).toContain('PIA1B23');
    expect(text).toContain('laudo-medico.pdf');

    // The push to her phone and the e-mail.
    await expect.poll(() => push.received.flatMap((r) => r.body.map((m) => m.title))).toContain(`Solicitação enviada: ${protocol}`);
    await expect.poll(() => smtp.received.map((m) => m.subject)).toContain(`Solicitação enviada: ${protocol}`);

    // 'Solicitações' lists it with its step.
    await other.goto(`${portal.origin}/app/acompanhar-minhas-solicitacoes`);
    const card = other.getByTestId('requests-list').getByRole('listitem').filter({ hasText: protocol });
    await expect(card).toContainText('Enviada');
    await expect(card).toContainText('Etapa: Reúna os documentos');
    problems.push(...(await axe(other, 'solicitações')));
    // The one waiting for her answer, with its reply form.
    await touch(person, other.getByTestId('requests-list').getByRole('listitem').filter({ hasText: 'Transporte escolar' }).getByRole('link'));
    await expect(other.getByRole('heading', { name: 'O órgão aguarda a sua resposta' })).toBeVisible();
    problems.push(...(await axe(other, 'solicitação aguardando resposta')));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('on a phone without scripts: a page shown only for one answer, a file, check, send', async ({ browser }) => {
    test.setTimeout(120_000);
    // The narrowest phone the portal is made for.
    const person = { ...PEOPLE[1]!, device: { ...PHONE, viewport: { width: 320, height: 640 } } };
    const page = await newPerson(browser, person, false);
    await page.goto(`${portal.origin}/app/entrar?returnTo=${encodeURIComponent('/app/acompanhar-minhas-solicitacoes')}`);
    await page.getByLabel('Usuário').fill('maria.silva');
    await page.getByLabel('Senha').fill('portal-demo');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.goto(portal.url(`/${await categoryOf(page, 'segunda-via-da-cnh')}/segunda-via-da-cnh`));
    await touch(person, page.getByTestId('service-request'));
    await touch(person, page.getByRole('button', { name: 'Começar agora' }));
    await touch(person, page.getByRole('radio', { name: 'Foi roubada ou furtada' }));
    await touch(person, continueButton(page));
    // Shown only because it was stolen.
    await expect(page.getByRole('heading', { level: 1, name: 'Boletim de ocorrência' })).toBeVisible();
    await page.getByLabel('Boletim de ocorrência').setInputFiles({ name: 'bo.pdf', mimeType: 'application/pdf', buffer: await pdf('Boletim de ocorrência 123/2026') });
    // Continuing with a file chosen keeps it: no separate 'Anexar' needed.
    await touch(person, continueButton(page));
    await expect(page.getByRole('heading', { level: 1, name: 'Onde entregar' })).toBeVisible();
    await answer(page, person, 'CEP', '64000100');
    await answer(page, person, 'Endereço, número e complemento', 'Rua Areolino de Abreu, 1200');
    await touch(person, continueButton(page));
    await expect(page.getByRole('heading', { level: 1, name: 'Verifique suas respostas antes de enviar' })).toBeVisible();
    await expect(page.getByText('bo.pdf')).toBeVisible();
    // Changing an answer from the summary: 'perdi' now, and the stolen-only page is no longer asked.
    await touch(person, page.getByRole('link', { name: /Alterar O que aconteceu/ }));
    await touch(person, page.getByRole('radio', { name: 'Perdi' }));
    await touch(person, continueButton(page));
    await expect(page.getByRole('heading', { level: 1, name: 'Onde entregar' })).toBeVisible();
    await touch(person, continueButton(page));
    await expect(page.getByText('bo.pdf')).toHaveCount(0);
    await touch(person, page.getByRole('checkbox', { name: /Declaro/ }));
    await touch(person, page.getByRole('button', { name: 'Enviar a solicitação' }));
    await expect(page.getByTestId('protocol')).toContainText(/DETRAN/);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('following her requests: answers the department with a file, rates a concluded one, withdraws another (no scripts)', async ({ browser }) => {
    test.setTimeout(120_000);
    const person = PEOPLE[0]!;
    const page = await newPerson(browser, person, false);
    await page.goto(`${portal.origin}/app/entrar?returnTo=${encodeURIComponent('/app/acompanhar-minhas-solicitacoes')}`);
    await page.getByLabel('Usuário').fill('maria.silva');
    await page.getByLabel('Senha').fill('portal-demo');
    await page.getByRole('button', { name: 'Entrar' }).click();
    const list = page.getByTestId('requests-list');
    const waiting = list.getByRole('listitem').filter({ hasText: 'Transporte escolar' });
    await expect(waiting).toContainText('O órgão aguarda a sua resposta');
    await touch(person, waiting.getByRole('link'));
    await expect(page.getByRole('heading', { name: 'O órgão aguarda a sua resposta' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'O órgão aguarda a sua resposta' }).getByText(/rua ou da comunidade/)).toBeVisible();
    // Sending nothing is refused, with the summary; then a file and the text.
    await touch(person, page.getByRole('button', { name: 'Enviar resposta', exact: true }).last());
    await expect(page.getByTestId('error-summary')).toContainText('Escreva a sua resposta');
    await page.getByLabel('Documentos (opcional)').setInputFiles({ name: 'mapa.pdf', mimeType: 'application/pdf', buffer: await pdf('Ponto: em frente à igreja') });
    await page.getByRole('textbox', { name: 'Sua resposta' }).fill('Rua Sete de Setembro, em frente à igreja de São Benedito.');
    await touch(person, page.getByRole('button', { name: 'Enviar resposta', exact: true }).last());
    await expect(page.getByText('Resposta enviada ao SEDUC.')).toBeVisible();
    await expect(page.getByText('Em análise').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Histórico e mensagens' })).toBeVisible();
    await expect(page.getByText(/Arquivos: mapa\.pdf/)).toBeVisible();

    // The concluded one asks to be rated; the rating shows on the service's page, apart.
    await page.goto(`${portal.origin}/app/acompanhar-minhas-solicitacoes`);
    await touch(person, list.getByRole('listitem').filter({ hasText: 'Avalie o serviço' }).getByRole('link'));
    await touch(person, page.getByRole('radio', { name: '4' }));
    await touch(person, page.getByRole('button', { name: 'Avaliar' }));
    await expect(page.getByText(/Obrigado pela avaliação/)).toBeVisible();
    await page.goto(portal.url(`/${await categoryOf(page, 'certidao-negativa-de-debitos-estaduais')}/certidao-negativa-de-debitos-estaduais`));
    await expect(page.getByTestId('verified-ratings')).toHaveText(/Nota 4 de 5 dada por 1 pessoa que usou o serviço pelo portal/);

    // Withdrawing asks first; then it is closed.
    await page.goto(`${portal.origin}/app/acompanhar-minhas-solicitacoes`);
    await touch(person, list.getByRole('listitem').filter({ hasText: 'Segunda via da CNH' }).first().getByRole('link'));
    await touch(person, page.getByRole('button', { name: 'Desistir da solicitação' }));
    await touch(person, page.getByRole('button', { name: 'Sim, desistir' }));
    await expect(page.getByText('Você desistiu da solicitação. Ela foi encerrada.')).toBeVisible();
  });
});

/** The category a service's address has (the catalog's own answer). */
async function categoryOf(page: Page, slug: string): Promise<string> {
  const res = await page.request.get(`${portal.origin}/v1/catalog/${slug}/load`);
  return ((await res.json()) as { category: { slug: string } }).category.slug;
}
