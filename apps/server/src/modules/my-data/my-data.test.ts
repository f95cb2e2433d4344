import { MY_DATA_KINDS, NOTICE_KIND_KEYS, RETENTION, type MyDataSummary } from '@portal/contracts';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { PushStandIn, SmtpStandIn } from '../../test-support/stand-ins.ts';
import { purgeExpired } from '../retention/retention.repository.ts';

let t: TestApp;
let maria: { sub: string };
let history = 0;
let push: PushStandIn;
let smtp: SmtpStandIn;
beforeAll(async () => {
  push = new PushStandIn();
  smtp = new SmtpStandIn();
  t = await createTestApp({ env: { PUSH_URL: await push.start(), SMTP_URL: await smtp.start(), JOBS_POLL_SECONDS: '0.5' } });
  [maria] = (await rows<{ sub: string }>(t.app.db, sql`select sub from users where username = 'maria.silva'`)) as [{ sub: string }];
});
afterAll(async () => {
  await t.close();
  await push.stop();
  await smtp.stop();
});

const as = async (username: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${await t.tokenFor(username)}` } });
const count = async (table: string, column = 'user_sub') =>
  (await rows<{ n: number }>(t.app.db, sql`select count(*)::int as n from ${sql.raw(table)} where ${sql.raw(column)} = ${maria.sub}`))[0]!.n;

describe('Meus dados (issue 30, LGPD art. 18)', () => {
  it('shows Maria every kind of record the portal holds about her, with its purpose, basis and retention', async () => {
    // Her history (services she opened logged in) and a phone with push on.
    await t.app.db.execute(sql`insert into access_log (service_id, user_sub) select id, ${maria.sub} from services where slug in ('renovacao-da-cnh', 'emissao-do-dae-do-ipva')`);
    history = await count('access_log');
    expect(history).toBeGreaterThanOrEqual(2);
    await t.app.db.execute(sql`insert into push_devices (token, user_sub) values ('ExponentPushToken[maria-celular-1]', ${maria.sub})`);
    const res = await as('maria.silva', { method: 'GET', url: '/v1/meus-dados' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const { kinds } = res.json() as MyDataSummary;
    expect(kinds.map((k) => k.kind)).toEqual(Object.keys(MY_DATA_KINDS));
    const of = (kind: string) => kinds.find((k) => k.kind === kind)!;
    expect(of('favoritos').count).toBe(3);
    expect(of('historico').count).toBe(history);
    expect(of('rascunhos').count).toBe(1);
    expect(of('solicitacoes').count).toBeGreaterThanOrEqual(5);
    expect(of('agendamentos').count).toBeGreaterThanOrEqual(2);
    expect(of('documentos').count).toBe(2);
    expect(of('notificacoes').count).toBeGreaterThanOrEqual(5);
    expect(of('telefones').examples).toEqual([expect.stringMatching(/^Celular …lar-1\], desde \d{2}\/\d{2}\/\d{4}$/)]);
    expect(MY_DATA_KINDS.historico.kept).toBe(`${RETENTION.accessHistoryMonths} meses.`);
  });

  it('gives her all of it in one JSON file: her requests with files and steps, not the department’s internal notes, nobody else’s', async () => {
    const res = await as('maria.silva', { method: 'GET', url: '/v1/meus-dados/exportacao' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="meus-dados-portal-piaui-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    const data = res.json();
    for (const key of ['conta', 'favoritos', 'historico', 'avaliacoes', 'solicitacoes', 'rascunhos', 'agendamentos', 'documentos', 'notificacoes', 'telefones', 'sessoes', 'acessos']) {
      expect(data, key).toHaveProperty(key);
    }
    expect(data.conta).toMatchObject({ usuario: 'maria.silva', name: expect.stringContaining('Maria'), cpf: expect.stringMatching(/^\d{11}$/) });
    const [notes] = await rows<{ n: number }>(t.app.db, sql`select count(*)::int as n from request_events e join service_requests r on r.id = e.request_id where r.citizen_sub = ${maria.sub} and e.kind = 'nota'`);
    const steps = data.solicitacoes.flatMap((r: { passos: { tipo: string }[] }) => r.passos);
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.some((p: { tipo: string }) => p.tipo === 'nota')).toBe(false);
    expect(notes!.n).toBeGreaterThanOrEqual(0);
    expect(data.solicitacoes.every((r: { arquivos: unknown[] }) => Array.isArray(r.arquivos))).toBe(true);
    expect(JSON.stringify(data)).not.toContain('João');
    expect((await t.app.inject({ method: 'GET', url: '/v1/meus-dados/exportacao' })).statusCode).toBe(401);
  });

  it('erases her history and favourites everywhere they are read, and keeps her submitted requests with their retention date', async () => {
    const recommend = async () => (await as('maria.silva', { method: 'GET', url: '/api/recommendations/recommend_services/maria.silva' })).json();
    expect((await recommend()).recommended_services.length).toBeGreaterThan(0); // ranked from her history, now in this process's cache
    const before = await count('access_log');
    const history = await as('maria.silva', { method: 'POST', url: '/v1/meus-dados/apagar', payload: { tipo: 'historico' } });
    expect(history.json()).toEqual({ tipo: 'historico', apagados: before });
    expect(await count('access_log')).toBe(0);
    const favourites = await as('maria.silva', { method: 'POST', url: '/v1/meus-dados/apagar', payload: { tipo: 'favoritos' } });
    expect(favourites.json()).toEqual({ tipo: 'favoritos', apagados: 3 });
    expect((await as('maria.silva', { method: 'GET', url: '/v1/catalog/favorites' })).json().favorites).toEqual([]);
    // Nothing is ranked from them any more, though this process's cache had her recommendations a moment ago.
    expect((await recommend()).recommended_services).toEqual([]);

    const { kinds } = (await as('maria.silva', { method: 'GET', url: '/v1/meus-dados' })).json() as MyDataSummary;
    const requests = kinds.find((k) => k.kind === 'solicitacoes')!;
    expect(requests.count).toBeGreaterThanOrEqual(5);
    expect(requests.keptUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(requests.examples.some((e) => e.includes('guardada até'))).toBe(true);
  });

  it('erases her drafts with their files, her messages and her phones; refuses what the law keeps, in Portuguese', async () => {
    // A file attached to her draft, kept as an upload is.
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Comprovante de residência');
    const stored = await t.app.storage.receive(Readable.from([Buffer.from(await doc.save())]), { maxBytes: 1 << 20, accept: ['application/pdf'] });
    await t.app.db.execute(sql`insert into request_files (request_id, question, storage_key, name, type, size, sha256)
      select id, 'comprovante', ${stored.key}, 'comprovante.pdf', ${stored.type}, ${stored.size}, ${stored.sha256} from service_requests where citizen_sub = ${maria.sub} and state = 'rascunho'`);
    const files = await rows<{ key: string }>(t.app.db, sql`select f.storage_key as key from request_files f join service_requests r on r.id = f.request_id where r.citizen_sub = ${maria.sub} and r.state = 'rascunho'`);
    const drafts = await as('maria.silva', { method: 'POST', url: '/v1/meus-dados/apagar', payload: { tipo: 'rascunhos' } });
    expect(drafts.json()).toEqual({ tipo: 'rascunhos', apagados: 1 });
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(await t.app.storage.exists(f.key)).toBe(false);
    expect((await as('maria.silva', { method: 'POST', url: '/v1/meus-dados/apagar', payload: { tipo: 'notificacoes' } })).json().apagados).toBeGreaterThanOrEqual(5);
    expect(await count('notifications')).toBe(0);
    expect((await as('maria.silva', { method: 'POST', url: '/v1/meus-dados/apagar', payload: { tipo: 'telefones' } })).json().apagados).toBe(1);
    const kept = await as('maria.silva', { method: 'POST', url: '/v1/meus-dados/apagar', payload: { tipo: 'solicitacoes' } });
    expect(kept.statusCode).toBe(400);
    expect(kept.json().message).toContain('Escolha o que apagar');
    expect(await count('service_requests', 'citizen_sub')).toBeGreaterThanOrEqual(5);
  });

  it('ends every session of hers, in the browser and in the app, and nobody else’s', async () => {
    const cookie = await t.webSession('maria.silva');
    const other = await t.webSession('joao.souza');
    const ended = await as('maria.silva', { method: 'POST', url: '/v1/meus-dados/sessoes/encerrar' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().sessoes).toBeGreaterThanOrEqual(1);
    expect(await count('web_sessions')).toBe(0);
    // Her browser is logged out (the personal page sends it to the login); João's is not.
    const mine = await t.app.inject({ method: 'GET', url: '/app/acompanhar-minhas-solicitacoes', headers: { cookie } });
    expect(mine.statusCode).toBe(302);
    expect((await t.app.inject({ method: 'GET', url: '/app/acompanhar-minhas-solicitacoes', headers: { cookie: other } })).statusCode).toBe(200);
  });

  it('forgets a phone the app has not registered again for months (retention job)', async () => {
    await t.app.db.execute(sql`insert into push_devices (token, user_sub, registered_at) values
      ('ExponentPushToken[velho]', ${maria.sub}, now() - make_interval(months => ${RETENTION.pushDeviceMonths + 1})),
      ('ExponentPushToken[novo]', ${maria.sub}, now())`);
    const removed = await purgeExpired(t.app.db, new Date());
    expect(removed.pushDevices).toBe(1);
    expect((await rows<{ token: string }>(t.app.db, sql`select token from push_devices where user_sub = ${maria.sub}`)).map((r) => r.token)).toEqual(['ExponentPushToken[novo]']);
  });

  it('tells her as she chose: always in her messages; by e-mail and by push only where she left them on', async () => {
    const initial = await as('maria.silva', { method: 'GET', url: '/v1/meus-dados/avisos' });
    expect(initial.json().avisos).toEqual(NOTICE_KIND_KEYS.map((tipo) => ({ tipo, email: true, push: true })));
    const chosen = await as('maria.silva', {
      method: 'PUT',
      url: '/v1/meus-dados/avisos',
      payload: { avisos: [{ tipo: 'solicitacoes', email: false, push: true }, { tipo: 'lembretes', email: true, push: false }] },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().avisos).toEqual([
      { tipo: 'solicitacoes', email: false, push: true },
      { tipo: 'agendamentos', email: true, push: true },
      { tipo: 'lembretes', email: true, push: false },
    ]);
    const twice = await as('maria.silva', { method: 'PUT', url: '/v1/meus-dados/avisos', payload: { avisos: [{ tipo: 'lembretes', email: true, push: true }, { tipo: 'lembretes', email: false, push: false }] } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('Cada tipo de aviso uma vez só.');

    await t.app.db.execute(sql`insert into push_devices (token, user_sub) values ('ExponentPushToken[maria-escolhas]', ${maria.sub})`);
    const before = await count('notifications');
    for (const [kind, title] of [['solicitacoes', 'Nova etapa: teste'], ['lembretes', 'Lembrete: teste']] as const) {
      await t.app.jobs.send('avisar-solicitante', { userSub: maria.sub, email: 'maria@teste.pi.gov.br', url: '/app/acompanhar-minhas-solicitacoes', title, body: 'Teste.', kind });
    }
    await t.app.jobs.settle(['avisar-solicitante', 'push']);
    expect(await count('notifications')).toBe(before + 2);
    await expect.poll(() => smtp.received.map((m) => m.subject)).toContain('Lembrete: teste');
    await expect.poll(() => push.received.flatMap((r) => r.body.map((m) => m.title))).toContain('Nova etapa: teste');
    expect(smtp.received.map((m) => m.subject)).not.toContain('Nova etapa: teste');
    expect(push.received.flatMap((r) => r.body.map((m) => m.title))).not.toContain('Lembrete: teste');
  });

  it('makes her a zip of her data and every file she sent, by the job queue, tells her, and deletes it days later', async () => {
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Laudo médico');
    const stored = await t.app.storage.receive(Readable.from([Buffer.from(await doc.save())]), { maxBytes: 1 << 20, accept: ['application/pdf'] });
    const [request] = await rows<{ id: number; protocol: string }>(t.app.db, sql`select id, protocol from service_requests where citizen_sub = ${maria.sub} and state <> 'rascunho' order by id limit 1`);
    await t.app.db.execute(sql`insert into request_files (request_id, question, storage_key, name, type, size, sha256)
      values (${request!.id}, 'laudo', ${stored.key}, 'laudo médico.pdf', ${stored.type}, ${stored.size}, ${stored.sha256})`);

    const asked = await as('maria.silva', { method: 'POST', url: '/v1/meus-dados/exportacao/zip' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().exportacao.estado).toBe('preparando');
    // Asking again while it is being made answers the same one.
    expect((await as('maria.silva', { method: 'POST', url: '/v1/meus-dados/exportacao/zip' })).json().exportacao.pedidoEm).toBe(asked.json().exportacao.pedidoEm);
    await t.app.jobs.settle(['exportar-meus-dados']);
    const ready = (await as('maria.silva', { method: 'GET', url: '/v1/meus-dados/exportacao/zip/situacao' })).json().exportacao;
    expect(ready).toMatchObject({ estado: 'pronto', bytes: expect.any(Number) });
    expect((await rows<{ title: string }>(t.app.db, sql`select title from notifications where user_sub = ${maria.sub}`)).map((n) => n.title)).toContain('Seus dados estão prontos para baixar');

    const zip = await as('maria.silva', { method: 'GET', url: '/v1/meus-dados/exportacao/zip' });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['cache-control']).toContain('no-store');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    const data = JSON.parse(strFromU8(entries['meus-dados.json']!));
    expect(data.conta.usuario).toBe('maria.silva');
    expect(data.solicitacoes.length).toBeGreaterThan(0);
    const file = Object.keys(entries).find((name) => name.startsWith(`arquivos/${request!.protocol}/`))!;
    expect(file).toMatch(/\/\d+-laudo médico\.pdf$/);
    expect(Buffer.from(entries[file]!).subarray(0, 5).toString()).toBe('%PDF-');
    // Nobody else's: João has none.
    expect((await as('joao.souza', { method: 'GET', url: '/v1/meus-dados/exportacao/zip' })).statusCode).toBe(404);

    // Seven days later it is gone, file and all.
    const [kept] = await rows<{ key: string }>(t.app.db, sql`select storage_key as key from data_exports where user_sub = ${maria.sub} and state = 'pronto'`);
    expect(await t.app.storage.exists(kept!.key)).toBe(true);
    await t.app.db.execute(sql`update data_exports set expires_at = now() - interval '1 minute' where user_sub = ${maria.sub}`);
    await t.app.jobs.send('apagar-exportacoes', {});
    await t.app.jobs.settle(['apagar-exportacoes']);
    expect(await t.app.storage.exists(kept!.key)).toBe(false);
    expect((await as('maria.silva', { method: 'GET', url: '/v1/meus-dados/exportacao/zip/situacao' })).json().exportacao).toBeNull();
  });

  it('corrects the e-mail and phone for notices: the phone at once, the e-mail once she types the code sent to it', async () => {
    const put = (payload: object) => as('maria.silva', { method: 'PUT', url: '/v1/meus-dados/contato', payload });
    const bad = await put({ telefone: '9999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Escreva o telefone com DDD');
    expect((await put({ email: 'maria@' })).json().message).toContain('Escreva um e-mail válido');

    const changed = await put({ telefone: '(86) 98888-7777', email: 'Maria.Nova@Exemplo.com.br' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ origem: 'acesso-cidadao', pendente: 'maria.nova@exemplo.com.br', telefone: '86988887777' });
    await expect.poll(() => smtp.received.filter((m) => m.to.includes('maria.nova@exemplo.com.br')).length).toBe(1);
    const code = /\b(\d{6})\b/.exec(smtp.received.find((m) => m.to.includes('maria.nova@exemplo.com.br'))!.text)![1]!;

    const confirm = (codigo: string) => as('maria.silva', { method: 'POST', url: '/v1/meus-dados/contato/confirmar', payload: { codigo } });
    const wrong = await confirm(code === '000000' ? '000001' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Código errado: confira o e-mail que enviamos.');
    expect((await confirm('12ab')).json().message).toContain('O código tem 6 números');
    const right = await confirm(code);
    expect(right.json()).toMatchObject({ email: 'maria.nova@exemplo.com.br', origem: 'portal', pendente: null });
    // Used once: the same code again finds nothing waiting.
    expect((await confirm(code)).json().message).toBe('Não há e-mail esperando confirmação.');

    // Notices now go to it, and the requests she starts carry it.
    await t.app.jobs.send('avisar-solicitante', { userSub: maria.sub, email: 'antigo@exemplo.com.br', url: '/app/agendamentos/1', title: 'Aviso: contato novo', body: 'Teste.', kind: 'agendamentos' });
    await t.app.jobs.settle(['avisar-solicitante']);
    await expect.poll(() => smtp.received.find((m) => m.subject === 'Aviso: contato novo')?.to).toEqual(['maria.nova@exemplo.com.br']);
    const exported = (await as('maria.silva', { method: 'GET', url: '/v1/meus-dados/exportacao' })).json();
    expect(exported.conta).toMatchObject({ email: 'maria.nova@exemplo.com.br', phone: '86988887777' });
    expect(exported.contato).toEqual({ email: 'maria.nova@exemplo.com.br', telefone: '86988887777', emailEsperandoConfirmacao: null });

    // An empty e-mail goes back to the Acesso Cidadão's.
    expect((await put({ email: '' })).json()).toMatchObject({ origem: 'acesso-cidadao', pendente: null });
    // Erasing her contact and choices: the phone goes, and every kind of notice is by e-mail and push again.
    const erased = await as('maria.silva', { method: 'POST', url: '/v1/meus-dados/apagar', payload: { tipo: 'contato' } });
    expect(erased.json().apagados).toBeGreaterThanOrEqual(2);
    expect((await as('maria.silva', { method: 'GET', url: '/v1/meus-dados/avisos' })).json().avisos.every((a: { email: boolean; push: boolean }) => a.email && a.push)).toBe(true);
    expect((await as('maria.silva', { method: 'GET', url: '/v1/meus-dados/contato' })).json().telefone).not.toBe('86988887777');
  });
});
