import { schema } from '@portal/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../../../web/scripts/ensure-build.mjs';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { itRefusesBadBearers } from '../../test-support/bearer.ts';
import { linkKey } from './payslips.links.ts';
import * as service from './payslips.service.ts';

const LIST = '/api/contracheque/sead/empresa/ultimos-contracheques';
/** The bearer-token download (the web app's, through its backend). */
const pdf = (id: number | string) => `/api/contracheque/sead/empresa/contracheques/${id}/pdf`;
/** What the app requests of `link`: path and query; its origin is the portal's public one. */
const bare = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
type Slip = { id: number; link: string; periodo: string; nomeArquivo: string };
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// The web app's download route is a page of apps/web: build it when missing or stale.
(ensureBuild as () => boolean)();
let t: TestApp;
let joao: string;
let maria: string;
let joaoSub: string;
beforeAll(async () => {
  t = await createTestApp();
  joao = `Bearer ${await t.tokenFor('joao.souza')}`;
  maria = `Bearer ${await t.tokenFor('maria.silva')}`;
  joaoSub = (await t.app.inject({ url: '/v1/me', headers: { authorization: joao } })).json().sub;
});
afterAll(() => t.close());

const joaosSlips = async (): Promise<Slip[]> => (await t.app.inject({ url: LIST, headers: { authorization: joao } })).json();

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
      // An absolute address on the portal's public origin, with nothing personal in it: the id, an
      // expiry ten minutes ahead and a signature.
      const link = new URL(slip.link);
      expect(link.origin).toBe('http://localhost:3000');
      expect(link.pathname).toBe(`/api/contracheque/sead/empresa/contracheques/${slip.id}/arquivo`);
      expect([...link.searchParams.keys()]).toEqual(['expira', 'assinatura']);
      expect(Number(link.searchParams.get('expira')) - Date.now() / 1000).toBeGreaterThan(590);
      expect(Number(link.searchParams.get('expira')) - Date.now() / 1000).toBeLessThanOrEqual(600);
      expect(link.searchParams.get('assinatura')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(slip.link).not.toContain(joaoSub);
      expect(slip.link).not.toContain('joao.souza');
      expect(typeof slip.id).toBe('number');
    }
    const keys = slips.map((s: { periodo: string }) => s.periodo.split('/').reverse().join(''));
    expect([...keys].sort().reverse()).toEqual(keys);
    expect((await t.app.inject({ url: LIST, headers: { authorization: maria } })).json()).toEqual([]);
  });

  it('downloads a real PDF named by month, year and bond from `link` with no header at all, as the app does', async () => {
    const [slip] = await joaosSlips();
    const res = await t.app.inject({ url: bare(slip!.link) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [month, year] = slip!.periodo.split('/');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="contracheque-${month}-${year}-SEAD.pdf"`);
    expect(slip!.nomeArquivo).toBe(`contracheque-${month}-${year}-SEAD.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Contracheque ${slip!.periodo} - SEAD`);
    // Used again within its time, it still works (the app may retry a failed download).
    expect((await t.app.inject({ url: bare(slip!.link) })).statusCode).toBe(200);
  });

  it('still downloads with the bearer token (the web app), the same PDF', async () => {
    const [slip] = await joaosSlips();
    const res = await t.app.inject({ url: pdf(slip!.id), headers: { authorization: joao } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${slip!.nomeArquivo}"`);
    const { PDFDocument } = await import('pdf-lib');
    expect((await PDFDocument.load(res.rawPayload)).getTitle()).toBe(`Contracheque ${slip!.periodo} - SEAD`);
  });

  it("answers someone else's pay slip exactly like one that does not exist (404), and bad ids 400", async () => {
    const [slip] = await joaosSlips();
    // A 403 here told Maria that João's id exists: she must not be able to tell it from a missing one.
    const stolen = await t.app.inject({ url: pdf(slip!.id), headers: { authorization: maria } });
    const missing = await t.app.inject({ url: '/api/contracheque/sead/empresa/contracheques/999999/pdf', headers: { authorization: maria } });
    expect(stolen.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Contracheque não encontrado.' });
    expect(stolen.body).toBe(missing.body);
    expect(stolen.headers['content-type']).toBe(missing.headers['content-type']);
    // João still gets his own.
    expect((await t.app.inject({ url: pdf(slip!.id), headers: { authorization: joao } })).statusCode).toBe(200);
    const bad = await t.app.inject({ url: '/api/contracheque/sead/empresa/contracheques/abc/pdf', headers: { authorization: joao } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/contracheque/);
    for (const id of ['99999999999999999999', '2147483648', '-1', '0', '1.5']) {
      const res = await t.app.inject({ url: `/api/contracheque/sead/empresa/contracheques/${id}/pdf`, headers: { authorization: joao } });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message, id).toMatch(/contracheque/);
    }
  });

  describe('signed links', () => {
    const INVALID = { statusCode: 403, error: 'Forbidden', message: 'Link de download inválido. Baixe o contracheque pela lista de contracheques.' };
    const altered = (link: string, change: (query: URLSearchParams, url: URL) => void) => {
      const url = new URL(link);
      change(url.searchParams, url);
      return bare(url.href);
    };

    it('answers 403 in Portuguese to a link whose id, expiry or signature was changed, or that has none', async () => {
      const [slip, other] = await joaosSlips();
      const signature = new URL(slip!.link).searchParams.get('assinatura')!;
      const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
      const cases: Record<string, string> = {
        'another of his slips': altered(slip!.link, (_, url) => (url.pathname = url.pathname.replace(`/${slip!.id}/`, `/${other!.id}/`))),
        'a slip that does not exist': altered(slip!.link, (_, url) => (url.pathname = url.pathname.replace(`/${slip!.id}/`, '/999999/'))),
        'a later expiry': altered(slip!.link, (q) => q.set('expira', String(Number(q.get('expira')) + 3600))),
        'one changed character': altered(slip!.link, (q) => q.set('assinatura', flipped)),
        // The 43rd character carries 4 bits of the signature and 2 unused ones: flipping one of those
        // decodes to the same bytes, but is not the link that was given.
        "the last character's unused bits": altered(slip!.link, (q) => q.set('assinatura', `${signature.slice(0, 42)}${BASE64URL[BASE64URL.indexOf(signature[42]!) ^ 1]}`)),
        'no signature': altered(slip!.link, (q) => q.delete('assinatura')),
        'no expiry': altered(slip!.link, (q) => q.delete('expira')),
        'garbage': altered(slip!.link, (q) => (q.set('expira', 'amanhã'), q.set('assinatura', 'x'))),
        'nothing': bare(slip!.link).split('?')[0]!,
      };
      for (const [name, url] of Object.entries(cases)) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, name).toBe(403);
        expect(res.json(), name).toEqual(INVALID);
      }
      expect((await t.app.inject({ url: bare(slip!.link) })).statusCode).toBe(200);
    });

    it('answers 410 in Portuguese once the link is past its ten minutes', async () => {
      const links = { origin: 'http://localhost:3000', key: linkKey(() => t.app.db) };
      const [old] = await service.latest(t.app.db, links, joaoSub, Date.now() - 11 * 60_000);
      const expired = await t.app.inject({ url: bare(old!.link) });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ statusCode: 410, error: 'Gone', message: 'Este link de download expirou. Atualize a lista de contracheques e baixe de novo.' });
      const [recent] = await service.latest(t.app.db, links, joaoSub, Date.now() - 9 * 60_000);
      expect((await t.app.inject({ url: bare(recent!.link) })).statusCode).toBe(200);
    });

    it("never reaches another citizen's pay slip: a link is signed for its own citizen and slip", async () => {
      const mariaSub = (await t.app.inject({ url: '/v1/me', headers: { authorization: maria } })).json().sub as string;
      const [mine] = await t.app.db
        .insert(schema.paySlips)
        .values({ userSub: mariaSub, year: 2020, month: 1, bond: 'SEDUC', registration: '123', position: 'Professora', department: 'SEDUC', lines: [] })
        .returning({ id: schema.paySlips.id });
      const hers = (await t.app.inject({ url: LIST, headers: { authorization: maria } })).json() as Slip[];
      expect(hers.map((s) => s.id)).toEqual([mine!.id]);
      expect((await t.app.inject({ url: bare(hers[0]!.link) })).statusCode).toBe(200);
      // Her link with João's slip in it, and his with hers: both refused.
      const [his] = await joaosSlips();
      const swap = (link: string, from: number, to: number) => altered(link, (_, url) => (url.pathname = url.pathname.replace(`/${from}/`, `/${to}/`)));
      expect((await t.app.inject({ url: swap(hers[0]!.link, mine!.id, his!.id) })).statusCode).toBe(403);
      expect((await t.app.inject({ url: swap(his!.link, his!.id, mine!.id) })).statusCode).toBe(403);
      await t.app.db.execute(sql`delete from pay_slips where id = ${mine!.id}`);
    });
  });

  describe('the web app', () => {
    it("downloads the citizen's pay slip through its own page with the session, and not someone else's", async () => {
      const [slip] = await joaosSlips();
      const res = await t.app.inject({ url: `/app/minha-area/contracheques/${slip!.id}`, headers: { cookie: await t.webSession('joao.souza') } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${slip!.nomeArquivo}"`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const hers = await t.app.inject({ url: `/app/minha-area/contracheques/${slip!.id}`, headers: { cookie: await t.webSession('maria.silva') } });
      expect(hers.statusCode).toBe(404);
      expect(hers.body).toBe('Contracheque não encontrado.');
    });
  });

  describe('list bearer checks', () => itRefusesBadBearers(() => t, () => ({ url: LIST }), 'joao.souza'));
  describe('download bearer checks', () => itRefusesBadBearers(() => t, () => ({ url: '/api/contracheque/sead/empresa/contracheques/1/pdf' }), 'joao.souza'));
});
