import { DEMO_DOCUMENTS, schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../../../web/scripts/ensure-build.mjs';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { itRefusesBadBearers } from '../../test-support/bearer.ts';
import * as repository from './documents.repository.ts';
import { issueDocument, newVerificationCode } from './documents.service.ts';

const verify = (code: string) => `/v1/documentos/verificacao/${encodeURIComponent(code)}`;
const revoke = (code: string) => `/v1/gestao/documentos/${code}/revogar`;
const grouped = (code: string) => code.match(/.{4}/g)!.join('-');

// The pages (/app/verificar, 'Documentos' and its downloads) are apps/web's: build it when missing or stale.
(ensureBuild as () => boolean)();
let t: TestApp;
const bearer: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['maria.silva', 'joao.souza', 'gisele.sefaz', 'davi.central', 'elisa.detran', 'ana.detran']) bearer[user] = `Bearer ${await t.tokenFor(user)}`;
});
afterAll(() => t.close());

/** A fresh document of Maria's concluded SEFAZ request, issued as the 'deferir' action will. */
async function issue(title = 'Certidão de teste') {
  const [request] = await t.database.db.select().from(schema.serviceRequests).where(eq(schema.serviceRequests.state, 'concluida'));
  return t.database.db.transaction((tx) =>
    issueDocument(tx, {
      requestId: request!.id,
      citizenSub: request!.citizenSub,
      citizenName: request!.citizen.name,
      serviceId: request!.serviceId,
      departmentSlug: 'sefaz',
      title,
      text: 'Primeiro parágrafo.\n\nSegundo parágrafo.',
      issuedBy: { sub: 'staff-sub', name: 'Gisele Pires Barros', username: 'gisele.sefaz' },
    }),
  );
}

describe('verification codes', () => {
  it('are 12 characters of the alphabet without look-alikes, drawn afresh each time', () => {
    const codes = new Set(Array.from({ length: 2000 }, newVerificationCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{12}$/);
    // every character of the alphabet shows up (uniform draws, not a subset)
    expect(new Set([...codes].join('')).size).toBe(31);
  });

  it('draws again when a code is taken, inside the caller’s transaction', async () => {
    const draws = [DEMO_DOCUMENTS.authentic, 'ZZZZ2222ZZZZ'];
    const [request] = await t.database.db.select().from(schema.serviceRequests).where(eq(schema.serviceRequests.state, 'concluida'));
    const issued = await t.database.db.transaction((tx) =>
      issueDocument(
        tx,
        { requestId: request!.id, citizenSub: request!.citizenSub, citizenName: 'Maria da Conceição Silva', serviceId: request!.serviceId, departmentSlug: 'sefaz', title: 'Outra', text: 'Texto.', issuedBy: { sub: 's', name: 'N', username: 'u' } },
        () => draws.shift()!,
      ),
    );
    expect(issued.code).toBe('ZZZZ2222ZZZZ');
  });

  it('leaves nothing behind when the transaction that issued it rolls back', async () => {
    let code = '';
    await expect(
      t.database.db.transaction(async (tx) => {
        ({ code } = await issueDocument(tx, { requestId: null, citizenSub: 'x', citizenName: 'X', serviceId: 1, departmentSlug: 'sefaz', title: 'T', text: 'Texto', issuedBy: { sub: 's', name: 'N', username: 'u' } }));
        throw new Error('the request could not be concluded');
      }),
    ).rejects.toThrow('concluded');
    expect((await t.app.inject({ url: verify(code) })).json().status).toBe('nao_encontrado');
  });

  it('refuses a document without a title or a text', async () => {
    await expect(issueDocument(t.database.db, { requestId: null, citizenSub: 'x', citizenName: 'X', serviceId: 1, departmentSlug: 'sefaz', title: ' ', text: 'a', issuedBy: { sub: 's', name: 'N', username: 'u' } })).rejects.toThrow(
      'Dê um título ao documento.',
    );
  });
});

describe('public verification', () => {
  it("says Maria's certificate is authentic, what it says, and of Maria only 'Maria S.'", async () => {
    const res = await t.app.inject({ url: verify(DEMO_DOCUMENTS.authentic) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      code: grouped(DEMO_DOCUMENTS.authentic),
      status: 'autentico',
      document: {
        title: 'Certidão Negativa de Débitos Estaduais',
        citizen: 'Maria S.',
        department: { slug: 'sefaz' },
        service: { slug: 'certidao-negativa-de-debitos-estaduais' },
        revoked: null,
      },
    });
    expect(body.document.text).toContain('não constam débitos');
    const raw = res.body;
    for (const personal of ['Conceição', '52998224725', 'maria.silva', '5b0f8a2e', 'citizenSub', 'protocol', 'gisele']) expect(raw).not.toContain(personal);
  });

  it.each([
    ['lower case', (c: string) => c.toLowerCase()],
    ['grouped with hyphens', grouped],
    ['with spaces', (c: string) => ` ${c.match(/.{4}/g)!.join(' ')} `],
    ['with dots and dashes mixed', (c: string) => `${c.slice(0, 4)}.${c.slice(4, 8)}–${c.slice(8).toLowerCase()}`],
  ])('normalises a code typed %s', async (_name, typed) => {
    expect((await t.app.inject({ url: verify(typed(DEMO_DOCUMENTS.authentic)) })).json()).toMatchObject({ status: 'autentico', code: grouped(DEMO_DOCUMENTS.authentic) });
  });

  it('answers not found, with nothing else, for an unknown code or one that cannot be a code', async () => {
    expect((await t.app.inject({ url: verify('2222-3333-4444') })).json()).toEqual({ code: '2222-3333-4444', status: 'nao_encontrado', document: null });
    expect((await t.app.inject({ url: verify('O0I1-L') })).json()).toMatchObject({ status: 'nao_encontrado', document: null });
    expect((await t.app.inject({ url: verify('x'.repeat(41)) })).statusCode).toBe(400);
  });

  it('shows a revoked document as revoked, with when and why', async () => {
    const body = (await t.app.inject({ url: verify(DEMO_DOCUMENTS.revoked) })).json();
    expect(body).toMatchObject({ status: 'revogado', document: { revoked: { at: expect.any(String), reason: expect.stringContaining('finalidade errada') } } });
  });

  it('is rate-limited with the rest of the public API', async () => {
    const limited = await createTestApp({ database: t.database, keysFrom: t, env: { API_RATE_LIMIT: '3', API_RATE_LIMIT_WINDOW_SECONDS: '60' } });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await limited.app.inject({ url: verify(DEMO_DOCUMENTS.authentic), remoteAddress: '198.51.100.7' })).statusCode);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
    await limited.app.close();
  });
});

describe("the citizen's documents", () => {
  it('lists hers, newest first, revoked ones marked; none for João', async () => {
    const res = await t.app.inject({ url: '/v1/documentos', headers: { authorization: bearer['maria.silva']! } });
    expect(res.statusCode).toBe(200);
    const { documents } = res.json();
    const demo = documents.filter((d: { code: string }) => [grouped(DEMO_DOCUMENTS.authentic), grouped(DEMO_DOCUMENTS.revoked)].includes(d.code));
    expect(demo).toHaveLength(2);
    expect(demo[0]).toMatchObject({ code: grouped(DEMO_DOCUMENTS.authentic), protocol: expect.stringMatching(/^\d{4}-SEFAZ-\d{6}$/), issuedBy: 'Gisele Pires Barros', revoked: null, pdf: `/v1/documentos/${demo[0].id}/pdf` });
    expect(demo[1]).toMatchObject({ code: grouped(DEMO_DOCUMENTS.revoked), protocol: null, revoked: { reason: expect.any(String) } });
    expect((await t.app.inject({ url: '/v1/documentos', headers: { authorization: bearer['joao.souza']! } })).json()).toEqual({ documents: [] });
  });

  itRefusesBadBearers(() => t, () => ({ url: '/v1/documentos' }));

  it('downloads her document as a real PDF, with its code in its title', async () => {
    const { documents } = (await t.app.inject({ url: '/v1/documentos', headers: { authorization: bearer['maria.silva']! } })).json();
    const mine = documents.find((d: { code: string }) => d.code === grouped(DEMO_DOCUMENTS.authentic));
    const res = await t.app.inject({ url: mine.pdf, headers: { authorization: bearer['maria.silva']! } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="documento-${grouped(DEMO_DOCUMENTS.authentic)}.pdf"`);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Certidão Negativa de Débitos Estaduais - ${grouped(DEMO_DOCUMENTS.authentic)}`);
    expect(pdf.getAuthor()).toMatch(/^Governo do Estado do Piauí - /);
    // many small squares: the QR code is drawn (vector), not left out
    expect(res.rawPayload.length).toBeGreaterThan(3000);
  });

  it("answers 404 for another citizen's document, as for one that does not exist, and 401 without a login", async () => {
    const { documents } = (await t.app.inject({ url: '/v1/documentos', headers: { authorization: bearer['maria.silva']! } })).json();
    const url = documents[0].pdf;
    const other = await t.app.inject({ url, headers: { authorization: bearer['joao.souza']! } });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Documento não encontrado.');
    expect((await t.app.inject({ url: '/v1/documentos/99999/pdf', headers: { authorization: bearer['joao.souza']! } })).json().message).toBe('Documento não encontrado.');
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v1/documentos/abc/pdf', headers: { authorization: bearer['maria.silva']! } })).statusCode).toBe(400);
  });

  itRefusesBadBearers(() => t, () => ({ url: '/v1/documentos/1/pdf' }));
});

describe('revocation', () => {
  const reason = { reason: 'Emitido com dados incorretos do imóvel.' };
  const post = (code: string, user: string | null, body: object = reason) =>
    t.app.inject({ method: 'POST', url: revoke(code), payload: body, headers: user ? { authorization: bearer[user]! } : {} });

  it('is refused to a citizen, to another department, to an editor of the catalog, and without a login', async () => {
    const { code } = await issue();
    expect((await post(code, null)).statusCode).toBe(401);
    const citizen = await post(code, 'maria.silva');
    expect(citizen.statusCode).toBe(403);
    const other = await post(code, 'elisa.detran');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Só a equipe do órgão que emitiu o documento (ou a equipe central) pode revogá-lo.');
    expect((await post(code, 'ana.detran')).statusCode).toBe(403);
    expect((await t.app.inject({ url: verify(code) })).json().status).toBe('autentico');
  });

  it('needs a reason of at least 10 characters, and a code that exists', async () => {
    const { code } = await issue();
    const short = await post(code, 'gisele.sefaz', { reason: '  errado  ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/pelo menos 10 caracteres/);
    expect((await post(code, 'gisele.sefaz', {})).statusCode).toBe(400);
    const missing = await post('2222-3333-4444', 'gisele.sefaz');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Documento não encontrado: confira o código.');
  });

  it("by the department's attendant: the very next check says revoked, with the reason; a second revocation is refused", async () => {
    const { code } = await issue();
    const before = await t.app.inject({ url: verify(code) });
    expect(before.json().status).toBe('autentico');
    const res = await post(grouped(code).toLowerCase(), 'gisele.sefaz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'revogado', document: { revoked: { reason: reason.reason } } });
    expect((await t.app.inject({ url: verify(code) })).json()).toMatchObject({ status: 'revogado', document: { revoked: { reason: reason.reason } } });
    const again = await post(code, 'davi.central');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Este documento já foi revogado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const [row] = await t.database.db.select().from(schema.issuedDocuments).where(eq(schema.issuedDocuments.code, code));
    expect(row).toMatchObject({ revokedByName: 'Gisele Pires Barros', revocationReason: reason.reason });
    // Maria is told, once, in her notifications
    const told = await t.database.db.select().from(schema.notifications).where(eq(schema.notifications.title, 'Um documento seu foi revogado'));
    expect(told.filter((n) => n.body.includes(grouped(code)))).toHaveLength(1);
    expect(told[0]!.userSub).toBe(row!.citizenSub);
  });

  it('by two people at once: exactly one wins, the other is told it was already revoked', async () => {
    for (let round = 0; round < 5; round++) {
      const { code } = await issue();
      const answers = await Promise.all([post(code, 'gisele.sefaz', { reason: 'Primeira revogação, pela atendente.' }), post(code, 'davi.central', { reason: 'Segunda revogação, pela equipe central.' })]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.statusCode === 200)!.json();
      const [row] = await t.database.db.select().from(schema.issuedDocuments).where(eq(schema.issuedDocuments.code, code));
      expect(row!.revocationReason).toBe(winner.document.revoked.reason);
    }
  });

  it('at the statement itself: of two conditional updates racing on one row, exactly one changes it', async () => {
    for (let round = 0; round < 5; round++) {
      const { code } = await issue();
      const at = new Date();
      const won = await Promise.all(['a', 'b', 'c'].map((who) => repository.revoke(t.database.db, code, { at, bySub: who, byName: who, reason: `Revogado por ${who} no teste.` })));
      expect(won.filter(Boolean)).toHaveLength(1);
    }
  });
});

describe('the pages', () => {
  const page = (code: string) => t.app.inject({ url: `/app/verificar?codigo=${encodeURIComponent(code)}`, remoteAddress: '203.0.113.9' });

  it('/app/verificar answers an anonymous visitor in the HTML itself, in words, and is never kept by a cache', async () => {
    const empty = await t.app.inject({ url: '/app/verificar' });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('name="codigo"');
    const res = await page(grouped(DEMO_DOCUMENTS.authentic).toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Documento autêntico');
    expect(res.body).toContain('Maria S.');
    expect(res.body).not.toContain('Conceição');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await page(DEMO_DOCUMENTS.authentic)).headers['x-cache']).toBeUndefined();
    expect((await page(DEMO_DOCUMENTS.revoked)).body).toMatch(/Documento revogado em \d{2}\/\d{2}\/\d{4}/);
    expect((await page('ABCD-EFGH-JKMN')).body).toContain('Código não encontrado');
    expect((await page('   ')).body).toContain('Digite o código de verificação do documento.');
  });

  it('reads as revoked on the very next view after a revocation, page and data request alike', async () => {
    const { code } = await issue('Autorização de teste');
    for (let i = 0; i < 3; i++) expect((await page(code)).body).toContain('Documento autêntico');
    const data = () => t.app.inject({ url: `/app/verificar.data?codigo=${code}`, remoteAddress: '203.0.113.9' });
    expect((await data()).body).toContain('autentico');
    await t.app.inject({ method: 'POST', url: revoke(code), payload: { reason: 'Emitida para o imóvel errado.' }, headers: { authorization: bearer['gisele.sefaz']! } });
    const after = await page(code);
    expect(after.body).toContain('Documento revogado em');
    expect(after.body).toContain('Emitida para o imóvel errado.');
    const afterData = await data();
    expect(afterData.body).toContain('revogado');
    expect(afterData.headers['cache-control']).toBe('private, no-store');
  });

  it("'Documentos' lists Maria's issued documents with their downloads, and the download is her PDF only", async () => {
    const cookie = await t.webSession('maria.silva');
    const res = await t.app.inject({ url: '/app/app-documentos', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Documentos emitidos pelos órgãos');
    expect(res.body).toContain(grouped(DEMO_DOCUMENTS.authentic));
    const href = res.body.match(/href="(\/app\/minha-area\/documentos\/\d+)"/)![1]!;
    const pdf = await t.app.inject({ url: href, headers: { cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThan(0);
    const joao = await t.app.inject({ url: href, headers: { cookie: await t.webSession('joao.souza') } });
    expect(joao.statusCode).toBe(404);
    expect(joao.body).toBe('Documento não encontrado.');
    const anonymous = await t.app.inject({ url: href });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toMatch(/^\/app\/entrar\?returnTo=/);
  });
});

describe('the API description', () => {
  it('documents the four calls in /openapi.json', async () => {
    const paths = Object.keys((await t.app.inject({ url: '/openapi.json' })).json().paths);
    for (const path of ['/v1/documentos/verificacao/{codigo}', '/v1/documentos', '/v1/documentos/{id}/pdf', '/v1/gestao/documentos/{codigo}/revogar']) expect(paths).toContain(path);
  });
});
