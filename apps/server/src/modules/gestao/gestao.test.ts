import type { GestaoDashboard, GestaoDepartmentPage, GestaoService, GestaoServiceList, ServiceContent } from '@portal/contracts';
import { todayInPiaui } from '@portal/db';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../../../web/scripts/ensure-build.mjs';
import { pdfText } from '../../../../../e2e/support/pdf.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

let t: TestApp;
const bearer: Record<string, string> = {};
/** The demo's staff accounts (README), with the roles the seed gives them, and a citizen. */
const STAFF = { editorDetran: 'ana.detran', reviewerDetran: 'bruno.detran', editorSeduc: 'carla.seduc', admin: 'davi.central', citizen: 'maria.silva' };
type Who = keyof typeof STAFF;
let cnh: { id: number; slug: string };

beforeAll(async () => {
  await ensureBuild(); // the withdrawn service's public page is rendered by the web app
  t = await createTestApp();
  for (const [who, username] of Object.entries(STAFF)) bearer[who] = `Bearer ${await t.tokenFor(username)}`;
  const list = (await call('admin', { url: '/v1/gestao/servicos' })).json() as { services: { id: number; slug: string }[] };
  cnh = list.services.find((s) => s.slug === 'renovacao-da-cnh')!;
});
afterAll(() => t.close());

function call(who: Who | null, options: InjectOptions) {
  return t.app.inject({ ...options, headers: { ...options.headers, ...(who ? { authorization: bearer[who] } : {}) } });
}
const service = async (who: Who, id = cnh.id) => (await call(who, { url: `/v1/gestao/servicos/${id}` })).json() as GestaoService;
const save = (who: Who, content: ServiceContent, id = cnh.id) => call(who, { method: 'PUT', url: `/v1/gestao/servicos/${id}/rascunho`, payload: content });
const post = (who: Who, action: string, payload: object = {}, id = cnh.id) => call(who, { method: 'POST', url: `/v1/gestao/servicos/${id}/${action}`, payload });
const publicCost = async () => (await t.app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' })).json().cost as string;

describe('a change from draft to the public page', () => {
  it('goes through review (returned, fixed, approved with a date) and reaches citizens when its time comes', async () => {
    const before = await service('editorDetran');
    expect(before.can).toEqual({ edit: true, review: false, admin: false });
    expect(before.open).toBeNull();
    const oldCost = before.live.cost;
    expect(await publicCost()).toBe(oldCost); // the public copy is now in the cache

    // The editor drafts a new cost; citizens still read the old one.
    const draft = { ...before.live, isFree: false, cost: 'R$ 98,50 (taxa do DETRAN-PI)' };
    const saved = await save('editorDetran', draft);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as GestaoService).open).toMatchObject({ state: 'rascunho', content: { cost: 'R$ 98,50 (taxa do DETRAN-PI)' } });
    // What the reviewer will decide on: that field, and no other (the draft, stored as jsonb, reads its steps' and
    // blocks' keys in another order than the published content: still the same steps).
    const review = (await service('reviewerDetran')).open!;
    expect(review.changes).toEqual([{ field: 'cost', label: 'Custo', before: oldCost, after: 'R$ 98,50 (taxa do DETRAN-PI)' }]);
    // Warnings are about the change: the published title's length (16 characters, well known) is not warned again.
    expect(review.checks).toEqual({ blocking: [], warnings: [] });
    expect(await publicCost()).toBe(oldCost);

    // Sending needs a change note.
    const noNote = await post('editorDetran', 'enviar', {});
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toMatch(/nota da alteração/i);
    expect((await post('editorDetran', 'enviar', { changeNote: 'Taxa de 2027.' })).statusCode).toBe(200);
    // While it is under review the editor cannot change it, and the list of services says so before anyone tries.
    expect((await save('editorDetran', draft)).statusCode).toBe(409);
    const listed = async () => ((await call('editorDetran', { url: '/v1/gestao/servicos' })).json() as GestaoServiceList).services.find((s) => s.id === cnh.id)!;
    expect(await listed()).toMatchObject({ open: { state: 'em_revisao' }, draftable: false });

    // The reviewer returns it with a comment, the editor fixes it and sends it again.
    const returned = await post('reviewerDetran', 'devolver', { comment: 'Escreva o valor como na portaria: R$ 98,47.' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect((await service('editorDetran')).open).toMatchObject({ state: 'devolvido', reviewComment: 'Escreva o valor como na portaria: R$ 98,47.', reviewedByName: 'Bruno Carvalho Rocha' });
    expect((await save('editorDetran', { ...draft, cost: 'R$ 98,47 (taxa do DETRAN-PI)' })).statusCode).toBe(200);
    expect((await post('editorDetran', 'enviar', { changeNote: 'Taxa de 2027, valor da portaria.' })).statusCode).toBe(200);
    expect((await service('reviewerDetran')).open?.sinceReturned).toEqual([{ field: 'cost', label: 'Custo', before: 'R$ 98,50 (taxa do DETRAN-PI)', after: 'R$ 98,47 (taxa do DETRAN-PI)' }]);

    // Approved for tomorrow: still the old cost today.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const approved = await post('reviewerDetran', 'aprovar', { publishAt: tomorrow.toISOString() });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as GestaoService).open).toMatchObject({ state: 'aprovado', publishAt: tomorrow.toISOString() });
    expect(await t.app.editorial.publishDue(new Date())).toBe(0);
    expect(await publicCost()).toBe(oldCost);

    // Its time comes: the page's API, search and the PDF's source all say the new cost.
    expect(await t.app.editorial.publishDue(new Date(tomorrow.getTime() + 1000))).toBe(1);
    expect(await publicCost()).toBe('R$ 98,47 (taxa do DETRAN-PI)');
    const search = await t.app.inject({ method: 'POST', url: '/v1/search', payload: { query: 'renovação cnh', groups: ['CATALOG'] } });
    expect(JSON.stringify(search.json())).toContain('renovacao-da-cnh');
    // The page's change log says so, and Maria, who favourited the service, has been told.
    const log = (await t.app.inject({ url: '/v1/catalog/renovacao-da-cnh/mudancas' })).json();
    expect(log.changes).toHaveLength(1);
    expect(log.changes[0].changes).toEqual([{ field: 'cost', label: 'Custo', before: before.live.isFree ? 'Gratuito' : oldCost, after: 'R$ 98,47 (taxa do DETRAN-PI)' }]);
    const inbox = (await call('citizen', { url: '/api/govpicidadao-middleware/notificacoes/mensagem/buscar?pageIndex=0&pageSize=50' })).json();
    expect(inbox.mensagens[0]).toMatchObject({ titulo: 'Mudou: Renovação da CNH', texto: 'Custo: R$ 98,47 (taxa do DETRAN-PI).', visualizada: false });
    expect(inbox.mensagens[0].metadados.onClick).toEqual({ tipo: 'redirect', url: '/app/catalog/transito-e-veiculos/renovacao-da-cnh' });
    const after = await service('editorDetran');
    expect(after.open).toBeNull();
    expect(await listed()).toMatchObject({ open: null, draftable: true });
    expect(after.live.cost).toBe('R$ 98,47 (taxa do DETRAN-PI)');
    // What the change did not touch is as it was, the information blocks' icons included.
    expect(after.live.info.map((block) => block.icon)).toEqual(['calendar-check', 'triangle-alert', 'phone']);
    expect(after.live.info).toEqual(before.live.info);

    // History: the catalog's version, then this one; the comparison shows exactly what changed.
    const history = (await call('reviewerDetran', { url: `/v1/gestao/servicos/${cnh.id}/versoes` })).json().versions as { id: number; state: string; changeNote: string }[];
    expect(history.map((v) => v.state)).toEqual(['publicado', 'substituido']);
    expect(history[0]!.changeNote).toBe('Taxa de 2027, valor da portaria.');
    const comparison = (await call('editorDetran', { url: `/v1/gestao/servicos/${cnh.id}/versoes/${history[1]!.id}/comparacao/${history[0]!.id}` })).json();
    // (the form's order: cost, then the free flag when it changed too)
    expect(comparison.changes).toEqual([
      { field: 'cost', label: 'Custo', before: oldCost, after: 'R$ 98,47 (taxa do DETRAN-PI)' },
      ...(before.live.isFree ? [{ field: 'isFree', label: 'Gratuito', before: 'sim', after: 'não' }] : []),
    ]);

    // The audit log tells who did what, in order.
    const audit = (await call('admin', { url: '/v1/gestao/auditoria' })).json().entries as { action: string; actorName: string }[];
    expect(audit.map((e) => `${e.action} ${e.actorName}`).reverse()).toEqual([
      'rascunho_criado Ana Beatriz Lima',
      'enviado_para_revisao Ana Beatriz Lima',
      'devolvido Bruno Carvalho Rocha',
      'rascunho_salvo Ana Beatriz Lima',
      'enviado_para_revisao Ana Beatriz Lima',
      'aprovado Bruno Carvalho Rocha',
      'publicado Publicação agendada',
    ]);

    // An old version comes back as a new draft.
    const restored = await post('editorDetran', `versoes/${history[1]!.id}/restaurar`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((restored.json() as GestaoService).open).toMatchObject({ state: 'rascunho', content: { cost: oldCost } });
    expect((await post('editorDetran', 'descartar')).statusCode).toBe(200);
  });

  it('publishes at once when approved without a date', async () => {
    const seduc = (await call('admin', { url: '/v1/gestao/servicos' })).json().services.find((s: { department: { slug: string } }) => s.department.slug === 'seduc');
    const live = (await service('admin', seduc.id)).live;
    expect((await save('editorSeduc', { ...live, estimatedTime: 'Até 5 dias úteis' }, seduc.id)).statusCode).toBe(200);
    expect((await post('editorSeduc', 'enviar', { changeNote: 'Prazo novo.' }, seduc.id)).statusCode).toBe(200);
    expect((await post('admin', 'aprovar', {}, seduc.id)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/v1/catalog/${seduc.slug}/load` })).json().estimatedTime).toBe('Até 5 dias úteis');
  });
});

describe('checks', () => {
  it('stop a draft that says free but has a cost, with a Portuguese message, and change nothing', async () => {
    const live = (await service('editorDetran')).live;
    expect((await save('editorDetran', { ...live, isFree: true, cost: 'R$ 10,00' })).statusCode).toBe(200);
    const sent = await post('editorDetran', 'enviar', { changeNote: 'Teste' });
    expect(sent.statusCode).toBe(422);
    expect(sent.json().message).toMatch(/marcado como gratuito, mas tem um custo/);
    const open = (await service('editorDetran')).open!;
    expect(open.state).toBe('rascunho');
    expect(open.checks.blocking.map((issue) => issue.field)).toContain('cost');
    expect((await post('editorDetran', 'descartar')).statusCode).toBe(200);
  });

  it('warns about what the change brings, not again about what the published content already had', async () => {
    const live = (await service('editorDetran')).live;
    const saved = await save('editorDetran', { ...live, description: `${live.description}<p>O pedido é feito mediante o pagamento da taxa.</p>` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as GestaoService).open!.checks.warnings).toEqual([{ field: 'description', message: `"mediante" é linguagem difícil: escreva 'com' ou 'por meio de'.` }]);
    expect((await post('editorDetran', 'descartar')).statusCode).toBe(200);
  });

  it('never stores a link that is not http(s) or a portal path, in the link or in rich text', async () => {
    const live = (await service('editorDetran')).live;
    for (const content of [
      { ...live, link: 'javascript:alert(1)' },
      { ...live, description: '<p>Veja <a href="data:text/html,oi">aqui</a></p>' },
      // what browsers open as another site, or another host than the address says (issue 23)
      { ...live, link: '/\\evil.example' },
      { ...live, link: '/\\/evil.example' },
      { ...live, link: 'https://www.detran.pi.gov.br@evil.example/' },
      { ...live, link: 'https://user:pass@detran.pi.gov.br/' },
      { ...live, description: '<p>Veja <a href="/\\evil.example">aqui</a></p>' },
      { ...live, description: '<p>Veja <a href="https://www.detran.pi.gov.br@evil.example/">aqui</a></p>' },
    ]) {
      const saved = await save('editorDetran', content);
      expect(saved.statusCode).toBe(400);
      expect(saved.json().message).toMatch(/não é um endereço http\(s\) \(sem usuário nem senha\) nem uma página do portal/);
    }
    expect((await service('editorDetran')).open).toBeNull();
  });

  it('sanitises rich text on save', async () => {
    const live = (await service('editorDetran')).live;
    const saved = (await save('editorDetran', { ...live, description: '<p onclick="x()">Texto<script>alert(1)</script></p>' })).json() as GestaoService;
    expect(saved.open!.content.description).toBe('<p>Texto</p>');
    expect((await post('editorDetran', 'descartar')).statusCode).toBe(200);
  });

  it('refuse units of another department', async () => {
    const live = (await service('editorDetran')).live;
    const saved = await save('editorDetran', { ...live, units: ['unidade-que-nao-existe'] });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toMatch(/Unidade que não é do DETRAN-PI/);
  });
});

describe('who may do what', () => {
  it('no one reviews their own change, not even the central team', async () => {
    const live = (await service('admin')).live;
    expect((await save('admin', { ...live, estimatedTime: 'Imediato' })).statusCode).toBe(200);
    expect((await post('admin', 'enviar', { changeNote: 'Prazo.' })).statusCode).toBe(200);
    const own = await post('admin', 'aprovar');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/não pode revisar uma alteração que você mesmo/);
    // An editor cannot review, and a reviewer cannot edit.
    expect((await post('editorDetran', 'aprovar')).statusCode).toBe(403);
    expect((await save('reviewerDetran', live)).statusCode).toBe(403);
    expect((await post('reviewerDetran', 'devolver', { comment: 'Não é preciso.' })).statusCode).toBe(200);
    expect((await post('admin', 'descartar')).statusCode).toBe(200);
  });

  it("refuses another department's services on every route, and citizens and anonymous callers everywhere", async () => {
    const live = (await service('admin')).live;
    const routes: InjectOptions[] = [
      { url: `/v1/gestao/servicos/${cnh.id}` },
      { method: 'PUT', url: `/v1/gestao/servicos/${cnh.id}/rascunho`, payload: live },
      { method: 'POST', url: `/v1/gestao/servicos/${cnh.id}/enviar`, payload: { changeNote: 'x' } },
      { method: 'POST', url: `/v1/gestao/servicos/${cnh.id}/devolver`, payload: { comment: 'x' } },
      { method: 'POST', url: `/v1/gestao/servicos/${cnh.id}/aprovar`, payload: {} },
      { method: 'POST', url: `/v1/gestao/servicos/${cnh.id}/descartar` },
      { url: `/v1/gestao/servicos/${cnh.id}/versoes` },
      { url: `/v1/gestao/servicos/${cnh.id}/versoes/1/comparacao/1` },
      { method: 'POST', url: `/v1/gestao/servicos/${cnh.id}/versoes/1/restaurar` },
      { method: 'POST', url: `/v1/gestao/servicos/${cnh.id}/revisado` },
      { method: 'POST', url: `/v1/gestao/servicos/${cnh.id}/retirar`, payload: { reason: 'x' } },
      { method: 'POST', url: `/v1/gestao/servicos/${cnh.id}/republicar` },
      { method: 'POST', url: `/v1/gestao/servicos/${cnh.id}/publicar-urgente`, payload: { changeNote: 'x' } },
      { method: 'POST', url: `/v1/gestao/servicos/${cnh.id}/confirmar-urgencia` },
      { url: `/v1/gestao/servicos/${cnh.id}/previa` },
      { url: `/v1/gestao/servicos/${cnh.id}/buscas` },
      { method: 'POST', url: `/v1/gestao/servicos/${cnh.id}/buscas-de-teste`, payload: { query: 'cnh vencida' } },
      { method: 'POST', url: `/v1/gestao/servicos/${cnh.id}/buscas-de-teste/remover`, payload: { query: 'cnh vencida' } },
      { method: 'POST', url: `/v1/gestao/servicos/${cnh.id}/nome-popular`, payload: { name: 'cnh vencida' } },
      { url: '/v1/gestao/orgaos/detran-pi' },
    ];
    const before = await t.app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' });
    for (const route of routes) {
      for (const who of ['editorSeduc', 'citizen'] as const) {
        const refused = await call(who, route);
        expect(refused.statusCode, `${who} ${route.method ?? 'GET'} ${route.url}`).toBe(403);
        expect(refused.json().message).toMatch(/permissão|papel de gestão/);
      }
      expect((await call(null, route)).statusCode, `anonymous ${route.url}`).toBe(401);
    }
    const lists = ['servicos', 'auditoria', 'painel', 'links', 'retorno', 'exportacao', 'buscas-sem-resultado', 'consistencia'].map((path) => ({ url: `/v1/gestao/${path}` }));
    for (const route of lists) {
      expect((await call('citizen', route)).statusCode, route.url).toBe(403);
      expect((await call(null, route)).statusCode, route.url).toBe(401);
    }
    expect((await call('editorDetran', { url: '/v1/gestao/auditoria' })).statusCode).toBe(403);
    // The SEDUC editor's list holds only SEDUC's services.
    const list = (await call('editorSeduc', { url: '/v1/gestao/servicos' })).json().services as { department: { slug: string } }[];
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((s) => s.department.slug))).toEqual(new Set(['seduc']));
    // Nothing changed.
    expect((await t.app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' })).json().cost).toBe(before.json().cost);
  });

  it('keeps the audit log append-only', async () => {
    const refusal = (query: Promise<unknown>) => query.then(() => 'accepted', (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message));
    expect(await refusal(t.app.db.execute(sql`update editorial_audit set actor_name = 'outra pessoa'`))).toMatch(/append-only/);
    expect(await refusal(t.app.db.execute(sql`delete from editorial_audit`))).toMatch(/append-only/);
  });
});

describe('the schedule', () => {
  it('publishes an approved version by itself when its time comes (the publicar-versao job, sent with the approval)', async () => {
    const quick = await createTestApp({ env: { JOBS_POLL_SECONDS: '0.5' } });
    try {
      const as = async (username: string) => `Bearer ${await quick.tokenFor(username)}`;
      const [editor, reviewer] = [await as('ana.detran'), await as('bruno.detran')];
      const id = ((await quick.app.inject({ url: '/v1/gestao/servicos', headers: { authorization: editor } })).json().services as { id: number; slug: string }[]).find((s) => s.slug === 'renovacao-da-cnh')!.id;
      const live = ((await quick.app.inject({ url: `/v1/gestao/servicos/${id}`, headers: { authorization: editor } })).json() as GestaoService).live;
      const send = (authorization: string, method: 'PUT' | 'POST', path: string, payload: object) => quick.app.inject({ method, url: `/v1/gestao/servicos/${id}/${path}`, headers: { authorization }, payload });
      expect((await send(editor, 'PUT', 'rascunho', { ...live, estimatedTime: 'Na hora, no posto' })).statusCode).toBe(200);
      expect((await send(editor, 'POST', 'enviar', { changeNote: 'Prazo.' })).statusCode).toBe(200);
      expect((await send(reviewer, 'POST', 'aprovar', { publishAt: new Date(Date.now() + 1000).toISOString() })).statusCode).toBe(200);
      const load = async () => (await quick.app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' })).json().estimatedTime as string;
      expect(await load()).toBe(live.estimatedTime);
      await expect.poll(load, { timeout: 5000, interval: 250 }).toBe('Na hora, no posto');
    } finally {
      await quick.close();
    }
  });
});

describe('review dates, withdrawal and emergencies', () => {
  it("lists each department's overdue and coming reviews, confirms one, and reminds its editors once", async () => {
    const board = (await call('editorDetran', { url: '/v1/gestao/painel' })).json() as GestaoDashboard;
    const today = todayInPiaui();
    expect(board.overdue.length).toBeGreaterThan(0);
    for (const item of [...board.overdue, ...board.dueSoon]) expect(item.department.slug).toBe('detran-pi');
    expect(board.overdue.every((item) => item.date < today)).toBe(true);
    const late = board.overdue[0]!;
    const confirmed = await post('editorDetran', 'revisado', {}, late.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as GestaoService).status.reviewBy > today).toBe(true);
    expect(((await call('editorDetran', { url: '/v1/gestao/painel' })).json() as GestaoDashboard).overdue.map((item) => item.id)).not.toContain(late.id);

    // Ana has used the back office, so she is known as DETRAN-PI's editor: she is told, once.
    await expect.poll(async () => (await t.app.db.execute(sql`select count(*)::int as n from editorial_staff where sub = (select sub from users where username = 'ana.detran')`)) as unknown as { rows: { n: number }[] }).toMatchObject({ rows: [{ n: 1 }] });
    expect(await t.app.editorial.remindReviews()).toBeGreaterThan(0);
    expect(await t.app.editorial.remindReviews()).toBe(0);
    const inbox = (await call('editorDetran', { url: '/api/govpicidadao-middleware/notificacoes/mensagem/buscar?pageIndex=0&pageSize=200' })).json();
    const reminders = inbox.mensagens.filter((m: { titulo: string }) => /^(Revisão vencida|Revisar até) /.test(m.titulo));
    expect(reminders.length).toBeGreaterThan(0);
    expect(reminders[0].metadados.onClick.url).toMatch(/^\/app\/gestao\/servicos\/\d+$/);
  });

  it('withdraws a service with a reason and its replacement, and puts it back', async () => {
    const refused = await post('editorDetran', 'retirar', { reason: 'Substituído.' });
    expect(refused.statusCode).toBe(403);
    const noReason = await post('reviewerDetran', 'retirar', { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/Escreva o motivo/);
    const withdrawn = await post('reviewerDetran', 'retirar', { reason: 'A renovação passou a ser feita pela CNH do Brasil.', replacedBy: 'consulta-de-pontuacao-da-cnh' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((withdrawn.json() as GestaoService).status).toMatchObject({ active: false, replacedBy: 'consulta-de-pontuacao-da-cnh' });
    const page = await t.app.inject({ url: '/app/catalog/transito-e-veiculos/renovacao-da-cnh' });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('A renovação passou a ser feita pela CNH do Brasil.');
    expect((await post('reviewerDetran', 'republicar')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/app/catalog/transito-e-veiculos/renovacao-da-cnh' })).statusCode).toBe(200);
  });

  it('lets only the central team publish without review, and a reviewer confirms it afterwards', async () => {
    const live = (await service('admin')).live;
    expect((await save('editorDetran', { ...live, estimatedTime: 'Imediato, no posto' })).statusCode).toBe(200);
    expect((await post('editorDetran', 'publicar-urgente', { changeNote: 'Urgente.' })).statusCode).toBe(403);
    const published = await post('admin', 'publicar-urgente', { changeNote: 'Prazo errado na página: corrigido em urgência.' });
    expect(published.statusCode, published.body).toBe(200);
    expect((await t.app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' })).json().estimatedTime).toBe('Imediato, no posto');
    const pending = (published.json() as GestaoService).emergencyPending;
    expect(pending).not.toBeNull();
    expect(((await call('reviewerDetran', { url: '/v1/gestao/painel' })).json() as GestaoDashboard).emergencies.map((e) => e.id)).toContain(cnh.id);
    expect((await post('admin', 'confirmar-urgencia')).statusCode).toBe(403);
    const confirmed = await post('reviewerDetran', 'confirmar-urgencia');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as GestaoService).emergencyPending).toBeNull();
  });
});

describe('feeds', () => {
  it('publishes the catalog for the federal harvest: services on line, absolute addresses, organisation, names and keywords', async () => {
    const feed = (await t.app.inject({ url: '/v1/catalog/feed' })).json();
    const cnhItem = feed.services.find((s: { url: string }) => s.url.endsWith('/app/catalog/transito-e-veiculos/renovacao-da-cnh'));
    expect(cnhItem).toMatchObject({ id: String(cnh.id), name: expect.any(String), organization: { shortName: 'DETRAN-PI' } });
    expect(cnhItem.url).toMatch(/^https?:\/\//);
    expect(cnhItem.description).not.toMatch(/<[a-z]/);
    expect(cnhItem.popularNames.length).toBeGreaterThan(0);
    const inactive = (await t.app.db.execute(sql`select count(*)::int as n from services where not active`)) as unknown as { rows: { n: number }[] };
    const active = (await t.app.db.execute(sql`select count(*)::int as n from services where active`)) as unknown as { rows: { n: number }[] };
    expect(inactive.rows[0]!.n).toBeGreaterThan(0);
    expect(feed.services).toHaveLength(active.rows[0]!.n);
  });

  it("exports a department's services and imports changes as drafts, refusing what the importer may not change", async () => {
    const exported = (await call('editorDetran', { url: '/v1/gestao/exportacao' })).json() as { services: { slug: string; content: ServiceContent }[] };
    expect(exported.services.length).toBeGreaterThan(1);
    const [first, second] = exported.services;
    const seducSlug = ((await call('editorSeduc', { url: '/v1/gestao/exportacao' })).json() as { services: { slug: string }[] }).services[0]!.slug;
    const imported = await call('editorDetran', {
      method: 'POST',
      url: '/v1/gestao/importacao',
      payload: {
        services: [
          { slug: first!.slug, content: { ...first!.content, estimatedTime: 'Até 3 dias úteis' } },
          { slug: second!.slug, content: { ...second!.content, link: 'javascript:void(0)' } },
          { slug: seducSlug, content: first!.content },
          { slug: 'nao-existe', content: first!.content },
        ],
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().results.map((r: { ok: boolean; message: string }) => [r.ok, r.message])).toEqual([
      [true, 'Rascunho criado: envie-o para revisão.'],
      [false, expect.stringMatching(/não é um endereço http\(s\)/)],
      [false, 'Você não tem permissão para os serviços deste órgão.'],
      [false, 'Serviço não encontrado.'],
    ]);
    const firstId = ((await call('editorDetran', { url: '/v1/gestao/servicos' })).json().services as { id: number; slug: string }[]).find((s) => s.slug === first!.slug)!.id;
    expect((await service('editorDetran', firstId)).open).toMatchObject({ state: 'rascunho', content: { estimatedTime: 'Até 3 dias úteis' } });
    expect((await post('editorDetran', 'descartar', {}, firstId)).statusCode).toBe(200);
  });
});

describe('the link checker', () => {
  it("lists each department's broken links, from a local stand-in of the sites services link to", async () => {
    const site = createServer((request, response) => {
      if (request.url === '/ok') return response.writeHead(200).end('ok');
      if (request.url === '/head-refused') return response.writeHead(request.method === 'HEAD' ? 405 : 200).end();
      response.writeHead(404).end('não há');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    const own = await createTestApp();
    try {
      // Every link of the catalog leads to the stand-in (nothing leaves this machine).
      await own.app.db.execute(sql`update services set link = case slug when 'renovacao-da-cnh' then ${`${origin}/gone`} when 'emissao-do-dae-do-ipva' then ${`${origin}/head-refused`} else ${`${origin}/ok`} end`);
      for (const [table, column] of [['services', 'description'], ['service_steps', 'html_content'], ['service_info', 'text']] as const) {
        await own.app.db.execute(sql.raw(`update ${table} set ${column} = regexp_replace(${column}, 'href="https?://[^"]*"', 'href="${origin}/ok"', 'g')`));
      }
      // 'Verificar agora': the check runs as a job, in the background (issue 26).
      const checkNow = async () => {
        const asked = await own.app.inject({ method: 'POST', url: '/v1/gestao/links/verificar', headers: { authorization: `Bearer ${await own.tokenFor('ana.detran')}` } });
        expect(asked.statusCode).toBe(202);
        await own.app.jobs.settle(['verificar-links']);
      };
      const checker = async () => (await own.app.inject({ url: '/v1/gestao/links', headers: { authorization: `Bearer ${await own.tokenFor('ana.detran')}` } })).json().checker;
      // Off by schedule here (LINK_CHECK_HOURS=0), never run: the page says so, and offers to check now.
      expect(await checker()).toEqual({ everyHours: null, lastCheckedAt: null });
      await checkNow();
      expect(Date.now() - Date.parse((await checker()).lastCheckedAt)).toBeLessThan(60_000);
      const as = async (username: string) => (await own.app.inject({ url: '/v1/gestao/links', headers: { authorization: `Bearer ${await own.tokenFor(username)}` } })).json().links as { url: string; status: number; problem: string; service: { title: string; department: string } }[];
      expect(await as('ana.detran')).toEqual([expect.objectContaining({ url: `${origin}/gone`, status: 404, problem: 'Página não encontrada (404)', service: expect.objectContaining({ title: 'Renovação da CNH', department: 'DETRAN-PI' }) })]);
      expect(await as('carla.seduc')).toEqual([]);
      // Fixed: the next visit finds nothing broken, and the address no service links to any more is forgotten.
      await own.app.db.execute(sql`update services set link = ${`${origin}/ok`} where slug = 'renovacao-da-cnh'`);
      await checkNow();
      expect(await as('ana.detran')).toEqual([]);
      const gone = (await own.app.db.execute(sql`select count(*)::int as n from link_checks where url like '%/gone'`)) as unknown as { rows: { n: number }[] };
      expect(gone.rows[0]!.n).toBe(0);
    } finally {
      await own.close();
      site.close();
    }
  });
});

describe('the feedback inbox', () => {
  it("brings each department the Simplifique suggestions about its services, with a status and the version that resolved each", async () => {
    const suggest = (servico: string, mensagem: string) =>
      t.app.inject({ method: 'POST', url: '/v1/simplifique', payload: { assunto: 'simplificar-servico', servico, mensagem } });
    expect((await suggest('renovação da cnh', 'Aceitar o exame médico feito em qualquer clínica do estado.')).statusCode).toBe(201);
    expect((await suggest('Renovação da CNH', 'Mostrar o valor da taxa antes de começar.')).statusCode).toBe(201);
    const inbox = (await call('editorDetran', { url: '/v1/gestao/retorno' })).json();
    const mine = inbox.suggestions.filter((s: { service: { title: string } }) => s.service.title === 'Renovação da CNH');
    expect(mine.map((s: { message: string; status: string }) => [s.message, s.status])).toEqual([
      ['Mostrar o valor da taxa antes de começar.', 'novo'],
      ['Aceitar o exame médico feito em qualquer clínica do estado.', 'novo'],
    ]);
    expect(JSON.stringify(inbox)).not.toMatch(/@|"email"|"name"/);
    // Another department's staff neither see nor change them.
    const theirs = (await call('editorSeduc', { url: '/v1/gestao/retorno' })).json();
    expect(theirs.suggestions.map((s: { service: { department: string } }) => s.service.department)).not.toContain('DETRAN-PI');
    expect((await call('editorSeduc', { method: 'POST', url: `/v1/gestao/retorno/${mine[0].id}`, payload: { status: 'concluido' } })).statusCode).toBe(404);

    const published = ((await call('editorDetran', { url: `/v1/gestao/servicos/${cnh.id}/versoes` })).json().versions as { id: number; state: string }[]).find((v) => v.state === 'publicado')!;
    const done = await call('editorDetran', { method: 'POST', url: `/v1/gestao/retorno/${mine[0].id}`, payload: { status: 'concluido', versionId: published.id } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'concluido', versionId: published.id });
    const wrongVersion = await call('editorDetran', { method: 'POST', url: `/v1/gestao/retorno/${mine[1].id}`, payload: { status: 'concluido', versionId: 999_999 } });
    expect(wrongVersion.statusCode).toBe(400);
    expect(inbox.ratings.every((r: { service: { department: string } }) => r.service.department === 'DETRAN-PI')).toBe(true);
  });
});

describe('facts with a source and an expiry', () => {
  it('keeps the legal basis of the cost with its date, lists it as it lapses and reminds the editors of that fact', async () => {
    const live = (await service('editorDetran')).live;
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const sources = [{ fact: 'cost', source: 'Portaria DETRAN-PI nº 12/2026', validUntil: soon }];
    const bad = await save('editorDetran', { ...live, sources: [{ fact: 'custo', source: 'x', validUntil: '' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Fato inválido/);
    expect((await save('editorDetran', { ...live, sources })).statusCode).toBe(200);
    expect((await post('editorDetran', 'enviar', { changeNote: 'Base legal do custo.' })).statusCode).toBe(200);
    expect((await post('reviewerDetran', 'aprovar')).statusCode).toBe(200);
    expect((await service('editorDetran')).live.sources).toEqual(sources);
    const board = (await call('editorDetran', { url: '/v1/gestao/painel' })).json() as GestaoDashboard;
    expect(board.expiringFacts).toContainEqual(expect.objectContaining({ id: cnh.id, date: soon, detail: 'Custo: Portaria DETRAN-PI nº 12/2026' }));
    expect(await t.app.editorial.remindReviews()).toBeGreaterThan(0);
    const inbox = (await call('editorDetran', { url: '/api/govpicidadao-middleware/notificacoes/mensagem/buscar?pageIndex=0&pageSize=200' })).json();
    expect(inbox.mensagens.map((m: { titulo: string }) => m.titulo)).toContainEqual(expect.stringMatching(/^Base legal vence em \d{2}\/\d{2}\/\d{4}: Renovação da CNH$/));
    // Told once.
    const again = await t.app.editorial.remindReviews();
    const after = (await call('editorDetran', { url: '/api/govpicidadao-middleware/notificacoes/mensagem/buscar?pageIndex=0&pageSize=200' })).json();
    expect(after.mensagens.filter((m: { titulo: string }) => m.titulo.startsWith('Base legal')).length).toBe(inbox.mensagens.filter((m: { titulo: string }) => m.titulo.startsWith('Base legal')).length);
    expect(again).toBe(0);
  });
});

describe('department pages and units', () => {
  it('lets an editor propose a unit change, which a reviewer of the department applies or refuses', async () => {
    const page = (await call('editorDetran', { url: '/v1/gestao/orgaos/detran-pi' })).json() as GestaoDepartmentPage;
    const { slug, ...content } = page.units.find((u) => u.active)!;
    const propose = (who: Who, payload: object) => call(who, { method: 'POST', url: '/v1/gestao/orgaos/detran-pi/propostas', payload });
    const publicUnits = async () => (await t.app.inject({ url: '/v1/department/detran-pi/section' })).body;
    expect(await publicUnits()).not.toContain('7h às 19h, de segunda a sábado');

    expect((await propose('editorSeduc', { unit: slug, content })).statusCode).toBe(403);
    expect((await propose('citizen', { unit: slug, content })).statusCode).toBe(403);
    const same = await propose('editorDetran', { unit: slug, content });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/Nada mudou/);
    const sent = await propose('editorDetran', { unit: slug, content: { ...content, openingTime: '7h às 19h, de segunda a sábado' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const proposal = (sent.json() as GestaoDepartmentPage).proposals.find((p) => p.unit === slug && p.state === 'pendente')!;
    expect(proposal).toMatchObject({ own: true, changes: [{ field: 'openingTime', label: 'Horário de atendimento', before: content.openingTime, after: '7h às 19h, de segunda a sábado' }] });
    expect(await publicUnits()).not.toContain('7h às 19h, de segunda a sábado'); // not until a reviewer applies it

    const apply = (who: Who, id: number) => call(who, { method: 'POST', url: `/v1/gestao/orgaos/detran-pi/propostas/${id}/aplicar` });
    expect((await apply('editorDetran', proposal.id)).statusCode).toBe(403);
    expect((await apply('editorSeduc', proposal.id)).statusCode).toBe(403);
    const applied = await apply('reviewerDetran', proposal.id);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await publicUnits()).toContain('7h às 19h, de segunda a sábado');
    expect((await apply('reviewerDetran', proposal.id)).statusCode).toBe(409);
    const mine = ((await call('editorDetran', { url: '/v1/gestao/orgaos/detran-pi' })).json() as GestaoDepartmentPage).proposals.find((p) => p.id === proposal.id);
    expect(mine?.state).toBe('aplicada');

    // A new unit, refused with a reason the editor reads.
    const fresh = { ...content, name: 'Posto do DETRAN-PI no Shopping Rio Poty', address: 'Av. Marechal Castelo Branco, 911' };
    const proposed = (await propose('editorDetran', { unit: '', content: fresh })).json() as GestaoDepartmentPage;
    const newUnit = proposed.proposals.find((p) => p.unit === null && p.state === 'pendente')!;
    expect(newUnit.unitName).toBe('Posto do DETRAN-PI no Shopping Rio Poty');
    const refused = await call('reviewerDetran', { method: 'POST', url: `/v1/gestao/orgaos/detran-pi/propostas/${newUnit.id}/recusar`, payload: { comment: 'O posto do shopping fechou em outubro.' } });
    expect(refused.statusCode, refused.body).toBe(200);
    const seen = ((await call('editorDetran', { url: '/v1/gestao/orgaos/detran-pi' })).json() as GestaoDepartmentPage).proposals.find((p) => p.id === newUnit.id);
    expect(seen).toMatchObject({ state: 'recusada', comment: 'O posto do shopping fechou em outubro.' });
    expect(await publicUnits()).not.toContain('Shopping Rio Poty');
  });

  it("lets the department's reviewers change its page and units, shows it to citizens at once, and refuses everyone else", async () => {
    const page = (await call('editorDetran', { url: '/v1/gestao/orgaos/detran-pi' })).json();
    expect(page.can).toEqual({ edit: false, propose: true });
    const unit = page.units[0];
    const changed = { ...unit, openingTime: 'Segunda a sexta, das 7h às 13h' };
    delete changed.slug;
    const publicUnits = async () => JSON.stringify((await t.app.inject({ url: '/v1/department/detran-pi/section' })).json());
    expect(await publicUnits()).not.toContain('das 7h às 13h'); // now in the public cache
    expect((await call('editorDetran', { method: 'PUT', url: `/v1/gestao/orgaos/detran-pi/unidades/${unit.slug}`, payload: changed })).statusCode).toBe(403);
    expect((await call('editorSeduc', { url: '/v1/gestao/orgaos/detran-pi' })).statusCode).toBe(403);
    expect((await call('citizen', { url: '/v1/gestao/orgaos/detran-pi' })).statusCode).toBe(403);
    const badPlace = await call('reviewerDetran', { method: 'PUT', url: `/v1/gestao/orgaos/detran-pi/unidades/${unit.slug}`, payload: { ...changed, latitude: 48.85 } });
    expect(badPlace.statusCode).toBe(400);
    expect(badPlace.json().message).toMatch(/Latitude fora do Piauí/);
    const saved = await call('reviewerDetran', { method: 'PUT', url: `/v1/gestao/orgaos/detran-pi/unidades/${unit.slug}`, payload: changed });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await publicUnits()).toContain('Segunda a sexta, das 7h às 13h');

    const added = await call('reviewerDetran', { method: 'POST', url: '/v1/gestao/orgaos/detran-pi/unidades', payload: { ...changed, name: 'Posto do DETRAN-PI em Parnaíba', city: 'Parnaíba' } });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().units.map((u: { slug: string }) => u.slug)).toContain('detran-pi-posto-do-detran-pi-em-parnaiba');
    const site = await call('admin', { method: 'PUT', url: '/v1/gestao/orgaos/detran-pi', payload: { ...page.page, link: 'ftp://detran' } });
    expect(site.statusCode).toBe(400);
    expect((await call('admin', { method: 'PUT', url: '/v1/gestao/orgaos/detran-pi', payload: { ...page.page, mission: 'Trânsito seguro para todos no Piauí.' } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/department' })).json().find((d: { slug: string }) => d.slug === 'detran-pi').mission).toBe('Trânsito seguro para todos no Piauí.');
  });
});

describe('preview', () => {
  it('shows the change under way as citizens will read it, with its checks, to the department only', async () => {
    const list = (await call('admin', { url: '/v1/gestao/servicos' })).json() as { services: { id: number; slug: string; department: { slug: string } }[] };
    const other = list.services.find((s) => s.department.slug === 'detran-pi' && s.slug !== cnh.slug)!;
    const live = (await service('editorDetran', other.id)).live;
    const unit = (await service('editorDetran', other.id)).units[0]!;
    const draft = { ...live, title: `${live.title} (nova versão)`, isFree: true, cost: 'R$ 12,00', units: [unit.slug], steps: [{ name: 'Compareça ao posto', description: '', channel: 'presencial' as const, htmlContent: '', documents: ['CPF'] }] };
    expect((await save('editorDetran', draft, other.id)).statusCode).toBe(200);

    const preview = await call('editorDetran', { url: `/v1/gestao/servicos/${other.id}/previa` });
    expect(preview.statusCode, preview.body).toBe(200);
    const { item, version, checks } = preview.json();
    expect(version).toMatchObject({ state: 'rascunho' });
    expect(item).toMatchObject({ title: draft.title, cost: 'R$ 12,00', isFree: true, slug: other.slug });
    expect(item.steps).toEqual([expect.objectContaining({ name: 'Compareça ao posto', channel: 'presencial', documents: ['CPF'] })]);
    expect(item.departmentSections.map((u: { name: string }) => u.name)).toEqual([unit.name]);
    expect(checks.blocking.map((c: { field: string }) => c.field)).toContain('cost');
    // Citizens still read the published content; other departments and citizens cannot see the draft.
    expect((await t.app.inject({ url: `/v1/catalog/${other.slug}/load` })).json().title).toBe(live.title);
    expect((await call('editorSeduc', { url: `/v1/gestao/servicos/${other.id}/previa` })).statusCode).toBe(403);
    expect((await call('citizen', { url: `/v1/gestao/servicos/${other.id}/previa` })).statusCode).toBe(403);
    expect((await post('editorDetran', 'descartar', {}, other.id)).statusCode).toBe(200);
  });
});

describe('a preview link for an expert outside', () => {
  it('opens the change to whoever holds it, without an account, takes their reply into the conversation, and stops when revoked, expired or decided', async () => {
    const list = (await call('admin', { url: '/v1/gestao/servicos' })).json() as { services: { id: number; slug: string; department: { slug: string } }[] };
    const other = list.services.filter((s) => s.department.slug === 'detran-pi' && s.slug !== cnh.slug)[2]!;
    const live = (await service('editorDetran', other.id)).live;
    // Nothing to show yet: no change under way.
    expect((await post('editorDetran', 'especialistas', { expertName: 'Dra. Lúcia Nogueira', days: 7 }, other.id)).statusCode).toBe(409);
    expect((await save('editorDetran', { ...live, estimatedTime: 'Até 5 dias úteis, pela portaria nova' }, other.id)).statusCode).toBe(200);

    // Bad input is refused in Portuguese and makes nothing; another department and citizens are refused.
    const unnamed = await post('editorDetran', 'especialistas', { expertName: ' ', days: 7 }, other.id);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toMatch(/nome de quem vai ler/);
    expect((await post('editorDetran', 'especialistas', { expertName: 'Dra. Lúcia Nogueira', days: 5 }, other.id)).json().message).toMatch(/3, 7, 14 ou 30/);
    expect((await post('editorSeduc', 'especialistas', { expertName: 'Dra. Lúcia Nogueira', days: 7 }, other.id)).statusCode).toBe(403);
    expect((await post('citizen', 'especialistas', { expertName: 'Dra. Lúcia Nogueira', days: 7 }, other.id)).statusCode).toBe(403);
    expect((await service('editorDetran', other.id)).open!.expertLinks).toEqual([]);

    const made = await post('editorDetran', 'especialistas', { expertName: 'Dra. Lúcia Nogueira', days: 7 }, other.id);
    expect(made.statusCode, made.body).toBe(200);
    const { token, link } = made.json() as { token: string; link: { id: number; expiresAt: string } };
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    // The back office lists it, never its token; the table keeps only its hash.
    const listed = await call('editorDetran', { url: `/v1/gestao/servicos/${other.id}` });
    expect(listed.body).not.toContain(token);
    expect((listed.json() as GestaoService).open!.expertLinks).toEqual([expect.objectContaining({ expertName: 'Dra. Lúcia Nogueira', createdByName: expect.any(String), active: true, revoked: false, replies: 0 })]);
    const stored = (await t.app.db.execute(sql`select count(*)::int as n from expert_links where token_hash = ${token}`)) as unknown as { rows: { n: number }[] };
    expect(stored.rows[0]!.n).toBe(0);

    // The expert, with no account, reads the change as citizens will and what it changes; nothing keeps the answer.
    const opened = await t.app.inject({ url: `/v1/especialista/${token}` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.json()).toMatchObject({ expertName: 'Dra. Lúcia Nogueira', departmentName: 'DETRAN-PI', item: { title: live.title, estimatedTime: 'Até 5 dias úteis, pela portaria nova' }, replies: [] });
    expect(opened.json().changes).toEqual([expect.objectContaining({ field: 'estimatedTime', after: 'Até 5 dias úteis, pela portaria nova' })]);
    expect((await t.app.inject({ url: '/v1/especialista/nao-e-um-link' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/v1/especialista/${'0'.repeat(48)}` })).statusCode).toBe(404);

    // The reply lands in the change's conversation, in the audit log, and in the author's bell.
    const empty = await t.app.inject({ method: 'POST', url: `/v1/especialista/${token}/resposta`, payload: { body: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Escreva sua resposta/);
    const replied = await t.app.inject({ method: 'POST', url: `/v1/especialista/${token}/resposta`, payload: { body: 'O prazo da portaria 12/2026 é de 5 dias úteis. Correto.' } });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().replies).toEqual([expect.objectContaining({ body: 'O prazo da portaria 12/2026 é de 5 dias úteis. Correto.' })]);
    const after = (await service('reviewerDetran', other.id)).open!;
    expect(after.comments.at(-1)).toMatchObject({ kind: 'especialista', authorName: 'Dra. Lúcia Nogueira', body: 'O prazo da portaria 12/2026 é de 5 dias úteis. Correto.' });
    expect(after.expertLinks[0]).toMatchObject({ replies: 1 });
    const audited = (await t.app.db.execute(sql`select actor_name from editorial_audit where action = 'resposta_especialista' and service_id = ${other.id}`)) as unknown as { rows: { actor_name: string }[] };
    expect(audited.rows).toEqual([{ actor_name: 'Dra. Lúcia Nogueira' }]);
    const bell = (await t.app.db.execute(sql`select count(*)::int as n from notifications where title = ${`Resposta de especialista: ${live.title}`}`)) as unknown as { rows: { n: number }[] };
    expect(bell.rows[0]!.n).toBeGreaterThan(0);

    // A link takes at most 30 replies, also when the last ones come at once: one more place, four replies, one gets in.
    await t.app.db.execute(sql`insert into version_comments (version_id, kind, author_name, body, expert_link_id)
      select version_id, 'especialista', expert_name, 'Resposta ' || n, id from expert_links, generate_series(1, 28) as n where id = ${link.id}`);
    const rush = await Promise.all([1, 2, 3, 4].map((n) => t.app.inject({ method: 'POST', url: `/v1/especialista/${token}/resposta`, payload: { body: `Ao mesmo tempo ${n}.` } })));
    expect(rush.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
    expect(rush.find((r) => r.statusCode === 429)!.json().message).toMatch(/muitas respostas/);
    expect((await service('reviewerDetran', other.id)).open!.expertLinks[0]).toMatchObject({ replies: 30 });

    // Two revocations at once: one revokes, the other is told; the link opens nothing any more.
    const both = await Promise.all([post('reviewerDetran', `especialistas/${link.id}/revogar`, {}, other.id), post('editorDetran', `especialistas/${link.id}/revogar`, {}, other.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const gone = await t.app.inject({ url: `/v1/especialista/${token}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(/não vale mais/);
    expect((await t.app.inject({ method: 'POST', url: `/v1/especialista/${token}/resposta`, payload: { body: 'Mais uma coisa.' } })).statusCode).toBe(404);

    // An expired link, and a link of a change since discarded, open nothing either.
    const second = (await post('editorDetran', 'especialistas', { expertName: 'Dr. Paulo Reis', days: 3 }, other.id)).json() as { token: string };
    expect((await t.app.inject({ url: `/v1/especialista/${second.token}` })).statusCode).toBe(200);
    await t.app.db.execute(sql`update expert_links set expires_at = now() - interval '1 minute' where expert_name = 'Dr. Paulo Reis'`);
    expect((await t.app.inject({ url: `/v1/especialista/${second.token}` })).statusCode).toBe(404);
    const third = (await post('editorDetran', 'especialistas', { expertName: 'Dra. Rita Sales', days: 14 }, other.id)).json() as { token: string };
    expect((await post('editorDetran', 'descartar', {}, other.id)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/v1/especialista/${third.token}` })).statusCode).toBe(404);
  });
});

describe('what each step costs, as fields', () => {
  it('are checked, compared, published, and read by the public page, the PDF and the change log', async () => {
    const list = (await call('admin', { url: '/v1/gestao/servicos' })).json() as { services: { id: number; slug: string; department: { slug: string } }[] };
    const other = list.services.filter((s) => s.department.slug === 'detran-pi' && s.slug !== cnh.slug)[4]!;
    const live = (await service('editorDetran', other.id)).live;
    const withFee = (fee: { amount: string; pays: string; howToPay: string }, base = live): ServiceContent => ({ ...base, isFree: false, steps: base.steps.map((step, i) => (i === 0 ? { ...step, fees: [fee] } : step)) });

    // Bad money is refused in Portuguese, and nothing is saved.
    const bad = await save('editorDetran', withFee({ amount: '84,6', pays: 'taxa de vistoria', howToPay: '' }), other.id);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Valor: escreva em reais, com os centavos/);
    expect((await service('editorDetran', other.id)).open).toBeNull();
    // A free service with a fee cannot go out.
    expect((await save('editorDetran', { ...withFee({ amount: '84,68', pays: 'taxa de vistoria', howToPay: 'DAR' }), isFree: true, cost: '' }, other.id)).statusCode).toBe(200);
    expect((await service('reviewerDetran', other.id)).open!.checks.blocking.map((c) => c.field)).toContain('cost');

    const fee = { amount: '1.234,56', pays: 'taxa de vistoria', howToPay: 'DAR emitido no site do DETRAN-PI, pago no banco ou por Pix' };
    expect((await save('editorDetran', withFee(fee), other.id)).statusCode).toBe(200);
    const review = (await service('reviewerDetran', other.id)).open!;
    expect(review.checks.blocking).toEqual([]);
    expect(review.changes.map((c) => c.field)).toContain('steps');
    expect(review.changes.find((c) => c.field === 'steps')!.after).toContain('Custos: R$ 1.234,56 (taxa de vistoria; DAR emitido no site do DETRAN-PI, pago no banco ou por Pix)');
    expect((await post('editorDetran', 'enviar', { changeNote: 'Custo da vistoria por etapa.' }, other.id)).statusCode).toBe(200);
    expect((await post('reviewerDetran', 'aprovar', {}, other.id)).statusCode).toBe(200);

    const published = (await t.app.inject({ url: `/v1/catalog/${other.slug}/load` })).json();
    expect(published.steps[0].fees).toEqual([fee]);
    expect(published.steps.slice(1).every((step: { fees: unknown[] }) => step.fees.length === 0)).toBe(true);
    // The edit form starts from it again: nothing shows as changed when nothing was.
    expect((await service('editorDetran', other.id)).live.steps[0]!.fees).toEqual([fee]);
    const log = (await t.app.inject({ url: `/v1/catalog/${other.slug}/mudancas` })).json();
    expect(JSON.stringify(log)).toContain('R$ 1.234,56 (taxa de vistoria');
    const pdf = await t.app.inject({ url: `/v1/catalog/${other.slug}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('Custo: R$ 1.234,56 (taxa de vistoria; DAR emitido no site do DETRAN-PI');
  });
});

describe('category, audiences and the fields sent to the digital channel', () => {
  it('are edited like every other field, checked, compared and published', async () => {
    const list = (await call('admin', { url: '/v1/gestao/servicos' })).json() as { services: { id: number; slug: string; department: { slug: string } }[] };
    const other = list.services.filter((s) => s.department.slug === 'detran-pi' && s.slug !== cnh.slug)[1]!;
    const before = await service('editorDetran', other.id);
    const category = before.categories.find((c) => c.slug !== before.live.category)!;
    expect(before.categories.length).toBeGreaterThan(3);

    const unknown = await save('editorDetran', { ...before.live, category: 'nao-existe' }, other.id);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Categoria desconhecida/);
    const badAudience = await save('editorDetran', { ...before.live, audiences: ['turista'] } as unknown as ServiceContent, other.id);
    expect(badAudience.statusCode).toBe(400);

    const draft: ServiceContent = { ...before.live, category: category.slug, audiences: ['cidadao', 'empresa'], dataRows: [{ name: 'origem', value: 'portal' }] };
    expect((await save('editorDetran', draft, other.id)).statusCode).toBe(200);
    expect((await post('editorDetran', 'enviar', { changeNote: 'Categoria e público revistos.' }, other.id)).statusCode).toBe(200);
    expect((await post('reviewerDetran', 'aprovar', {}, other.id)).statusCode).toBe(200);

    const published = (await t.app.inject({ url: `/v1/catalog/${other.slug}/load` })).json();
    expect(published.category.slug).toBe(category.slug);
    expect(published.targets).toEqual(['Cidadão', 'Empresa']);
    expect(published.catalogDataRow).toEqual([expect.objectContaining({ name: 'origem', value: 'portal' })]);
    const versions = (await call('editorDetran', { url: `/v1/gestao/servicos/${other.id}/versoes` })).json() as { versions: { id: number; state: string }[] };
    const [newest, previous] = versions.versions.filter((v) => v.state === 'publicado' || v.state === 'substituido');
    const diff = (await call('editorDetran', { url: `/v1/gestao/servicos/${other.id}/versoes/${previous!.id}/comparacao/${newest!.id}` })).json() as { changes: { label: string }[] };
    expect(diff.changes.map((c) => c.label)).toEqual(expect.arrayContaining(['Categoria', 'Público', 'Campos do formulário de acesso']));
  });
});
