import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogItem, RequestDetail, RequestList } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { PushStandIn, SmtpStandIn } from '../../test-support/stand-ins.ts';

// Requests of services (issue 27), as the citizen's API and the pages' form posts make them, on the demo's forms:
// every answer checked against the form version, files by their content, one request per send whatever happens,
// the protocol, the receipt, the notices (bell, push, e-mail) and the drafts' expiry.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PCD = 'isencao-de-ipva-para-pessoa-com-deficiencia';

let t: TestApp;
let dataDir: string;
let push: PushStandIn;
let smtp: SmtpStandIn;
const bearer: Record<string, string> = {};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-requests-'));
  push = new PushStandIn();
  smtp = new SmtpStandIn();
  t = await createTestApp({ env: { DATA_DIR: dataDir, PUSH_URL: await push.start(), SMTP_URL: await smtp.start(), JOBS_POLL_SECONDS: '0.5' } });
  for (const who of ['maria.silva', 'joao.souza']) bearer[who] = `Bearer ${await t.tokenFor(who)}`;
  // Maria's phone gets pushes.
  const device = await t.app.inject({ method: 'PUT', url: `/api/middleware/notificacoes/mensagem/habilitarNotificacaoPush/${encodeURIComponent('ExponentPushToken[maria]')}`, headers: { authorization: bearer['maria.silva']! } });
  expect(device.statusCode, device.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await push.stop();
  await smtp.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const as = (who: string, options: InjectOptions) => t.app.inject({ ...options, headers: { ...options.headers, authorization: bearer[who]! } });
const maria = (options: InjectOptions) => as('maria.silva', options);
const start = async (service = PCD) => {
  const answer = await maria({ method: 'POST', url: '/v1/solicitacoes', payload: { service } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as RequestDetail;
};
const savePage = (id: number, page: string, answers: Record<string, string | string[]>, who = 'maria.silva') =>
  as(who, { method: 'PUT', url: `/v1/solicitacoes/${id}/paginas/${page}`, payload: { answers } });

/** A multipart body with one file, as a browser or the app sends it. */
function multipart(field: string, name: string, type: string, bytes: Buffer, fields: Record<string, string | string[]> = {}) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${v}\r\n`));
  }
  if (field) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`), bytes, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (id: number, question: string, name: string, type: string, bytes: Buffer, who = 'maria.silva') => {
  const body = multipart('arquivo', name, type, bytes);
  return as(who, { method: 'POST', url: `/v1/solicitacoes/${id}/arquivos?pergunta=${question}`, payload: body.payload, headers: body.headers });
};
const storedFiles = async () =>
  (await readdir(join(dataDir, 'files'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) => entry.isFile()).map((entry) => entry.name);

describe('a citizen requests a service', () => {
  let id: number;

  it('starts a draft with what the state knows of her, never asked again, and goes on with the same one', async () => {
    const draft = await start();
    id = draft.id;
    expect(draft).toMatchObject({ state: 'rascunho', protocol: null, known: { name: 'Maria da Conceição Silva', cpf: '52998224725', email: 'maria.silva@exemplo.com.br', phone: '86999990001' } });
    expect(draft.actions).toEqual(expect.arrayContaining(['salvar', 'enviar', 'descartar']));
    expect(draft.form.pages.map((p) => p.id)).toEqual(['veiculo', 'condutor', 'laudo']);
    // Starting again (another tab, another device) goes on with it.
    expect((await start()).id).toBe(id);
    const list = (await maria({ url: '/v1/solicitacoes' })).json() as RequestList;
    expect(list.requests.find((r) => r.id === id)).toMatchObject({ state: 'rascunho', todo: 'continuar' });
  });

  it('checks every answer against its form on the server, and a refused page changes nothing', async () => {
    const bad = await savePage(id, 'veiculo', { placa: '', renavam: '123', adaptado: 'talvez' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toEqual(['placa', 'renavam', 'adaptado']);
    expect(bad.json().fields[0].message).toBe('Responda: Placa do veículo.');
    expect(((await maria({ url: `/v1/solicitacoes/${id}` })).json() as RequestDetail).answers).toEqual({});

    const good = await savePage(id, 'veiculo', { placa: 'PIA1B23', renavam: '01234567890', adaptado: 'nao' });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ next: 'condutor', answers: { placa: 'PIA1B23', adaptado: 'nao' } });

    // A question shown only for one answer: asked when it holds, a wrong CPF refused.
    const wrongCpf = await savePage(id, 'condutor', { quem_dirige: 'outra', cpf_condutor: '111.111.111-11', nome_condutor: 'José' });
    expect(wrongCpf.json().fields).toEqual([{ field: 'cpf_condutor', message: 'CPF de quem dirige: o CPF não é válido. Confira os 11 números.', page: 'condutor' }]);
    const driver = await savePage(id, 'condutor', { quem_dirige: 'outra', cpf_condutor: '153.509.460-56', nome_condutor: 'José de Souza' });
    expect(driver.json().answers).toMatchObject({ cpf_condutor: '153.509.460-56' });
    // Changing the answer drops the questions that no longer apply.
    const self = await savePage(id, 'condutor', { quem_dirige: 'eu' });
    expect(self.statusCode).toBe(200);
    expect(self.json().answers.cpf_condutor).toBeUndefined();
  });

  it('keeps files by what they are, not what they are called, and stores nothing it refuses', async () => {
    const png = await upload(id, 'laudo_medico', 'laudo.pdf', 'application/pdf', PNG);
    expect(png.statusCode).toBe(201); // a PNG is accepted by this question: its name said PDF, its content PNG
    expect(png.json()).toMatchObject({ type: 'image/png', name: 'laudo.png' });
    const text = await upload(id, 'laudo_medico', 'laudo.pdf', 'application/pdf', Buffer.from('não sou um PDF'));
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/PDF, JPEG ou PNG/);
    const tooBig = await upload(id, 'laudo_medico', 'grande.pdf', 'application/pdf', Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toMatch(/10 MB/);
    // A body that says multipart and is not (no boundary, or cut short) is refused, not a server error.
    for (const headers of [{ 'content-type': 'multipart/form-data' }, { 'content-type': 'multipart/form-data; boundary=abc' }]) {
      const broken = await maria({ method: 'POST', url: `/v1/solicitacoes/${id}/arquivos?pergunta=laudo_medico`, payload: '{"value": 1}', headers });
      expect(broken.statusCode, broken.body).toBe(400);
      expect(broken.json().message).toMatch(/multipart\/form-data/);
    }
    const wrongQuestion = await upload(id, 'placa', 'x.pdf', 'application/pdf', PDF);
    expect(wrongQuestion.statusCode).toBe(404);
    // Only the PNG is stored.
    expect(await storedFiles()).toHaveLength(1);
    const opened = await maria({ url: `/v1/solicitacoes/${id}` });
    expect(opened.json().files).toHaveLength(1);
    // Where a file is kept is the server's business: neither its key nor its field goes to the citizen.
    const stored = await t.database.db.execute(sql`select storage_key as key from request_files where request_id = ${id}`);
    const key = (stored as unknown as { rows: { key: string }[] }).rows[0]!.key;
    expect(opened.body).not.toContain(key);
    expect(opened.body).not.toMatch(/storageKey|withReply/);
    // Removing it removes the stored file; then the report as a PDF.
    const removed = await maria({ method: 'DELETE', url: `/v1/solicitacoes/${id}/arquivos/${png.json().id}` });
    expect(removed.statusCode).toBe(200);
    expect(await storedFiles()).toHaveLength(0);
    const report = await upload(id, 'laudo_medico', 'Laudo médico.pdf', 'application/pdf', PDF);
    expect(report.statusCode, report.body).toBe(201);
    // Nobody else reaches it: another citizen's try is 'not found', as a request that does not exist.
    expect((await upload(id, 'laudo_medico', 'x.pdf', 'application/pdf', PDF, 'joao.souza')).statusCode).toBe(404);
    expect((await as('joao.souza', { url: `/v1/solicitacoes/${id}/arquivos/${report.json().id}` })).statusCode).toBe(404);
    const download = await maria({ url: `/v1/solicitacoes/${id}/arquivos/${report.json().id}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox" });
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses to send what is missing, pointing at the page; then sends once, whatever happens', async () => {
    const noDeclaration = await maria({ method: 'POST', url: `/v1/solicitacoes/${id}/enviar`, payload: {} });
    expect(noDeclaration.statusCode, noDeclaration.body).toBe(400);
    // Two sends at once (a double tap, two tabs): one request, one protocol.
    const [a, b] = await Promise.all([
      maria({ method: 'POST', url: `/v1/solicitacoes/${id}/enviar`, payload: { declaration: 'aceito' } }),
      maria({ method: 'POST', url: `/v1/solicitacoes/${id}/enviar`, payload: { declaration: 'aceito' } }),
    ]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    const sent = a.json() as RequestDetail;
    expect(sent.protocol).toMatch(/^\d{4}-SEFAZ-\d{6}$/);
    expect((b.json() as RequestDetail).protocol).toBe(sent.protocol);
    expect(sent).toMatchObject({ state: 'enviada', step: { index: 0, name: 'Reúna os documentos' }, todo: null });
    expect(sent.deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A retried POST after a timeout answers the same request.
    const again = await maria({ method: 'POST', url: `/v1/solicitacoes/${id}/enviar`, payload: { declaration: 'aceito' } });
    expect((again.json() as RequestDetail).protocol).toBe(sent.protocol);
    const count = await t.database.db.execute(sql`select count(*)::int as n from service_requests where citizen_sub = (select sub from users where username = 'maria.silva') and protocol = ${sent.protocol}`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    // The answers no longer change, nor the files.
    expect((await savePage(id, 'veiculo', { placa: 'XXX0000', renavam: '01234567890', adaptado: 'sim' })).statusCode).toBe(409);
    expect((await upload(id, 'laudo_medico', 'x.pdf', 'application/pdf', PDF)).statusCode).toBe(409);
  });

  it('tells her: the bell, a push to her phone, an e-mail, and a receipt PDF with the answers', async () => {
    const sent = (await maria({ url: `/v1/solicitacoes/${id}` })).json() as RequestDetail;
    await t.app.jobs.settle(['avisar-solicitante', 'email', 'push']);
    const bell = await maria({ url: '/api/middleware/notificacoes/mensagem/buscar?pageIndex=0&pageSize=5' });
    expect(bell.body).toContain(`Solicitação enviada: ${sent.protocol}`);
    const pushed = await push.requests(1);
    expect(pushed.flatMap((r) => r.body.map((m) => m.title))).toContain(`Solicitação enviada: ${sent.protocol}`);
    const [mail] = await smtp.messages(1);
    expect(mail).toMatchObject({ to: ['maria.silva@exemplo.com.br'], subject: `Solicitação enviada: ${sent.protocol}` });
    expect(mail!.text).toContain('/app/acompanhar-minhas-solicitacoes/');

    const receipt = await maria({ url: `/v1/solicitacoes/${id}/comprovante` });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(receipt.rawPayload);
    expect(pdf.getTitle()).toBe(`Comprovante da solicitação ${sent.protocol}`);
    expect(pdf.getPageCount()).toBeGreaterThan(0);
  });
});

describe('what a citizen may do, and when', () => {
  it('asks for the account level the service asks, and says how to raise it', async () => {
    await t.database.db.execute(sql`update services set access_profile_id = (select id from access_profiles where name = 'OURO') where slug = 'isencao-de-ipva-para-taxistas'`);
    const refused = await maria({ method: 'POST', url: '/v1/solicitacoes', payload: { service: 'isencao-de-ipva-para-taxistas' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/nível ouro ou maior.*Acesso Cidadão/);
    // A service not requested in the portal is not found here.
    expect((await maria({ method: 'POST', url: '/v1/solicitacoes', payload: { service: 'renovacao-da-cnh' } })).statusCode).toBe(404);
  });

  it('tells a citizen halfway through an older form what changed, and carries her answers to the new one', async () => {
    const draft = await start('historico-escolar');
    expect((await savePage(draft.id, 'estudo', { escola: 'Liceu Piauiense', ano_conclusao: '2004', entrega: 'digital' })).statusCode).toBe(200);
    // The department publishes a new form meanwhile: one question more.
    await t.database.db.execute(sql`
      update services set request_form = jsonb_set(request_form, '{pages,0,questions}', (request_form #> '{pages,0,questions}') || '[{"id":"turno","kind":"texto","label":"Turno em que estudou","hint":"","required":true,"options":[],"accept":[]}]'::jsonb)
      where slug = 'historico-escolar'`);
    const outdated = (await maria({ url: `/v1/solicitacoes/${draft.id}` })).json() as RequestDetail;
    expect(outdated.formChanged).toBe('Perguntas novas: "Turno em que estudou".');
    const refused = await maria({ method: 'POST', url: `/v1/solicitacoes/${draft.id}/enviar`, payload: { declaration: 'aceito' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/mudou enquanto você preenchia/);
    // Going on moves the draft to the new form, answers to the same questions kept.
    const moved = await start('historico-escolar');
    expect(moved).toMatchObject({ id: draft.id, formChanged: null, answers: { escola: 'Liceu Piauiense', ano_conclusao: '2004' } });
    expect(moved.form.pages[0]!.questions.map((q) => q.id)).toContain('turno');
    const missing = await maria({ method: 'POST', url: `/v1/solicitacoes/${draft.id}/enviar`, payload: { declaration: 'aceito' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([{ page: 'estudo', field: 'turno', message: 'Responda: Turno em que estudou.' }]);
  });

  it('answers the department, withdraws, and rates a service she really used, shown apart from anonymous ratings', async () => {
    const list = ((await maria({ url: '/v1/solicitacoes' })).json() as RequestList).requests;
    const waiting = list.find((r) => r.state === 'aguardando_cidadao')!;
    expect(waiting).toMatchObject({ todo: 'responder', lastMessage: expect.stringMatching(/rua ou da comunidade/) });
    expect((await as('joao.souza', { method: 'POST', url: `/v1/solicitacoes/${waiting.id}/responder`, payload: { message: 'Oi' } })).statusCode).toBe(404);
    const replied = await maria({ method: 'POST', url: `/v1/solicitacoes/${waiting.id}/responder`, payload: { message: 'Rua Sete de Setembro, em frente à igreja.' } });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({ state: 'em_analise', todo: null });
    expect((await maria({ method: 'POST', url: `/v1/solicitacoes/${waiting.id}/responder`, payload: { message: 'De novo' } })).statusCode).toBe(409);

    const sent = list.find((r) => r.state === 'enviada')!;
    const withdrawn = await maria({ method: 'POST', url: `/v1/solicitacoes/${sent.id}/desistir`, payload: { reason: 'Achei a CNH.' } });
    expect(withdrawn.json()).toMatchObject({ state: 'cancelada' });
    expect((await maria({ method: 'POST', url: `/v1/solicitacoes/${sent.id}/avaliacao`, payload: { value: 5 } })).statusCode).toBe(409);

    const done = list.find((r) => r.state === 'concluida')!;
    expect(done.todo).toBe('avaliar');
    expect((await maria({ method: 'POST', url: `/v1/solicitacoes/${done.id}/avaliacao`, payload: { value: 9 } })).statusCode).toBe(400);
    const rated = await maria({ method: 'POST', url: `/v1/solicitacoes/${done.id}/avaliacao`, payload: { value: 4 } });
    expect(rated.json()).toMatchObject({ rating: 4, todo: null });
    // The list says so too: nothing left to do for it, while the others keep theirs.
    const after = ((await maria({ url: '/v1/solicitacoes' })).json() as RequestList).requests;
    expect(after.find((r) => r.id === done.id)!.todo).toBeNull();
    expect(after.filter((r) => r.state === 'rascunho').every((r) => r.todo === 'continuar')).toBe(true);
    const page = (await t.app.inject({ url: `/v1/catalog/${done.service.slug}/load` })).json() as CatalogItem;
    expect(page.verifiedRatings).toEqual({ count: 1, average: 4 });
    expect(page.requestable).toBe(true);
  });
});

describe("the pages' form posts", () => {
  it('save a page sent without JavaScript, files and all, and send the browser on; a refused page comes back with what was typed', async () => {
    const cookie = await t.webSession('maria.silva');
    const draft = await start('comunicacao-de-venda-de-veiculo');
    const post = (page: string, body: ReturnType<typeof multipart>, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `/app/solicitacoes/${draft.id}/paginas/${page}`, payload: body.payload, headers: { ...body.headers, cookie, 'sec-fetch-site': 'same-origin', ...headers } });
    const first = await post('veiculo', multipart('', '', '', Buffer.alloc(0), { placa: 'PIA1B23', renavam: '01234567890', data_venda: '10/11/2026', acao: 'continuar' }));
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/app/catalog/veiculos-e-transito/comunicacao-de-venda-de-veiculo/solicitar/comprador'.replace('veiculos-e-transito', draft.service.categorySlug));

    // A wrong CPF with a file chosen: the file is kept, the answers typed come back with the problem.
    const refused = await post('comprador', multipart('recibo', 'recibo.pdf', 'application/pdf', PDF, { cpf_comprador: '123', nome_comprador: 'Pedro Alves', acao: 'continuar' }));
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toMatch(/\/solicitar\/comprador\?erro=1$/);
    const back = (await maria({ url: `/v1/solicitacoes/${draft.id}` })).json() as RequestDetail;
    expect(back.pending).toMatchObject({ page: 'comprador', typed: { cpf_comprador: '123', nome_comprador: 'Pedro Alves' }, errors: [{ field: 'cpf_comprador' }] });
    expect(back.files.map((f) => f.name)).toEqual(['recibo.pdf']);
    expect(back.answers.cpf_comprador).toBeUndefined();

    const fixed = await post('comprador', multipart('', '', '', Buffer.alloc(0), { cpf_comprador: '529.982.247-25', nome_comprador: 'Pedro Alves', acao: 'continuar' }));
    expect(fixed.headers.location).toMatch(/\/solicitar\/verificar$/);
    expect(((await maria({ url: `/v1/solicitacoes/${draft.id}` })).json() as RequestDetail).pending).toBeNull();

    // From another site: refused before anything is read.
    const forged = await post('comprador', multipart('', '', '', Buffer.alloc(0), { acao: 'continuar' }), { 'sec-fetch-site': 'cross-site' });
    expect(forged.statusCode).toBe(403);
    // Someone else's draft: a page that says so, nothing changed.
    const joao = await t.webSession('joao.souza');
    const other = await t.app.inject({ method: 'POST', url: `/app/solicitacoes/${draft.id}/paginas/comprador`, payload: 'acao=anexar', headers: { cookie: joao, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' } });
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toMatch(/text\/html/);
    expect(other.body).toContain('Solicitação não encontrada.');
  });
});

describe('drafts', () => {
  it('are reminded before they expire, then removed with their files', async () => {
    const draft = await start('baixa-de-veiculo');
    await savePage(draft.id, 'veiculo', { placa: 'PIA1B23', renavam: '01234567890', motivo: 'sucata' });
    expect((await upload(draft.id, 'fotos_recortes', 'foto.png', 'image/png', PNG)).statusCode).toBe(201);
    const files = (await storedFiles()).length;
    await t.database.db.execute(sql`update service_requests set expires_at = now() + interval '2 days' where id = ${draft.id}`);
    await t.app.jobs.send('lembrar-rascunhos', {});
    await t.app.jobs.settle(['lembrar-rascunhos', 'avisar-solicitante', 'email']);
    expect((await maria({ url: '/api/middleware/notificacoes/mensagem/buscar?pageIndex=0&pageSize=5' })).body).toMatch(/Seu rascunho expira em/);
    await t.database.db.execute(sql`update service_requests set expires_at = now() - interval '1 minute' where id = ${draft.id}`);
    await t.app.jobs.send('expirar-rascunhos', {});
    await t.app.jobs.settle(['expirar-rascunhos']);
    expect((await maria({ url: `/v1/solicitacoes/${draft.id}` })).statusCode).toBe(404);
    expect(await storedFiles()).toHaveLength(files - 1);
  });
});
