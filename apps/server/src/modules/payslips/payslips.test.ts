import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { itRefusesBadBearers } from '../../test-support/bearer.ts';

const LIST = '/api/contracheque/sead/empresa/ultimos-contracheques';
let t: TestApp;
let joao: string;
let maria: string;
beforeAll(async () => {
  t = await createTestApp();
  joao = `Bearer ${await t.tokenFor('joao.souza')}`;
  maria = `Bearer ${await t.tokenFor('maria.silva')}`;
});
afterAll(() => t.close());

describe('pay slips', () => {
  it("lists João's six latest pay slips, newest first, the six months before this one", async () => {
    const res = await t.app.inject({ url: LIST, headers: { authorization: joao } });
    expect(res.statusCode).toBe(200);
    const slips = res.json();
    expect(slips).toHaveLength(6);
    const now = new Date();
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    expect(slips[0].periodo).toBe(`${String(last.getUTCMonth() + 1).padStart(2, '0')}/${last.getUTCFullYear()}`);
    for (const slip of slips) {
      expect(slip.periodo).toMatch(/^\d{2}\/\d{4}$/);
      expect(slip).toMatchObject({ siglaUrl: 'SEAD', servidor: { documento: '***.509.460-**', success: true, qtdErros: 0 } });
      expect(slip.link).toBe(`/api/contracheque/sead/empresa/contracheques/${slip.id}/pdf`);
      expect(typeof slip.id).toBe('number');
    }
    const keys = slips.map((s: { periodo: string }) => s.periodo.split('/').reverse().join(''));
    expect([...keys].sort().reverse()).toEqual(keys);
    expect((await t.app.inject({ url: LIST, headers: { authorization: maria } })).json()).toEqual([]);
  });

  it('downloads a real PDF named by month, year and bond', async () => {
    const [slip] = (await t.app.inject({ url: LIST, headers: { authorization: joao } })).json();
    const res = await t.app.inject({ url: slip.link, headers: { authorization: joao } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const [month, year] = slip.periodo.split('/');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="contracheque-${month}-${year}-SEAD.pdf"`);
    expect(slip.nomeArquivo).toBe(`contracheque-${month}-${year}-SEAD.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Contracheque ${slip.periodo} - SEAD`);
  });

  it("answers someone else's pay slip exactly like one that does not exist (404), and bad ids 400", async () => {
    const [slip] = (await t.app.inject({ url: LIST, headers: { authorization: joao } })).json();
    // A 403 here told Maria that João's id exists: she must not be able to tell it from a missing one.
    const stolen = await t.app.inject({ url: slip.link, headers: { authorization: maria } });
    const missing = await t.app.inject({ url: '/api/contracheque/sead/empresa/contracheques/999999/pdf', headers: { authorization: maria } });
    expect(stolen.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Contracheque não encontrado.' });
    expect(stolen.body).toBe(missing.body);
    expect(stolen.headers['content-type']).toBe(missing.headers['content-type']);
    // João still gets his own.
    expect((await t.app.inject({ url: slip.link, headers: { authorization: joao } })).statusCode).toBe(200);
    const bad = await t.app.inject({ url: '/api/contracheque/sead/empresa/contracheques/abc/pdf', headers: { authorization: joao } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/contracheque/);
    for (const id of ['99999999999999999999', '2147483648', '-1', '0', '1.5']) {
      const res = await t.app.inject({ url: `/api/contracheque/sead/empresa/contracheques/${id}/pdf`, headers: { authorization: joao } });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message, id).toMatch(/contracheque/);
    }
  });

  describe('list bearer checks', () => itRefusesBadBearers(() => t, () => ({ url: LIST }), 'joao.souza'));
  describe('download bearer checks', () => itRefusesBadBearers(() => t, () => ({ url: '/api/contracheque/sead/empresa/contracheques/1/pdf' }), 'joao.souza'));
});
