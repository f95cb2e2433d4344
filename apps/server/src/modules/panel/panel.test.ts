import { PANEL_DEFINITIONS, todayInPiaui, type Panel } from '@portal/contracts';
import { PIAUI_CALENDAR } from '@portal/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SERVICE = 'segunda-via-da-cnh';
const BOOKABLE = 'carteira-de-identidade-primeira-via';
// A month long before the demo's requests, with only the requests the tests write.
const MARCH = '2024-03';

const panel = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/v1/painel${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Panel;
};
const month = (p: Panel, mes: string) => p.meses.find((m) => m.mes === mes)!;

/** A request of the service, written as the portal would have at those moments (Piauí's noon of each day). */
async function request(state: string, sent: string | null, ended: string | null, extra: { due?: string; paused?: number; reason?: string } = {}) {
  const [service] = await rows<{ id: number; departmentId: number }>(t.app.db, sql`select id, department_id as "departmentId" from services where slug = ${SERVICE}`);
  const at = (day: string | null) => (day ? `${day}T12:00:00-03:00` : null);
  const [row] = await rows<{ id: number }>(
    t.app.db,
    sql`insert into service_requests (protocol, service_id, department_id, citizen_sub, citizen, state, form_version, form, submitted_at, closed_at, due_on, paused_days, refusal_reason, updated_at)
        values (${`2026-TESTE-${Math.floor(Math.random() * 1e6)}`}, ${service!.id}, ${service!.departmentId}, 'painel-teste',
                '{"name":"Teste","cpf":"","email":"","phone":"","birthDate":""}'::jsonb, ${state}, 1, '{}'::jsonb,
                ${at(sent)}::timestamptz, ${at(ended)}::timestamptz, ${extra.due ?? null}::date, ${extra.paused ?? 0}, ${extra.reason ?? null}, now())
        returning id`,
  );
  return row!.id;
}

describe('the services’ public panel (issue 30)', () => {
  it('counts a known month of one service: received, answered, on time, the days taken, refusals and ratings', async () => {
    const [{ before }] = (await rows<{ before: number }>(t.app.db, sql`select count(*)::int as before from service_requests where submitted_at < '2024-05-01'`)) as [{ before: number }];
    expect(before).toBe(0);
    const concluded = await request('concluida', '2024-03-02', '2024-03-06', { due: '2024-03-10' });
    await request('indeferida', '2024-03-02', '2024-03-20', { due: '2024-03-10', paused: 2, reason: 'documentacao' });
    await request('cancelada', '2024-03-03', '2024-03-04', { due: '2024-03-17' });
    await request('em_analise', '2024-03-05', null, { due: '2024-03-19' });
    await request('rascunho', null, null);
    await t.app.db.execute(sql`insert into verified_ratings (request_id, service_id, value, created_at) select ${concluded}, service_id, 5, '2024-03-09T12:00:00-03:00' from service_requests where id = ${concluded}`);
    await t.app.db.execute(sql`insert into ratings (service_id, voter, value, created_at) select id, 'painel-voto', 3, '2024-03-09T12:00:00-03:00' from services where slug = ${SERVICE}`);
    await t.app.panel.refresh();

    const p = await panel(`?servico=${SERVICE}&de=2024-01&ate=2024-04`);
    expect(p.periodo).toEqual({ de: '2024-01', ate: '2024-04' });
    expect(p.meses.map((m) => m.mes)).toEqual(['2024-01', '2024-02', '2024-03', '2024-04']);
    const march = month(p, MARCH);
    // The days each took: business days after it was sent up to its answer, less the days waiting for the citizen.
    const fast = PIAUI_CALENDAR.between('2024-03-02', '2024-03-06');
    const slow = PIAUI_CALENDAR.between('2024-03-02', '2024-03-20') - 2;
    expect(march).toMatchObject({
      recebidas: 4,
      respondidas: 2,
      concluidas: 1,
      indeferidas: 1,
      canceladas: 1,
      emAndamento: 1,
      noPrazo: 0.5,
      medianaDias: Math.min(fast, slow),
      p90Dias: Math.max(fast, slow),
      avaliacoesVerificadas: { n: 1, media: 5 },
      avaliacoesAnonimas: { n: 1, media: 3 },
    });
    // Still open in April, with nothing new.
    expect(month(p, '2024-04')).toMatchObject({ recebidas: 0, emAndamento: 1, respondidas: 0, medianaDias: null, noPrazo: null });
    expect(p.motivos).toEqual([{ motivo: 'documentacao', descricao: 'Documentação incompleta ou inválida', n: 1 }]);
    expect(p.total).toMatchObject({ recebidas: 4, respondidas: 2, emAndamento: 1 });
    expect(p.filtro.servico).toEqual({ slug: SERVICE, titulo: expect.any(String) });
  });

  it('matches an independent count of every request of the demo, month by month, for the state and each department', async () => {
    await t.app.panel.refresh();
    const all = await rows<{ dept: string; sent: string | null; ended: string | null; state: string }>(
      t.app.db,
      sql`select d.slug as dept, to_char(r.submitted_at at time zone 'America/Fortaleza', 'YYYY-MM') as sent,
                 to_char(r.closed_at at time zone 'America/Fortaleza', 'YYYY-MM') as ended, r.state
          from service_requests r join departments d on d.id = r.department_id`,
    );
    const until = todayInPiaui().slice(0, 7);
    const check = async (query: string, mine: typeof all) => {
      const p = await panel(`?de=2025-12&ate=${until}${query}`);
      for (const m of p.meses) {
        const sentIn = mine.filter((r) => r.sent === m.mes).length;
        const answeredIn = mine.filter((r) => r.ended === m.mes && (r.state === 'concluida' || r.state === 'indeferida')).length;
        const cancelledIn = mine.filter((r) => r.ended === m.mes && r.state === 'cancelada').length;
        const openAtEnd = mine.filter((r) => r.sent && r.sent <= m.mes && !(r.ended && r.ended <= m.mes)).length;
        expect({ mes: m.mes, recebidas: m.recebidas, respondidas: m.respondidas, canceladas: m.canceladas, emAndamento: m.emAndamento }).toEqual({
          mes: m.mes,
          recebidas: sentIn,
          respondidas: answeredIn,
          canceladas: cancelledIn,
          emAndamento: openAtEnd,
        });
      }
      return p;
    };
    const state = await check('', all);
    expect(state.total.recebidas).toBeGreaterThan(0);
    expect(state.partes.length).toBeGreaterThan(1);
    for (const part of state.partes) await check(`&orgao=${part.slug}`, all.filter((r) => r.dept === part.slug));
  });

  it('counts the appointments of the month and the share of absences among those already past', async () => {
    const [agenda] = await rows<{ id: number; serviceId: number; sectionId: number; departmentId: number }>(
      t.app.db,
      sql`select a.id, a.service_id as "serviceId", a.section_id as "sectionId", a.department_id as "departmentId" from unit_agendas a join services s on s.id = a.service_id where s.slug = ${BOOKABLE} limit 1`,
    );
    for (const [i, state] of ['compareceu', 'compareceu', 'nao_compareceu', 'cancelado'].entries()) {
      await t.app.db.execute(sql`
        insert into appointments (protocol, code, agenda_id, service_id, section_id, department_id, citizen_sub, citizen, starts_at, state)
        values (${`2026-AGENDA-PAINEL${i}`}, ${`painel-${i}`}, ${agenda!.id}, ${agenda!.serviceId}, ${agenda!.sectionId}, ${agenda!.departmentId}, ${`painel-${i}`},
                '{"name":"Teste","cpf":"","email":""}'::jsonb, '2024-03-10T09:00:00-03:00', ${state})`);
    }
    await t.app.panel.refresh();
    const march = month(await panel(`?servico=${BOOKABLE}&de=${MARCH}&ate=${MARCH}`), MARCH);
    expect(march).toMatchObject({ agendados: 3, compareceram: 2, faltaram: 1 });
    expect(march.taxaFaltas).toBeCloseTo(1 / 3);
  });

  it('counts again only the months that changed, and only when the job runs', async () => {
    await t.app.panel.refresh();
    expect(await t.app.panel.refresh()).toEqual([]);
    const until = `&ate=${todayInPiaui().slice(0, 7)}`;
    const before = await panel(`?servico=${SERVICE}`);
    const today = todayInPiaui();
    await request('concluida', today, today, { due: today });
    // Not counted until the job brings the counts up to date.
    expect((await panel(`?servico=${SERVICE}`)).total.respondidas).toBe(before.total.respondidas);
    expect(await t.app.panel.refresh()).toEqual([today.slice(0, 7)]);
    // (another address: the first answer stays in the public cache for its five minutes, as it does for everyone)
    const after = await panel(`?servico=${SERVICE}${until}`);
    expect(after.total.respondidas).toBe(before.total.respondidas + 1);
    expect(after.atualizadoEm).not.toBe(before.atualizadoEm);
  });

  // Only PostgreSQL runs transactions at once; the embedded database runs one at a time.
  it.runIf(process.env.TEST_DATABASE_URL)('counts, at the next update, a change a transaction still running made before an update read the tables', async () => {
    await t.app.panel.refresh();
    const thisMonth = todayInPiaui().slice(0, 7);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    // A citizen's rating, stamped when its transaction began, committed only after the update below has run.
    const writer = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ratings (service_id, value, voter) select id, 4, 'painel-em-curso' from services where slug = ${SERVICE}`);
      written();
      await held;
    });
    await wrote;
    expect(await t.app.panel.refresh()).toEqual([]);
    release();
    await writer;
    expect(await t.app.panel.refresh()).toEqual([thisMonth]);
  });

  it('brings the counts up to date once when two instances run the job at the same moment', async () => {
    await request('indeferida', '2024-03-09', '2024-03-12', { reason: 'requisitos' });
    // The two start in a later millisecond than the change. A change in the very millisecond an update starts is counted
    // by it and again by the next, on purpose: the update marks where it began to the millisecond, and a change made in
    // that millisecond after it read the tables must not be missed (on a fast machine the two calls came in the
    // change's own millisecond, and both counted it).
    const changed = Date.now();
    while (Date.now() <= changed) await new Promise((resolve) => setTimeout(resolve, 1));
    const results = await Promise.all([t.app.panel.refresh(), t.app.panel.refresh()]);
    // One counts the month; the other waits for it, then finds nothing new there.
    expect(results.filter((months) => months.includes(MARCH))).toHaveLength(1);
    const [{ n }] = (await rows<{ n: number }>(t.app.db, sql`select count(*)::int as n from (select month, department_id, service_id, metric, key from panel_counts group by 1, 2, 3, 4, 5 having count(*) > 1) d`)) as [{ n: number }];
    expect(n).toBe(0);
    expect(month(await panel(`?servico=${SERVICE}&de=${MARCH}&ate=${MARCH}`), MARCH).indeferidas).toBe(2);
  });

  it('gives the catalog’s figures the home’s indicators give, and says what each figure counts', async () => {
    const p = await panel();
    const indicator = async (dashcard: number, card: number) =>
      (await t.app.inject({ method: 'POST', url: `/api/metabase/api/dashboard/8/dashcard/${dashcard}/card/${card}/query` })).json().data.rows[0][0];
    expect(p.catalogo.servicosDisponiveis).toBe(await indicator(87, 76));
    expect(p.catalogo.servicosDigitais).toBe(await indicator(88, 77));
    expect(p.catalogo.cidadaosCadastrados).toBe(await indicator(89, 78));
    expect(p.catalogo.servicosSolicitaveis).toBeGreaterThan(0);
    expect(p.catalogo.servicosAgendaveis).toBeGreaterThan(0);
    expect(p.proximosHorarios.some((h) => h.servico === BOOKABLE)).toBe(true);
    const docs = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(docs.paths['/v1/painel'].get.description).toContain(PANEL_DEFINITIONS.noPrazo);
    expect(docs.paths['/v1/painel/arquivo.csv']).toBeDefined();
  });

  it('downloads the months as CSV that a spreadsheet reads, from the public cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/painel/arquivo.csv?servico=${SERVICE}&de=2024-01&ate=2024-04` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`painel-${SERVICE}-2024-01-a-2024-04.csv`);
    expect(res.headers['cache-control']).toContain('public');
    const [header, ...lines] = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    const columns = header!.split(';');
    expect(lines).toHaveLength(4);
    const march = Object.fromEntries(lines[2]!.split(';').map((v, i) => [columns[i], v]));
    expect(march).toMatchObject({ mes: MARCH, recebidas: '5', indeferidas: '2', respondidas_no_prazo_pct: '50' });
  });

  it('refuses a malformed filter in Portuguese, and an unknown department or service with 404', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/v1/painel?de=2026-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('informe o mês como 2026-01');
    const backwards = await t.app.inject({ method: 'GET', url: '/v1/painel?de=2026-05&ate=2026-01' });
    expect(backwards.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/v1/painel?orgao=nao-existe' })).statusCode).toBe(404);
    const elsewhere = await t.app.inject({ method: 'GET', url: `/v1/painel?orgao=seduc&servico=${SERVICE}` });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Serviço não encontrado.');
  });
});
