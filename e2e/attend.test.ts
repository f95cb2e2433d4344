import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { formatIsoDay, todayInPiaui } from '@portal/contracts';
import { PIAUI_CALENDAR } from '@portal/db';
import { SmtpStandIn } from '../apps/server/src/test-support/stand-ins.ts';
import { axe, DESKTOP, PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { PEOPLE, touch } from './support/person.ts';
import { loginAs } from './support/personal.ts';
import { startPortalWithLogin, type Portal } from './support/portal.ts';

// Issue 28 as the people live it: DETRAN-PI's attendant claims Maria's request and asks her for a document; Maria,
// on a phone without scripts, answers with a file; the attendant opens it in the browser's viewer and concludes the
// request; Maria rates the service and reads, under 'Quem acessou meus dados', that the attendant opened her
// request and her file, and when. SEFAZ-PI's attendant cannot open it.

let portal: Portal;
let smtp: SmtpStandIn;
let dataDir: string;

test.beforeAll(async () => {
  smtp = new SmtpStandIn();
  dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-attend-'));
  portal = await startPortalWithLogin({ DATA_DIR: dataDir, SMTP_URL: await smtp.start(), JOBS_POLL_SECONDS: '0.5' });
});
test.afterAll(async () => {
  await portal?.close();
  await smtp?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function pdf(text: string) {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(text);
  return Buffer.from(await doc.save());
}

/** A person logged in on their own browser, landing on `path`. */
const loggedIn = (browser: Browser, username: string, path: string, options: { device?: typeof DESKTOP; javaScriptEnabled?: boolean } = {}) => loginAs(browser, portal.origin, username, path, options);

test.describe('a department works a citizen request to a decision', () => {
  test.describe.configure({ mode: 'serial' });
  let requestUrl = '';
  let code = '';

  test('the attendant claims Maria’s request from the queue and asks her for a document', async ({ browser }) => {
    const person = PEOPLE[0]!;
    const page = await loggedIn(browser, 'elisa.detran', '/app/gestao/solicitacoes');
    const row = page.getByTestId('queue-item').filter({ hasText: 'Segunda via da CNH' }).filter({ hasText: 'Maria da Conceição Silva' });
    await expect(row).toContainText('***.982.247-**');
    await expect(row).toContainText('Ninguém ainda');
    expect(await axe(page, 'fila')).toEqual([]);
    await touch(person, row.getByRole('link'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Segunda via da CNH');
    requestUrl = page.url();
    await expect(page.getByRole('region', { name: 'Cidadão' })).toContainText('529.982.247-25');
    await touch(person, page.getByRole('button', { name: 'Assumir esta solicitação' }));
    await expect(page.getByTestId('gestao-notice')).toContainText('Solicitação assumida');
    await expect(page.getByTestId('request-assignee')).toHaveText('Elisa Ferreira Santos');
    await expect(page.getByTestId('request-state')).toHaveText('Em análise');
    // Asking with nothing written is refused by the browser's own check; then the request.
    const ask = page.getByLabel('O que o cidadão deve enviar');
    await touch(person, ask);
    await ask.pressSequentially('Envie o boletim de ocorrência da perda da CNH.', { delay: person.keyDelay / 4 });
    await touch(person, page.getByRole('button', { name: 'Pedir ao cidadão' }));
    await expect(page.getByTestId('gestao-notice')).toContainText('O prazo fica parado até a resposta');
    await expect(page.getByTestId('request-state')).toHaveText('Aguardando o cidadão');
    expect(await axe(page, 'solicitação')).toEqual([]);
  });

  test('another department’s attendant cannot open it', async ({ browser }) => {
    const page = await loggedIn(browser, 'gisele.sefaz', '/app/gestao/solicitacoes');
    await expect(page.getByTestId('queue-item').filter({ hasText: 'Segunda via da CNH' })).toHaveCount(0);
    const answer = await page.goto(requestUrl);
    expect(answer?.status()).toBe(404);
    await expect(page.getByText('Solicitação não encontrada entre as do seu órgão.')).toBeVisible();
  });

  test('Maria, on a phone without scripts, is told and answers with a file', async ({ browser }) => {
    const person = PEOPLE[1] ?? PEOPLE[0]!;
    const page = await loggedIn(browser, 'maria.silva', '/app/acompanhar-minhas-solicitacoes', { device: PHONE, javaScriptEnabled: false });
    const item = page.getByTestId('requests-list').getByRole('listitem').filter({ hasText: 'Segunda via da CNH' }).filter({ hasText: 'O órgão aguarda a sua resposta' });
    await expect(item).toContainText('Envie o boletim de ocorrência');
    await touch(person, item.getByRole('link'));
    await page.getByLabel('Documentos (opcional)').setInputFiles({ name: 'boletim.pdf', mimeType: 'application/pdf', buffer: await pdf('Boletim de ocorrencia 4321/2026') });
    await page.getByRole('textbox', { name: 'Sua resposta' }).fill('Segue o boletim de ocorrência.');
    await touch(person, page.getByRole('button', { name: 'Enviar resposta', exact: true }).last());
    await expect(page.getByText('Resposta enviada ao DETRAN-PI.')).toBeVisible();
    // The e-mail came too.
    await expect.poll(() => smtp.received.some((m) => m.subject.startsWith('O órgão precisa de uma resposta sua'))).toBe(true);
  });

  test('the attendant opens her file in the browser’s viewer and concludes the request', async ({ browser }) => {
    const person = PEOPLE[0]!;
    const page = await loggedIn(browser, 'elisa.detran', new URL(requestUrl).pathname);
    await expect(page.getByTestId('request-state')).toHaveText('Em análise');
    await expect(page.getByTestId('history')).toContainText('Segue o boletim de ocorrência.');
    const file = page.getByRole('link', { name: /boletim\.pdf/ });
    const opened = page.context().waitForEvent('response', (r) => r.url().includes('/arquivos/'));
    await touch(person, file);
    const response = await opened;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toMatch(/^inline;/);
    const message = page.getByLabel('Mensagem ao cidadão', { exact: true });
    await touch(person, message);
    await message.pressSequentially('A segunda via será enviada pelos Correios.', { delay: person.keyDelay / 4 });
    await page.getByLabel('Título do documento').fill('Autorização de emissão da segunda via da CNH');
    await page.getByLabel('Texto do documento').fill('Autorizada a emissão da segunda via da CNH por perda, com boletim de ocorrência apresentado.');
    await touch(person, page.getByRole('button', { name: 'Deferir', exact: true }));
    await expect(page.getByTestId('gestao-notice')).toContainText('deferida');
    await expect(page.getByTestId('request-state')).toHaveText('Concluída');
  });

  test('Maria sees it concluded, rates it, and reads who opened her data', async ({ browser }) => {
    const person = PEOPLE[0]!;
    const page = await loggedIn(browser, 'maria.silva', '/app/acompanhar-minhas-solicitacoes');
    const item = page.getByTestId('requests-list').getByRole('listitem').filter({ hasText: 'Segunda via da CNH' }).filter({ hasText: 'Concluída' });
    await expect(item).toContainText('A segunda via será enviada pelos Correios.');
    await touch(person, item.getByRole('link'));
    const issued = page.getByTestId('request-document');
    await expect(issued).toContainText('Autorização de emissão da segunda via da CNH');
    code = /Código de verificação: ([A-Z0-9-]{14})/.exec(await issued.innerText())![1]!;
    await touch(person, page.getByRole('radio', { name: '5' }));
    await touch(person, page.getByRole('button', { name: 'Avaliar' }));
    await expect(page.getByText(/Obrigado pela avaliação/)).toBeVisible();
    // Her document, from 'Documentos', as a real PDF.
    await page.goto(`${portal.origin}/app/app-documentos`);
    const card = page.getByTestId('issued-documents').getByRole('listitem').filter({ hasText: code });
    const download = page.waitForEvent('download');
    await touch(person, card.getByRole('link', { name: /^Baixar PDF/ }));
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    await page.goto(`${portal.origin}/app/acompanhar-minhas-solicitacoes`);
    await touch(person, page.getByRole('link', { name: /Quem acessou meus dados/ }));
    const accesses = page.getByTestId('access').filter({ hasText: 'Segunda via da CNH' });
    await expect(accesses.filter({ hasText: 'abriu o arquivo "boletim.pdf"' })).toHaveCount(1);
    await expect(accesses.filter({ hasText: 'Elisa Ferreira Santos, do DETRAN-PI: abriu a solicitação' }).first()).toBeVisible();
    await expect(accesses.first()).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    expect(await axe(page, 'quem acessou')).toEqual([]);
  });

  test('anyone checks the document’s code: authentic, and revoked once the department revokes it', async ({ browser }) => {
    const visitor = await (await browser.newContext(PHONE)).newPage();
    await visitor.goto(`${portal.origin}/app/verificar`);
    const field = visitor.getByLabel('Código de verificação');
    await field.waitFor();
    await field.pressSequentially(code.toLowerCase().replaceAll('-', ' '), { delay: 40 });
    await visitor.getByRole('button', { name: 'Verificar' }).tap();
    await expect(visitor.getByTestId('verification-result').getByRole('heading', { level: 2, name: 'Documento autêntico' })).toBeVisible();
    await expect(visitor.getByTestId('verification-result')).not.toContainText('529.982.247-25');

    const staff = await loggedIn(browser, 'elisa.detran', '/app/gestao/documentos');
    await staff.getByLabel('Código de verificação').fill(code);
    await staff.getByRole('button', { name: 'Encontrar documento' }).click();
    await staff.getByLabel('Motivo da revogação').fill('Emitida por engano: a CNH foi encontrada pelo cidadão.');
    await staff.getByRole('button', { name: 'Revogar documento' }).click();
    await expect(staff.getByTestId('gestao-notice')).toContainText('revogado');

    await visitor.reload();
    await expect(visitor.getByTestId('verification-result').getByRole('heading', { level: 2, name: /^Documento revogado em / })).toBeVisible();
  });
});

test.describe('a lead closes a day the department does not open', () => {
  test.describe.configure({ mode: 'serial' });
  const day = PIAUI_CALENDAR.add(todayInPiaui(), 1);
  let protocol = '';
  let due = '';

  test('on a desktop: a refusal keeps what was typed; closed, the open requests are due a business day later', async ({ browser }) => {
    const person = PEOPLE[0]!;
    const page = await loggedIn(browser, 'bruno.detran', '/app/gestao/solicitacoes');
    // An open request due after today: its deadline moves.
    const row = page.getByTestId('queue-item').filter({ hasText: /\(\d+ (dia útil|dias úteis)\)/ }).first();
    protocol = (await row.getByRole('link').innerText()).trim();
    due = /(\d{2})\/(\d{2})\/(\d{4}) \(\d+ (dia útil|dias úteis)\)/.exec(await row.innerText())!.slice(1, 4).reverse().join('-');
    await touch(person, page.getByRole('link', { name: 'dias sem expediente' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Dias sem expediente' })).toBeVisible();
    await expect(page.getByLabel('Órgão')).toHaveValue('detran-pi');
    await page.getByLabel('Dia', { exact: true }).fill(day);
    await touch(person, page.getByRole('button', { name: 'Fechar o dia' }));
    await expect(page.getByRole('alert').filter({ hasText: 'Escreva' })).toHaveText('Escreva o motivo.');
    await expect(page.getByLabel('Dia', { exact: true })).toHaveValue(day);
    const reason = page.getByLabel('Motivo', { exact: true });
    await touch(person, reason);
    await reason.pressSequentially('Mudança de sede', { delay: person.keyDelay / 4 });
    await touch(person, page.getByRole('button', { name: 'Fechar o dia' }));
    await expect(page.getByTestId('gestao-notice')).toContainText(`${formatIsoDay(day)} fechado para DETRAN-PI.`);
    await expect(page.getByTestId('gestao-notice')).toContainText(/(passou|passaram) a vencer um dia útil depois/);
    await expect(page.getByTestId('closures').getByRole('row').filter({ hasText: 'Mudança de sede' })).toContainText(formatIsoDay(day));
    expect(await axe(page, 'dias sem expediente')).toEqual([]);
    await page.goto(`${portal.origin}/app/gestao/solicitacoes?busca=${protocol}`);
    await expect(page.getByTestId('queue-item')).toContainText(formatIsoDay(PIAUI_CALENDAR.add(due, 1)));
  });

  test('on a 320 px phone without scripts, an attendant may not close a day, and the lead opens it again', async ({ browser }) => {
    const attendant = await loggedIn(browser, 'elisa.detran', '/app/gestao/dias-sem-expediente', { device: { ...PHONE, viewport: { width: 320, height: 640 } }, javaScriptEnabled: false });
    await expect(attendant.getByText('Só quem coordena o atendimento de um órgão')).toBeVisible();
    await expect(attendant.getByRole('button', { name: /^Reabrir/ })).toHaveCount(0);

    const page = await loggedIn(browser, 'bruno.detran', '/app/gestao/dias-sem-expediente', { device: { ...PHONE, viewport: { width: 320, height: 640 } }, javaScriptEnabled: false });
    // The layout is measured once the page and its stylesheet have loaded (the login's redirect may still be arriving).
    await expect(page.getByRole('heading', { level: 1, name: 'Dias sem expediente' })).toBeVisible();
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.getByRole('button', { name: `Reabrir ${formatIsoDay(day)} (DETRAN-PI)` }).tap();
    await expect(page.getByTestId('gestao-notice')).toContainText(`${formatIsoDay(day)} voltou a ser dia de expediente`);
    await expect(page.getByText('Nenhum dia fechado de hoje em diante.')).toBeVisible();
    await page.goto(`${portal.origin}/app/gestao/solicitacoes?busca=${protocol}`);
    await expect(page.getByTestId('queue-item')).toContainText(formatIsoDay(due));
  });
});
