import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { todayInPiaui, type Closure, type ClosureList, type DataAccessList, type Queue, type RequestDetail, type StaffRequestDetail } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holidayName, PIAUI_CALENDAR } from '@portal/db';
import { rows } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { PushStandIn, SmtpStandIn } from '../../test-support/stand-ins.ts';
import { daysLeft } from './requests.staff.ts';

// The department's side of requests (issue 28): the queue of each department's own, the actions of the workflow
// told to the citizen, the deadline paused while the citizen is asked, exactly one of two attendants deciding,
// and every look at her request and files recorded for her to read.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let t: TestApp;
let dataDir: string;
let push: PushStandIn;
let smtp: SmtpStandIn;
const bearer: Record<string, string> = {};
const PEOPLE = ['maria.silva', 'joao.souza', 'elisa.detran', 'bruno.detran', 'ana.detran', 'gisele.sefaz', 'davi.central'];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-staff-requests-'));
  push = new PushStandIn();
  smtp = new SmtpStandIn();
  t = await createTestApp({ env: { DATA_DIR: dataDir, PUSH_URL: await push.start(), SMTP_URL: await smtp.start(), JOBS_POLL_SECONDS: '0.5' } });
  for (const who of PEOPLE) bearer[who] = `Bearer ${await t.tokenFor(who)}`;
});
afterAll(async () => {
  await t.close();
  await push.stop();
  await smtp.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const as = (who: string, options: InjectOptions) => t.app.inject({ ...options, headers: { ...options.headers, authorization: bearer[who]! } });
const queue = async (who: string, query = '') => {
  const answer = await as(who, { method: 'GET', url: `/v1/gestao/solicitacoes${query}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Queue;
};
const act = (who: string, id: number, payload: Record<string, unknown>) => as(who, { method: 'POST', url: `/v1/gestao/solicitacoes/${id}/acoes`, payload });

/** Maria sends a request of the demo's 'Segunda via da CNH' (DETRAN-PI), and answers what it asks. */
async function sendOne(): Promise<RequestDetail> {
  const started = await as('maria.silva', { method: 'POST', url: '/v1/solicitacoes', payload: { service: 'segunda-via-da-cnh' } });
  const draft = started.json() as RequestDetail;
  if (draft.state !== 'rascunho') throw new Error(started.body);
  await t.database.db.execute(sql`update service_requests set answers = ${JSON.stringify({ motivo: 'perda', cep: '64000-100', endereco: 'Rua Areolino de Abreu, 1200' })}::jsonb where id = ${draft.id}`);
  const sent = await as('maria.silva', { method: 'POST', url: `/v1/solicitacoes/${draft.id}/enviar`, payload: { declaration: 'aceito' } });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json() as RequestDetail;
}

describe('the deadline, in business days of Piauí', () => {
  it('skips weekends and holidays, and counts what is left or overdue', () => {
    // Friday 2026-11-13 + 3 business days: Monday 16, Tuesday 17, Wednesday 18 (the 15th is a Sunday holiday anyway;
    // the 20th, Consciência Negra, is a Friday holiday).
    expect(PIAUI_CALENDAR.add('2026-11-13', 3)).toBe('2026-11-18');
    expect(PIAUI_CALENDAR.add('2026-11-18', 2)).toBe('2026-11-23');
    expect(PIAUI_CALENDAR.add('2026-12-23', 2)).toBe('2026-12-28');
    expect(PIAUI_CALENDAR.between('2026-11-18', '2026-11-23')).toBe(2);
    expect(daysLeft({ state: 'em_analise', dueOn: '2026-11-23' }, '2026-11-18')).toBe(2);
    expect(daysLeft({ state: 'em_analise', dueOn: '2026-11-18' }, '2026-11-23')).toBe(-2);
    // Waiting for the citizen, the clock is stopped; closed, there is none.
    expect(daysLeft({ state: 'aguardando_cidadao', dueOn: '2026-11-23' }, '2026-11-18')).toBeNull();
    expect(daysLeft({ state: 'concluida', dueOn: '2026-11-23' }, '2026-11-18')).toBeNull();
  });
});

describe('a department works its requests', () => {
  let request: RequestDetail;

  it("lists only its own department's, open ones first by deadline, with counts; an editor, a citizen and anonymous get nothing", async () => {
    request = await sendOne();
    const detran = await queue('elisa.detran');
    expect(detran.items.map((i) => i.department)).toEqual(expect.arrayContaining(['DETRAN-PI']));
    expect(new Set(detran.items.map((i) => i.department))).toEqual(new Set(['DETRAN-PI']));
    const mine = detran.items.find((i) => i.id === request.id)!;
    expect(mine).toMatchObject({ protocol: request.protocol, state: 'enviada', citizenName: 'Maria da Conceição Silva', citizenCpf: '***.982.247-**', assignee: null });
    expect(detran.counts.enviada).toBeGreaterThanOrEqual(1);
    const dues = detran.items.map((i) => i.dueOn ?? '9999');
    expect(dues).toEqual([...dues].sort());
    // By protocol, by CPF, by name; unclaimed only.
    expect((await queue('elisa.detran', `?busca=${request.protocol}`)).items.map((i) => i.id)).toEqual([request.id]);
    expect((await queue('elisa.detran', '?busca=529.982.247-25')).items.map((i) => i.id)).toContain(request.id);
    expect((await queue('elisa.detran', '?busca=concei')).items.map((i) => i.id)).toContain(request.id);
    expect((await queue('elisa.detran', '?responsavel=ninguem')).items.every((i) => i.assignee === null)).toBe(true);
    // SEFAZ's attendant sees none of DETRAN's.
    const sefaz = await queue('gisele.sefaz', '?estado=concluida');
    expect(sefaz.items.length).toBeGreaterThan(0);
    expect(new Set(sefaz.items.map((i) => i.department))).toEqual(new Set([sefaz.items[0]!.department]));
    expect(sefaz.items[0]!.department).toMatch(/^SEFAZ/);
    expect((await queue('gisele.sefaz', `?busca=${request.protocol}`)).items).toEqual([]);
    // The central team sees every department's.
    expect((await queue('davi.central', `?busca=${request.protocol}`)).items.map((i) => i.id)).toEqual([request.id]);
    // An editor of the department, a citizen, anonymous: refused.
    expect((await as('ana.detran', { method: 'GET', url: '/v1/gestao/solicitacoes' })).json()).toMatchObject({ items: [] });
    expect((await as('maria.silva', { method: 'GET', url: '/v1/gestao/solicitacoes' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/gestao/solicitacoes' })).statusCode).toBe(401);
    // A filter that is not one: a clear error.
    const bad = await as('elisa.detran', { method: 'GET', url: '/v1/gestao/solicitacoes?estado=rascunho' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Situação inválida/);
  });

  it("refuses another department's request by every route, for staff, a citizen and anonymous, and changes nothing", async () => {
    const routes: InjectOptions[] = [
      { method: 'GET', url: `/v1/gestao/solicitacoes/${request.id}` },
      { method: 'GET', url: `/v1/gestao/solicitacoes/${request.id}/arquivos/1` },
      { method: 'POST', url: `/v1/gestao/solicitacoes/${request.id}/acoes`, payload: { acao: 'assumir' } },
      { method: 'POST', url: `/v1/gestao/solicitacoes/${request.id}/acoes`, payload: { acao: 'nota', mensagem: 'olá' } },
    ];
    for (const route of routes) {
      for (const who of ['gisele.sefaz', 'ana.detran']) expect((await as(who, route)).statusCode, `${who} ${route.method} ${route.url}`).toBe(404);
      expect((await as('maria.silva', route)).statusCode, `maria ${route.url}`).toBe(403);
      expect((await t.app.inject(route)).statusCode, `anonymous ${route.url}`).toBe(401);
    }
    const accesses = (await as('maria.silva', { method: 'GET', url: '/v1/meus-dados/acessos' })).json() as DataAccessList;
    expect(accesses.accesses.filter((a) => a.request?.id === request.id)).toEqual([]);
  });

  it('two attendants claiming at once: exactly one wins, the other is told', async () => {
    const answers = await Promise.all([act('elisa.detran', request.id, { acao: 'assumir' }), act('bruno.detran', request.id, { acao: 'assumir' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('Esta solicitação já foi assumida por outra pessoa.');
    const winner = (answers.find((a) => a.statusCode === 200)!.json() as StaffRequestDetail).assignee!.name;
    expect(['Elisa Ferreira Santos', 'Bruno Carvalho Rocha']).toContain(winner);
    // The lead gives it to Elisa.
    const given = await act('bruno.detran', request.id, { acao: 'atribuir', responsavel: '5ab26e34-918f-4a72-8d65-ae3f4a5b6c75' });
    expect(given.statusCode, given.body).toBe(200);
    expect((given.json() as StaffRequestDetail).assignee?.name).toBe('Elisa Ferreira Santos');
    // An attendant may not give it away.
    expect((await act('elisa.detran', request.id, { acao: 'atribuir', responsavel: '2d8f3b01-6e5c-4d4f-9a32-7b0c1d2e3f42' })).statusCode).toBe(404);
  });

  it("opening it and a file is recorded for Maria, who reads who, which department, when and in which request", async () => {
    // Maria's file arrives with a reply: the attendant asks for a document; the deadline stops.
    const asked = await act('elisa.detran', request.id, { acao: 'pedir_informacao', mensagem: 'Envie o boletim de ocorrência da perda.' });
    expect(asked.statusCode, asked.body).toBe(200);
    const waiting = asked.json() as StaffRequestDetail;
    expect(waiting).toMatchObject({ state: 'aguardando_cidadao', daysLeft: null, lastMessage: 'Envie o boletim de ocorrência da perda.' });
    const boundary = '----portalstaff';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="boletim.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await as('maria.silva', { method: 'POST', url: `/v1/solicitacoes/${request.id}/arquivos`, payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const replied = await as('maria.silva', { method: 'POST', url: `/v1/solicitacoes/${request.id}/responder`, payload: { message: 'Segue o boletim.' } });
    expect(replied.statusCode, replied.body).toBe(200);

    const opened = await as('elisa.detran', { method: 'GET', url: `/v1/gestao/solicitacoes/${request.id}` });
    expect(opened.statusCode, opened.body).toBe(200);
    const detail = opened.json() as StaffRequestDetail;
    expect(detail.state).toBe('em_analise');
    const file = detail.files.find((f) => f.name === 'boletim.pdf')!;
    const shown = await as('elisa.detran', { method: 'GET', url: `/v1/gestao/solicitacoes/${request.id}/arquivos/${file.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-disposition']).toMatch(/^inline;/);
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.headers['cache-control']).toBe('private, no-store');

    const accesses = ((await as('maria.silva', { method: 'GET', url: '/v1/meus-dados/acessos' })).json() as DataAccessList).accesses.filter((a) => a.request?.id === request.id);
    expect(accesses.map((a) => a.what)).toEqual(['Abriu o arquivo "boletim.pdf"', 'Abriu a solicitação']);
    expect(accesses[0]).toMatchObject({ who: 'Elisa Ferreira Santos', department: 'DETRAN-PI', request: { protocol: request.protocol, service: 'Segunda via da CNH' } });
    // João reads none of them; nobody can change or delete them, not even with the database's own account.
    expect(((await as('joao.souza', { method: 'GET', url: '/v1/meus-dados/acessos' })).json() as DataAccessList).accesses.filter((a) => a.request?.id === request.id)).toEqual([]);
    await expect(t.database.db.execute(sql`delete from data_accesses`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update data_accesses set staff_name = 'ninguém'`)).rejects.toThrow();
  });

  it('moves it through the steps, notes stay internal, and refusing a decision without a reason says so', async () => {
    const note = await act('elisa.detran', request.id, { acao: 'nota', mensagem: 'Conferir o endereço no RENACH.' });
    expect(note.statusCode).toBe(200);
    const citizenView = (await as('maria.silva', { method: 'GET', url: `/v1/solicitacoes/${request.id}` })).json() as RequestDetail;
    expect(citizenView.events.map((e) => e.message).join(' ')).not.toContain('RENACH');
    expect((note.json() as StaffRequestDetail).events.map((e) => e.message)).toContain('Conferir o endereço no RENACH.');

    const step = await act('elisa.detran', request.id, { acao: 'avancar_etapa' });
    expect(step.statusCode, step.body).toBe(200);
    expect((step.json() as StaffRequestDetail).step?.index).toBe(1);

    const empty = await act('elisa.detran', request.id, { acao: 'indeferir', mensagem: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Escreva o motivo/);
    const unlisted = await act('elisa.detran', request.id, { acao: 'indeferir', mensagem: 'Documento ilegível.', motivo: 'porque-sim' });
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.json().message).toContain('Escolha um dos motivos de indeferimento da lista.');
    expect(((await as('elisa.detran', { method: 'GET', url: `/v1/gestao/solicitacoes/${request.id}` })).json() as StaffRequestDetail).state).toBe('em_analise');
  });

  it('two attendants deciding at once: exactly one wins, and Maria is told of that one', async () => {
    const answers = await Promise.all([
      act('elisa.detran', request.id, { acao: 'deferir', mensagem: 'A segunda via será entregue no endereço informado.' }),
      act('bruno.detran', request.id, { acao: 'indeferir', mensagem: 'Documento ilegível.', motivo: 'documentacao' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json() as StaffRequestDetail;
    const mine = (await as('maria.silva', { method: 'GET', url: `/v1/solicitacoes/${request.id}` })).json() as RequestDetail;
    expect(mine.state).toBe(won.state);
    // The public panel counts a refusal by its listed reason; the message stays between the department and Maria.
    const [kept] = await rows<{ reason: string | null }>(t.app.db, sql`select refusal_reason as reason from service_requests where id = ${request.id}`);
    expect(kept!.reason).toBe(won.state === 'indeferida' ? 'documentacao' : null);
    expect(mine.todo).toBe('avaliar');
    // Told by the bell (and so the app's push) and by e-mail.
    await expect.poll(() => smtp.received.filter((m) => m.subject.includes(request.protocol!)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    // Closed: no more actions but a note.
    expect((await act('elisa.detran', request.id, { acao: 'mensagem', mensagem: 'Oi' })).statusCode).toBe(409);
  });

  it('concluding with a document issues it in the same step: Maria sees its code, anyone verifies it', async () => {
    const r = await sendOne();
    await act('elisa.detran', r.id, { acao: 'assumir' });
    const half = await act('elisa.detran', r.id, { acao: 'deferir', mensagem: 'Concluída.', documentoTitulo: 'Autorização' });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toMatch(/título e um texto/);
    const done = await act('elisa.detran', r.id, { acao: 'deferir', mensagem: 'Concluída.', documentoTitulo: 'Autorização de segunda via', documentoTexto: 'Autorizada a emissão da segunda via.' });
    expect(done.statusCode, done.body).toBe(200);
    const mine = (await as('maria.silva', { method: 'GET', url: `/v1/solicitacoes/${r.id}` })).json() as RequestDetail;
    expect(mine.documents).toHaveLength(1);
    expect(mine.documents[0]).toMatchObject({ title: 'Autorização de segunda via', revoked: false });
    expect(mine.events.map((e) => e.kind)).toContain('documento');
    const check = await t.app.inject({ method: 'GET', url: `/v1/documentos/verificacao/${mine.documents[0]!.code}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ status: 'autentico' });
  });

  it('a duplicate is cancelled pointing to the one that stays', async () => {
    const first = await sendOne();
    const second = await sendOne();
    const bad = await act('elisa.detran', second.id, { acao: 'cancelar_duplicada', protocolo: second.protocol });
    expect(bad.statusCode).toBe(400);
    const done = await act('elisa.detran', second.id, { acao: 'cancelar_duplicada', protocolo: first.protocol });
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as StaffRequestDetail).lastMessage).toContain(first.protocol!);
  });

  it('a deadline that nears is told to the assignee and the leads, once', async () => {
    const r = await sendOne();
    await act('elisa.detran', r.id, { acao: 'assumir' });
    await t.database.db.execute(sql`update service_requests set due_on = ${PIAUI_CALENDAR.add(todayInPiaui(), 1)} where id = ${r.id}`);
    const count = async () => {
      const found = (await t.database.db.execute(sql`select count(*)::int as n from notifications where title = ${`Prazo perto do fim: ${r.protocol}`}`)) as unknown as { rows: { n: number }[] };
      return Number(found.rows[0]!.n);
    };
    for (const _ of [1, 2]) {
      await t.app.jobs.send('lembrar-prazos', {});
      await t.app.jobs.settle(['lembrar-prazos']);
    }
    // Elisa (the assignee) and Bruno (the lead), once each, however often the job runs.
    expect(await count()).toBe(2);
  });
});

describe('days without office hours move the deadlines', () => {
  const today = todayInPiaui();
  // The next business day: within any open request's window (the demo's 'Segunda via da CNH' promises 10).
  const day = PIAUI_CALENDAR.add(today, 1);
  const close = (who: string, payload: Record<string, unknown>) => as(who, { method: 'POST', url: '/v1/gestao/fechamentos', payload });
  const list = async (who: string) => (await as(who, { method: 'GET', url: '/v1/gestao/fechamentos' })).json() as ClosureList;
  const dueOf = async (id: number) => ((await as('elisa.detran', { method: 'GET', url: `/v1/gestao/solicitacoes/${id}` })).json() as StaffRequestDetail).dueOn;

  it("a lead closes a day: the department's open requests that include it are due a business day later, and back when it opens again", async () => {
    const r = await sendOne();
    const due = r.deadline!;
    expect(due).toBe(PIAUI_CALENDAR.add(today, 10));
    expect((await list('bruno.detran')).departments.map((d) => d.shortName)).toEqual(['DETRAN-PI']);

    const closed = await close('bruno.detran', { orgao: 'detran-pi', dia: day, motivo: 'Ponto facultativo: mudança de sede' });
    expect(closed.statusCode, closed.body).toBe(201);
    const closure = closed.json() as Closure;
    expect(closure).toMatchObject({ day, department: { slug: 'detran-pi' }, createdBy: 'Bruno Carvalho Rocha' });
    expect(closure.moved).toBeGreaterThanOrEqual(1);
    const later = PIAUI_CALENDAR.add(due, 1);
    expect(await dueOf(r.id)).toBe(later);
    // Maria reads the new date; another department's requests did not move.
    expect(((await as('maria.silva', { method: 'GET', url: `/v1/solicitacoes/${r.id}` })).json() as RequestDetail).deadline).toBe(later);
    expect((await list('bruno.detran')).closures.map((c) => c.day)).toContain(day);
    expect((await list('gisele.sefaz')).closures.map((c) => c.day)).not.toContain(day);
    // Sent now, a request counts over the closed day from the start.
    const after = await sendOne();
    expect(after.deadline).toBe(later);

    expect((await as('bruno.detran', { method: 'DELETE', url: `/v1/gestao/fechamentos/${closure.id}` })).statusCode).toBe(204);
    expect(await dueOf(r.id)).toBe(due);
    // The one sent while it was closed counted over it too: it comes back with the others.
    expect(await dueOf(after.id)).toBe(due);
  });

  it('only the leads of the department and the central team close its days; the whole state only the central team', async () => {
    const input = { orgao: 'detran-pi', dia: day, motivo: 'Greve' };
    for (const who of ['elisa.detran', 'ana.detran', 'gisele.sefaz']) expect((await close(who, input)).statusCode, who).toBe(404);
    expect((await close('maria.silva', input)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/v1/gestao/fechamentos', payload: input })).statusCode).toBe(401);
    expect((await close('bruno.detran', { ...input, orgao: 'estado' })).statusCode).toBe(404);
    expect((await list('elisa.detran')).departments).toEqual([]);
    expect((await list('davi.central')).mayCloseState).toBe(true);
    expect((await list('bruno.detran')).closures.filter((c) => c.day === day)).toEqual([]);

    // The central team closes the day everywhere; a DETRAN lead cannot open it again, the central team can.
    const r = await sendOne();
    const everywhere = await close('davi.central', { ...input, orgao: 'estado', motivo: 'Ponto facultativo decretado pelo governador' });
    expect(everywhere.statusCode, everywhere.body).toBe(201);
    const closure = everywhere.json() as Closure;
    expect(closure.department).toBeNull();
    expect(await dueOf(r.id)).toBe(PIAUI_CALENDAR.add(r.deadline!, 1));
    expect((await list('gisele.sefaz')).closures.map((c) => c.id)).toContain(closure.id);
    expect((await as('bruno.detran', { method: 'DELETE', url: `/v1/gestao/fechamentos/${closure.id}` })).statusCode).toBe(404);
    expect((await as('davi.central', { method: 'DELETE', url: `/v1/gestao/fechamentos/${closure.id}` })).statusCode).toBe(204);
    expect(await dueOf(r.id)).toBe(r.deadline);
  });

  it('a day past, a weekend, a holiday, a bad date, no reason or too far ahead: a clear error, and nothing changes', async () => {
    const plusDays = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const weekday = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();
    const sunday = [1, 2, 3, 4, 5, 6, 7].map(plusDays).find((d) => weekday(d) === 0)!;
    const holiday = Array.from({ length: 366 }, (_, n) => plusDays(n + 1)).find((d) => holidayName(d) && weekday(d) !== 0 && weekday(d) !== 6)!;
    const before = await list('bruno.detran');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ orgao: 'detran-pi', dia: PIAUI_CALENDAR.add(today, -1), motivo: 'x' }, /só se fecha hoje ou um dia que ainda vem/],
      [{ orgao: 'detran-pi', dia: sunday, motivo: 'x' }, /domingo já não conta nos prazos/],
      [{ orgao: 'detran-pi', dia: holiday, motivo: 'x' }, new RegExp(`já é feriado \\(${holidayName(holiday)}\\)`)],
      [{ orgao: 'detran-pi', dia: '2026-02-30', motivo: 'x' }, /Dia: use uma data válida/],
      [{ orgao: 'detran-pi', dia: day, motivo: '   ' }, /Escreva o motivo/],
      [{ orgao: 'detran-pi', dia: PIAUI_CALENDAR.add(today, 300), motivo: 'x' }, /no máximo um ano à frente/],
    ];
    for (const [payload, message] of cases) {
      const answer = await close('bruno.detran', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toMatch(message);
    }
    expect(await list('bruno.detran')).toEqual(before);
    // A day already past stays as it was.
    const past = (await t.database.db.execute(
      sql`insert into department_closures (department_id, day, reason, created_by_sub, created_by_name) select id, ${plusDays(-1)}, 'Inventário', 'x', 'Bruno' from departments where slug = 'detran-pi' returning id`,
    )) as unknown as { rows: { id: number }[] };
    const kept = await as('bruno.detran', { method: 'DELETE', url: `/v1/gestao/fechamentos/${past.rows[0]!.id}` });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe('Um dia que já passou fica como foi.');
  });

  it('two leads closing the same day at once: exactly one wins, and the deadlines move once', async () => {
    const r = await sendOne();
    const answers = await Promise.all([close('bruno.detran', { orgao: 'detran-pi', dia: day, motivo: 'Mudança' }), close('davi.central', { orgao: 'detran-pi', dia: day, motivo: 'Mudança de sede' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toMatch(/já está fechado para DETRAN-PI/);
    expect(await dueOf(r.id)).toBe(PIAUI_CALENDAR.add(r.deadline!, 1));
    const closure = answers.find((a) => a.statusCode === 201)!.json() as Closure;
    // Opened again by both at once: one does it, the other is told it is gone; the deadline comes back once.
    const removed = await Promise.all(['bruno.detran', 'davi.central'].map((who) => as(who, { method: 'DELETE', url: `/v1/gestao/fechamentos/${closure.id}` })));
    expect(removed.map((a) => a.statusCode).sort()).toEqual([204, 404]);
    expect(await dueOf(r.id)).toBe(r.deadline);
  });
});

describe("the queue's counts", () => {
  /** A department's count of each state as the queue shows it, and as counted from the requests themselves. */
  const counted = async () => {
    const shown = (await queue('elisa.detran')).counts;
    const found = await rows<{ state: string; n: number }>(
      t.database.db,
      sql`select r.state, count(*)::int as n from service_requests r join departments d on d.id = r.department_id where d.slug = 'detran-pi' and r.state <> 'rascunho' group by r.state`,
    );
    return { shown: Object.fromEntries(Object.entries(shown).filter(([, n]) => n !== 0)), found: Object.fromEntries(found.map((r) => [r.state, r.n])) };
  };

  it('stay the requests themselves through sends and changes of state at once (each count is spread over rows)', async () => {
    const sent: RequestDetail[] = [];
    for (let i = 0; i < 5; i++) sent.push(await sendOne());
    // Four changes of state at once, by two attendants: three taken, one cancelled as a duplicate of the fifth.
    const answers = await Promise.all([
      ...sent.slice(0, 3).map((r, i) => act(i % 2 ? 'bruno.detran' : 'elisa.detran', r.id, { acao: 'assumir' })),
      act('bruno.detran', sent[3]!.id, { acao: 'cancelar_duplicada', protocolo: sent[4]!.protocol }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const { shown, found } = await counted();
    expect(found.em_analise).toBeGreaterThanOrEqual(3);
    expect(shown).toEqual(found);
  });
});
