import { DEMO_DOCUMENTS } from '@portal/db';
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { axe, PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { pdfText } from './support/pdf.ts';
import { PEOPLE, touch } from './support/person.ts';
import { login } from './support/personal.ts';
import { startPortalWithLogin, type Portal } from './support/portal.ts';

// Issue 28's documents anyone can verify: a visitor, logged in or not, types the code printed on a document at
// /app/verificar and is told, in words, whether it is authentic or revoked; on a desktop with scripts and on a 320 px
// phone with none. Maria downloads her document from 'Documentos': a real PDF with its code.

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortalWithLogin();
});
test.afterAll(async () => {
  await portal?.close();
});

const grouped = (code: string) => code.match(/.{4}/g)!.join('-');
const verifyUrl = () => `${portal.origin}/app/verificar`;

test.describe('checking a document by its code', () => {
  test("an anonymous visitor on a desktop types Maria's code and sees it authentic", async ({ browser }) => {
    const person = PEOPLE[0]!;
    const context = await browser.newContext({ ...person.device });
    const page = await context.newPage();
    await page.goto(verifyUrl());
    await expect(page.getByRole('heading', { level: 1, name: 'Verificar documento' })).toBeVisible();
    const problems = await axe(page, 'verificar (vazio)');
    const field = page.getByLabel('Código de verificação');
    await touch(person, field);
    await field.pressSequentially(grouped(DEMO_DOCUMENTS.authentic), { delay: person.keyDelay / 4 });
    await touch(person, page.getByRole('button', { name: 'Verificar' }));
    const result = page.getByTestId('verification-result');
    await expect(result.getByRole('heading', { level: 2, name: 'Documento autêntico' })).toBeVisible();
    await expect(result).toContainText('Certidão Negativa de Débitos Estaduais');
    await expect(result).toContainText('Maria S.');
    await expect(result).not.toContainText('Conceição');
    expect(new URL(page.url()).searchParams.get('codigo')).toBe(grouped(DEMO_DOCUMENTS.authentic));
    problems.push(...(await axe(page, 'verificar (autêntico)')));
    expect(problems).toEqual([]);
    await context.close();
  });

  test('on a 320 px phone without JavaScript, typed in lower case with spaces, it is authentic too', async ({ browser }) => {
    const context = await browser.newContext({ ...PHONE, viewport: { width: 320, height: 640 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(verifyUrl());
    const field = page.getByLabel('Código de verificação');
    await field.tap();
    await field.fill(` ${DEMO_DOCUMENTS.authentic.toLowerCase().match(/.{4}/g)!.join(' ')} `);
    await page.getByRole('button', { name: 'Verificar' }).tap();
    const result = page.getByTestId('verification-result');
    await expect(result.getByRole('heading', { level: 2, name: 'Documento autêntico' })).toBeVisible();
    await expect(page.getByLabel('Código de verificação')).toHaveValue(grouped(DEMO_DOCUMENTS.authentic));
    // nothing wider than the screen: no sideways scrolling at 320 px
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await context.close();
    // axe runs in the page's own scripts: the same answer at 320 px, checked with them on
    const checked = await browser.newContext({ ...PHONE, viewport: { width: 320, height: 640 } });
    const withScripts = await checked.newPage();
    await withScripts.goto(`${verifyUrl()}?codigo=${DEMO_DOCUMENTS.authentic}`);
    await expect(withScripts.getByTestId('verification-result')).toBeVisible();
    expect(await axe(withScripts, 'verificar (320 px)')).toEqual([]);
    await checked.close();
  });

  test('a revoked code reads revoked, with the date and the reason; an unknown one, not found', async ({ page }) => {
    await page.goto(`${verifyUrl()}?codigo=${DEMO_DOCUMENTS.revoked}`);
    const result = page.getByTestId('verification-result');
    await expect(result.getByRole('heading', { level: 2, name: /^Documento revogado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/ })).toBeVisible();
    await expect(result).toContainText('Motivo: Emitida com a finalidade errada');
    const problems = await axe(page, 'verificar (revogado)');
    await page.getByLabel('Código de verificação').fill('ABCD-EFGH-JKMN');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByTestId('verification-result').getByRole('heading', { level: 2, name: 'Código não encontrado' })).toBeVisible();
    problems.push(...(await axe(page, 'verificar (não encontrado)')));
    expect(problems).toEqual([]);
  });
});

test.describe("Maria's documents", () => {
  test("she downloads her document from 'Documentos': a real PDF with her name and its code", async ({ page }) => {
    await login(page, 'maria.silva', portal.url());
    await page.goto(`${portal.origin}/app/app-documentos`);
    const list = page.getByTestId('issued-documents');
    const card = list.getByRole('listitem').filter({ hasText: grouped(DEMO_DOCUMENTS.authentic) });
    await expect(card.getByRole('heading', { level: 3, name: 'Certidão Negativa de Débitos Estaduais' })).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: grouped(DEMO_DOCUMENTS.revoked) })).toContainText('Revogado em');
    const problems = await axe(page, 'documentos');
    const download = page.waitForEvent('download');
    await card.getByRole('link', { name: /^Baixar PDF/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`documento-${grouped(DEMO_DOCUMENTS.authentic)}.pdf`);
    const bytes = await readFile((await file.path())!);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(`Certidão Negativa de Débitos Estaduais - ${grouped(DEMO_DOCUMENTS.authentic)}`);
    const text = await pdfText(bytes);
    for (const words of ['GOVERNO DO ESTADO DO PIAUÍ', 'Maria da Conceição Silva', grouped(DEMO_DOCUMENTS.authentic), 'Gisele Pires Barros', `${portal.origin}/app/verificar`]) expect(text).toContain(words);
    expect(text).toMatch(/Protocolo da solicitação: \d{4}-SEFAZ-\d{6}/);
    expect(problems).toEqual([]);
  });
});

test.describe('revocation', () => {
  // Last in this file: it revokes Maria's demo document on this file's own portal.
  test("SEFAZ's attendant revokes Maria's document in the back office; the very next check reads revoked, with the reason", async ({ page, browser }) => {
    // The visitor checked it a moment before: what she sees next must not be that answer again.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${verifyUrl()}?codigo=${grouped(DEMO_DOCUMENTS.authentic)}`);
    await expect(visitor.getByRole('heading', { level: 2, name: 'Documento autêntico' })).toBeVisible();

    // Staff who log in from the home land in the back office.
    await login(page, 'gisele.sefaz', portal.url(), `${portal.origin}/app/gestao`);
    await page.getByRole('link', { name: /^Documentos emitidos/ }).click();
    await page.getByLabel('Código de verificação').fill(DEMO_DOCUMENTS.authentic.toLowerCase());
    await page.getByRole('button', { name: 'Encontrar documento' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Documento autêntico' })).toBeVisible();
    const problems = await axe(page, 'gestão: documento');
    await page.getByLabel('Motivo da revogação').fill('curto');
    await page.getByRole('button', { name: 'Revogar documento' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'pelo menos 10 caracteres' })).toBeVisible();
    await page.getByLabel('Motivo da revogação').fill('Certidão emitida com a finalidade errada.');
    await page.getByRole('button', { name: 'Revogar documento' }).click();
    await expect(page.getByTestId('gestao-notice')).toContainText(`Documento ${grouped(DEMO_DOCUMENTS.authentic)} revogado`);
    await expect(page.getByRole('heading', { level: 2, name: /^Documento revogado em / })).toBeVisible();
    problems.push(...(await axe(page, 'gestão: revogado')));

    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 2, name: /^Documento revogado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/ })).toBeVisible();
    await expect(visitor.getByTestId('verification-result')).toContainText('Motivo: Certidão emitida com a finalidade errada.');
    expect(problems).toEqual([]);
  });
});
