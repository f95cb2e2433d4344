import { PIAUI_TIME_ZONE, todayInPiaui, type Appointment, type AppointmentList, type BookingOptions, type DataAccessList, type DeskDay } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holidayName } from '@portal/db';
import { rows } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

// Issue 29: a citizen books a time at a unit, reschedules and cancels it; a time never takes more people than its
// places, however many try at once; the front desk receives her by the QR's code and she reads that it did.

let t: TestApp;
const bearer: Record<string, string> = {};
const PEOPLE = ['maria.silva', 'joao.souza', 'ana.detran', 'bruno.detran', 'carla.seduc', 'davi.central', 'elisa.detran', 'fabio.seduc', 'gisele.sefaz', 'heitor.ssp'];
const SEGUNDA = 'carteira-de-identidade-segunda-via';
const PRIMEIRA = 'carteira-de-identidade-primeira-via';

beforeAll(async () => {
  t = await createTestApp({});
  for (const who of PEOPLE) bearer[who] = `Bearer ${await t.tokenFor(who)}`;
});
afterAll(async () => {
  await t.close();
});

const as = (who: string, options: InjectOptions) => t.app.inject({ ...options, headers: { ...options.headers, authorization: bearer[who]! } });
const options = async (who: string, service: string, query = '') => {
  const answer = await as(who, { method: 'GET', url: `/v1/agendamentos/opcoes/${service}${query}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as BookingOptions;
};
const book = (who: string, payload: Record<string, unknown>) => as(who, { method: 'POST', url: '/v1/agendamentos', payload });
const booked = async (unit: string, service: string, startsAt: string) =>
  (
    await rows<{ booked: number }>(
      t.database.db,
      sql`select s.booked from appointment_slots s join unit_agendas a on a.id = s.agenda_id join department_sections d on d.id = a.section_id join services v on v.id = a.service_id
          where d.slug = ${unit} and v.slug = ${service} and s.starts_at = ${startsAt}::timestamptz`,
    )
  )[0]?.booked;

describe('the agendas', () => {
  it('open times on the units’ hours, Saturdays where a unit opens then, never on a holiday', async () => {
    const days = await rows<{ unit: string; day: string; n: number }>(
      t.database.db,
      sql`select d.slug as unit, to_char(s.starts_at at time zone 'America/Fortaleza', 'YYYY-MM-DD') as day, count(*)::int as n
          from appointment_slots s join unit_agendas a on a.id = s.agenda_id join department_sections d on d.id = a.section_id
          group by 1, 2`,
    );
    expect(days.length).toBeGreaterThan(20);
    for (const d of days) {
      expect(holidayName(d.day), `${d.unit} ${d.day}`).toBeNull();
      const weekday = new Date(`${d.day}T12:00:00Z`).getUTCDay();
      expect(weekday, `${d.unit} ${d.day}`).not.toBe(0);
      if (weekday === 6) expect(d.unit).toBe('ssp-espaco-cidadania-teresina-shopping');
    }
  });
});

describe('a citizen books', () => {
  let mine: Appointment;

  it('sees each unit with its first free time, the days of the one she picks and the times of a day; and the one she has', async () => {
    const first = await options('maria.silva', SEGUNDA);
    expect(first.units.map((u) => u.slug).sort()).toEqual(['ssp-espaco-cidadania-dirceu', 'ssp-espaco-cidadania-parnaiba', 'ssp-espaco-cidadania-teresina-shopping']);
    expect(first.units.every((u) => u.firstFree !== null)).toBe(true);
    expect(first.cities).toEqual(['Parnaíba', 'Teresina']);
    // Her city's units first, whatever the accents and capitals she typed.
    expect((await options('maria.silva', SEGUNDA, '?cidade=parnaiba')).units[0]!.slug).toBe('ssp-espaco-cidadania-parnaiba');
    expect((await options('maria.silva', SEGUNDA, '?cidade=Teresina')).units.slice(0, 2).map((u) => u.city)).toEqual(['Teresina', 'Teresina']);
    expect(first.current).toMatchObject({ protocol: expect.stringMatching(/^\d{4}-AGENDA-000001$/), unit: expect.stringContaining('Teresina Shopping') });
    const unit = await options('maria.silva', PRIMEIRA, '?unidade=ssp-espaco-cidadania-dirceu');
    expect(unit.current).toBeNull();
    expect(unit.days.length).toBeGreaterThan(10);
    expect(unit.day).toBe(unit.days[0]!.day);
    expect(unit.times.length).toBeGreaterThan(0);
    expect(unit.times.every((x) => x.free === 2)).toBe(true);
    const other = await options('maria.silva', PRIMEIRA, `?unidade=ssp-espaco-cidadania-dirceu&dia=${unit.days[1]!.day}`);
    expect(new Set(other.times.map((x) => todayInPiaui(new Date(x.startsAt))))).toEqual(new Set([unit.days[1]!.day]));
  });

  it('books a time: a protocol and a QR code, told by the bell; a second one of the same service is refused', async () => {
    // A time of her unit's second open day: far enough ahead to be moved later.
    const { days } = await options('maria.silva', PRIMEIRA, '?unidade=ssp-espaco-cidadania-dirceu');
    const { times } = await options('maria.silva', PRIMEIRA, `?unidade=ssp-espaco-cidadania-dirceu&dia=${days[1]!.day}`);
    const answer = await book('maria.silva', { servico: PRIMEIRA, unidade: 'ssp-espaco-cidadania-dirceu', horario: times[0]!.startsAt });
    expect(answer.statusCode, answer.body).toBe(201);
    mine = answer.json() as Appointment;
    expect(mine).toMatchObject({ state: 'agendado', protocol: expect.stringMatching(/^\d{4}-AGENDA-\d{6}$/), unit: { slug: 'ssp-espaco-cidadania-dirceu' }, startsAt: times[0]!.startsAt });
    expect(mine.code.length).toBeGreaterThanOrEqual(12);
    expect(mine.service.documents.length).toBeGreaterThan(0);
    expect(await booked('ssp-espaco-cidadania-dirceu', PRIMEIRA, times[0]!.startsAt)).toBe(1);
    await t.app.jobs.settle(['avisar-solicitante']);
    const [told] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from notifications where title = ${`Atendimento agendado: ${mine.protocol}`}`);
    expect(told!.n).toBe(1);
    const again = await book('maria.silva', { servico: PRIMEIRA, unidade: 'ssp-espaco-cidadania-parnaiba', horario: (await options('maria.silva', PRIMEIRA, '?unidade=ssp-espaco-cidadania-parnaiba')).times[0]!.startsAt });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/já tem um atendimento agendado para este serviço/);
    const list = (await as('maria.silva', { method: 'GET', url: '/v1/agendamentos' })).json() as AppointmentList;
    expect(list.appointments.map((a) => a.protocol)).toContain(mine.protocol);
    // João cannot read it.
    expect((await as('joao.souza', { method: 'GET', url: `/v1/agendamentos/${mine.id}` })).statusCode).toBe(404);
  });

  it('bad input: a clear error in Portuguese, and nothing changes', async () => {
    const before = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from appointments`);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ servico: PRIMEIRA, unidade: 'ssp-espaco-cidadania-dirceu', horario: '2020-01-06T10:00:00-03:00' }, 400, /já passou/],
      [{ servico: PRIMEIRA, unidade: 'ssp-espaco-cidadania-dirceu', horario: 'amanhã' }, 400, /Horário inválido/],
      [{ servico: PRIMEIRA, unidade: 'ssp-espaco-cidadania-dirceu', horario: new Date(Date.parse(mine.startsAt) + 7 * 60_000).toISOString() }, 400, /não está na agenda/],
      [{ servico: PRIMEIRA, unidade: 'ssp-sede-teresina', horario: mine.startsAt }, 404, /não atende este serviço com agendamento/],
    ];
    for (const [payload, status, message] of cases) {
      const answer = await book('joao.souza', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(status);
      expect(answer.json().message).toMatch(message);
    }
    expect(await rows(t.database.db, sql`select count(*)::int as n from appointments`)).toEqual(before);
    expect((await as('joao.souza', { method: 'GET', url: '/v1/agendamentos/opcoes/renovacao-da-cnh' })).json().message).toMatch(/não tem agendamento/);
    expect((await t.app.inject({ method: 'GET', url: `/v1/agendamentos/opcoes/${PRIMEIRA}` })).statusCode).toBe(401);
  });

  it('reschedules: the new time takes a place, the old one gives it back; then cancels, and the place is free again', async () => {
    const { days } = await options('maria.silva', PRIMEIRA, '?unidade=ssp-espaco-cidadania-parnaiba');
    const { times } = await options('maria.silva', PRIMEIRA, `?unidade=ssp-espaco-cidadania-parnaiba&dia=${days[2]!.day}`);
    const moved = await book('maria.silva', { servico: PRIMEIRA, unidade: 'ssp-espaco-cidadania-parnaiba', horario: times[0]!.startsAt, remarcar: mine.id });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json()).toMatchObject({ id: mine.id, protocol: mine.protocol, startsAt: times[0]!.startsAt, unit: { slug: 'ssp-espaco-cidadania-parnaiba' } });
    expect(await booked('ssp-espaco-cidadania-dirceu', PRIMEIRA, mine.startsAt)).toBe(0);
    expect(await booked('ssp-espaco-cidadania-parnaiba', PRIMEIRA, times[0]!.startsAt)).toBe(1);
    const cancelled = await as('maria.silva', { method: 'POST', url: `/v1/agendamentos/${mine.id}/cancelar` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelado', changeUntil: null });
    expect(await booked('ssp-espaco-cidadania-parnaiba', PRIMEIRA, times[0]!.startsAt)).toBe(0);
    const twice = await as('maria.silva', { method: 'POST', url: `/v1/agendamentos/${mine.id}/cancelar` });
    expect(twice.statusCode).toBe(409);
  });

  it('the calendar file is an event at the unit', async () => {
    const list = (await as('maria.silva', { method: 'GET', url: '/v1/agendamentos' })).json() as AppointmentList;
    const next = list.appointments.find((a) => a.state === 'agendado')!;
    const ics = await as('maria.silva', { method: 'GET', url: `/v1/agendamentos/${next.id}/agendamento.ics` });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.headers['cache-control']).toBe('private, no-store');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain(`Protocolo ${next.protocol}`);
    // Lines longer than 75 octets are folded (RFC 5545): unfolded, the location names the unit.
    expect(ics.body.replace(/\r\n[ \t]/g, '')).toMatch(/LOCATION:.*Teresina Shopping/);
  });
});

describe('the rush', () => {
  it('two hundred people from two hundred addresses at once for a time with twenty places: exactly twenty, never a 5xx', async () => {
    const { days } = await options('joao.souza', SEGUNDA, '?unidade=ssp-espaco-cidadania-parnaiba');
    const { times } = await options('joao.souza', SEGUNDA, `?unidade=ssp-espaco-cidadania-parnaiba&dia=${days[1]!.day}`);
    const horario = times[3]!.startsAt;
    const before = Number(await booked('ssp-espaco-cidadania-parnaiba', SEGUNDA, horario));
    await t.database.db.execute(
      sql`update appointment_slots s set capacity = ${before + 20} from unit_agendas a, department_sections d, services v
          where a.id = s.agenda_id and d.id = a.section_id and v.id = a.service_id and d.slug = 'ssp-espaco-cidadania-parnaiba' and v.slug = ${SEGUNDA} and s.starts_at = ${horario}::timestamptz`,
    );
    // Each a citizen of their own (a token of the provider's, with their own sub), from an address of their own.
    const people = await Promise.all(Array.from({ length: 200 }, (_, i) => t.tokenFor('joao.souza', { sub: `rush-${i}`, name: `Cidadão ${i}` })));
    const answers = await Promise.all(
      people.map((token, i) =>
        t.app.inject({ method: 'POST', url: '/v1/agendamentos', remoteAddress: `10.0.${i >> 8}.${i & 255}`, headers: { authorization: `Bearer ${token}` }, payload: { servico: SEGUNDA, unidade: 'ssp-espaco-cidadania-parnaiba', horario } }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(180);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe('Este horário acabou de ser preenchido. Escolha outro.');
    expect(Number(await booked('ssp-espaco-cidadania-parnaiba', SEGUNDA, horario))).toBe(before + 20);
    const [made] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from appointments where starts_at = ${horario}::timestamptz and state = 'agendado' and citizen_sub like 'rush-%'`);
    expect(made!.n).toBe(20);
  });

  it('one person booking the same service twice at once: exactly one appointment', async () => {
    // Two times of a whole day ahead: in the afternoon, today may have fewer than two left.
    const { days } = await options('joao.souza', PRIMEIRA, '?unidade=ssp-espaco-cidadania-teresina-shopping');
    const { times } = await options('joao.souza', PRIMEIRA, `?unidade=ssp-espaco-cidadania-teresina-shopping&dia=${days[1]!.day}`);
    const answers = await Promise.all([times[5]!, times[6]!].map((time) => book('joao.souza', { servico: PRIMEIRA, unidade: 'ssp-espaco-cidadania-teresina-shopping', horario: time.startsAt })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const [n] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from appointments a join services s on s.id = a.service_id where s.slug = ${PRIMEIRA} and a.citizen_sub = (select sub from users where username = 'joao.souza') and a.state = 'agendado'`);
    expect(n!.n).toBe(1);
    // The place of the refused one was given back with its transaction.
    const places = [await booked('ssp-espaco-cidadania-teresina-shopping', PRIMEIRA, times[5]!.startsAt), await booked('ssp-espaco-cidadania-teresina-shopping', PRIMEIRA, times[6]!.startsAt)];
    expect(places.map(Number).reduce((a, b) => a + b)).toBe(1);
  });
});

describe('the front desk', () => {
  it("sees the unit's day, receives Maria by her QR code, and Maria reads who did; others cannot", async () => {
    // Maria's demo appointment, moved to later today in Piauí: halfway between now and midnight there (an hour from
    // now is tomorrow when the test runs after 23:00 in Piauí, and the desk's day would not list it).
    await t.database.db.execute(sql`update appointments set starts_at = now() + (((date_trunc('day', now() at time zone ${PIAUI_TIME_ZONE}) + interval '1 day') at time zone ${PIAUI_TIME_ZONE}) - now()) / 2 where code = 'demo-qr-maria-1'`);
    const day = (await as('heitor.ssp', { method: 'GET', url: '/v1/gestao/agenda?unidade=ssp-espaco-cidadania-teresina-shopping' })).json() as DeskDay;
    expect(day.units.map((u) => u.slug)).toContain('ssp-espaco-cidadania-dirceu');
    const maria = day.appointments.find((a) => a.citizenName === 'Maria da Conceição Silva')!;
    expect(maria).toMatchObject({ citizenCpf: '***.982.247-**', state: 'agendado' });
    // Not before its time is an absence marked; another department's staff, a citizen, anonymous: refused.
    expect((await as('heitor.ssp', { method: 'POST', url: `/v1/gestao/agenda/${maria.id}/falta` })).statusCode).toBe(409);
    const checkIn = { unidade: 'ssp-espaco-cidadania-teresina-shopping', busca: 'demo-qr-maria-1' };
    expect((await as('elisa.detran', { method: 'POST', url: '/v1/gestao/agenda/chegada', payload: checkIn })).statusCode).toBe(404);
    expect((await as('elisa.detran', { method: 'POST', url: `/v1/gestao/agenda/${maria.id}/chegada` })).statusCode).toBe(404);
    expect((await as('maria.silva', { method: 'POST', url: '/v1/gestao/agenda/chegada', payload: checkIn })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/v1/gestao/agenda/chegada', payload: checkIn })).statusCode).toBe(401);
    const unknown = await as('heitor.ssp', { method: 'POST', url: '/v1/gestao/agenda/chegada', payload: { ...checkIn, busca: 'nada' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/Nenhum agendamento de hoje/);

    const received = await as('heitor.ssp', { method: 'POST', url: '/v1/gestao/agenda/chegada', payload: checkIn });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ state: 'compareceu', citizenName: 'Maria da Conceição Silva' });
    // Received twice at once (two desks): the second is told.
    expect((await as('heitor.ssp', { method: 'POST', url: `/v1/gestao/agenda/${maria.id}/chegada` })).statusCode).toBe(409);
    const accesses = ((await as('maria.silva', { method: 'GET', url: '/v1/meus-dados/acessos' })).json() as DataAccessList).accesses;
    expect(accesses[0]).toMatchObject({ who: 'Heitor Almeida Sousa', department: 'SSP', what: expect.stringContaining('Recebeu no atendimento') });
  });

  it('the evening before, each appointment of tomorrow is reminded once', async () => {
    const [one] = await rows<{ id: number; protocol: string }>(t.database.db, sql`select id, protocol from appointments where state = 'agendado' order by id limit 1`);
    await t.database.db.execute(sql`update appointments set starts_at = now() + interval '1 day', reminded_at = null where id = ${one!.id}`);
    // 'Tomorrow' in Piauí: when the test runs late in the evening, now + 1 day may still be tomorrow; it is, by construction.
    for (const _ of [1, 2]) {
      await t.app.jobs.send('lembrar-agendamentos', {});
      await t.app.jobs.settle(['lembrar-agendamentos', 'avisar-solicitante']);
    }
    const [told] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from notifications where title like 'Lembrete: atendimento amanhã%' and body like ${`%${one!.protocol}%`}`);
    expect(told!.n).toBe(1);
  });
});

describe('a script cannot take the agenda', () => {
  it('an account books or moves a few times an hour; then a 429 in Portuguese, and nothing is booked', async () => {
    const { days } = await options('carla.seduc', PRIMEIRA, '?unidade=ssp-espaco-cidadania-dirceu');
    const { times } = await options('carla.seduc', PRIMEIRA, `?unidade=ssp-espaco-cidadania-dirceu&dia=${days[3]!.day}`);
    const answers = [];
    // Each try after the first is refused as a second booking (409) until the allowance runs out (429).
    for (let i = 0; i < 12; i++) answers.push(await book('carla.seduc', { servico: PRIMEIRA, unidade: 'ssp-espaco-cidadania-dirceu', horario: times[i % times.length]!.startsAt }));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.slice(-2)).toEqual([429, 429]);
    expect(answers.at(-1)!.json().message).toMatch(/^Muitos agendamentos em pouco tempo. Tente novamente daqui a \d+ (segundos?|minutos?|horas?)\.$/);
    expect(answers.at(-1)!.headers['retry-after']).toBeDefined();
  });
});

describe('a unit that will not open on a day', () => {
  it('cancels the appointments of that day, tells each citizen with the first free times, and gives the times back when it opens again', async () => {
    // A weekday ahead (a closure is a weekday that is not a holiday), at Dirceu, which opens on weekdays only.
    const { days } = await options('fabio.seduc', SEGUNDA, '?unidade=ssp-espaco-cidadania-dirceu');
    const { times } = await options('fabio.seduc', SEGUNDA, `?unidade=ssp-espaco-cidadania-dirceu&dia=${days[2]!.day}`);
    const future = times[0]!;
    const made = await book('fabio.seduc', { servico: SEGUNDA, unidade: 'ssp-espaco-cidadania-dirceu', horario: future.startsAt });
    expect(made.statusCode, made.body).toBe(201);
    const mine = made.json() as Appointment;
    const day = todayInPiaui(new Date(future.startsAt));
    const slotsOf = async () =>
      (
        await rows<{ n: number; booked: number }>(
          t.database.db,
          sql`select count(*)::int as n, coalesce(sum(s.booked), 0)::int as booked from appointment_slots s join unit_agendas a on a.id = s.agenda_id join departments d on d.id = a.department_id
              where d.slug = 'ssp' and to_char(s.starts_at at time zone 'America/Fortaleza', 'YYYY-MM-DD') = ${day}`,
        )
      )[0]!;
    expect((await slotsOf()).n).toBeGreaterThan(0);

    const closed = await as('davi.central', { method: 'POST', url: '/v1/gestao/fechamentos', payload: { orgao: 'ssp', dia: day, motivo: 'Falta de energia no prédio' } });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json().cancelled).toBeGreaterThanOrEqual(1);
    expect(((await as('fabio.seduc', { method: 'GET', url: `/v1/agendamentos/${mine.id}` })).json() as Appointment).state).toBe('cancelado');
    expect((await slotsOf()).n).toBe(0);
    await t.app.jobs.settle(['avisar-solicitante']);
    const [told] = await rows<{ body: string }>(t.database.db, sql`select body from notifications where title = ${`Atendimento cancelado: ${mine.protocol}`}`);
    expect(told!.body).toContain('não vai abrir em');
    expect(told!.body).toContain('Falta de energia no prédio');
    expect(told!.body).toMatch(/Primeiros horários livres na unidade: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // Nobody books that day while it is closed.
    expect((await options('joao.souza', SEGUNDA, `?unidade=ssp-espaco-cidadania-dirceu&dia=${day}`)).day).not.toBe(day);

    const closure = closed.json() as { id: number };
    expect((await as('davi.central', { method: 'DELETE', url: `/v1/gestao/fechamentos/${closure.id}` })).statusCode).toBe(204);
    expect(await slotsOf()).toMatchObject({ booked: 0 });
    expect((await slotsOf()).n).toBeGreaterThan(0);
  });
});

describe("the department's no-show policy", () => {
  it('is told before booking; two absences in 90 days, and the citizen waits 30 days to book again', async () => {
    const first = await options('ana.detran', SEGUNDA, '?unidade=ssp-espaco-cidadania-dirceu');
    expect(first).toMatchObject({ noShow: { limit: 2, days: 90, waitDays: 30 }, blockedUntil: null });
    for (const n of [1, 2]) {
      const { days } = await options('ana.detran', SEGUNDA, '?unidade=ssp-espaco-cidadania-dirceu');
      const { times } = await options('ana.detran', SEGUNDA, `?unidade=ssp-espaco-cidadania-dirceu&dia=${days[n]!.day}`);
      const made = await book('ana.detran', { servico: SEGUNDA, unidade: 'ssp-espaco-cidadania-dirceu', horario: times[0]!.startsAt });
      expect(made.statusCode, made.body).toBe(201);
      const { id } = made.json() as Appointment;
      // Its time comes and goes; the desk marks the absence.
      await t.database.db.execute(sql`update appointments set starts_at = now() - interval '${sql.raw(String(n))} hour' where id = ${id}`);
      const missed = await as('heitor.ssp', { method: 'POST', url: `/v1/gestao/agenda/${id}/falta` });
      expect(missed.statusCode, missed.body).toBe(200);
      expect(missed.json()).toMatchObject({ state: 'nao_compareceu' });
    }
    const blocked = await options('ana.detran', SEGUNDA, '?unidade=ssp-espaco-cidadania-dirceu');
    expect(Date.parse(blocked.blockedUntil!)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const refused = await book('ana.detran', { servico: SEGUNDA, unidade: 'ssp-espaco-cidadania-dirceu', horario: blocked.times[0]!.startsAt });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Você faltou a 2 agendamentos do SSP nos últimos 90 dias: poderá agendar de novo a partir de \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/);
    // Maria, with one absence, books as before.
    expect((await options('maria.silva', SEGUNDA)).blockedUntil).toBeNull();
  });
});

describe("a full unit's waiting list", () => {
  it('a time freed is held for the first in line, then for the next when not taken in time; taken, it is an appointment', async () => {
    const unit = 'ssp-espaco-cidadania-dirceu';
    const { days } = await options('gisele.sefaz', PRIMEIRA, `?unidade=${unit}`);
    const { times } = await options('gisele.sefaz', PRIMEIRA, `?unidade=${unit}&dia=${days[4]!.day}`);
    const horario = times[0]!.startsAt;
    const gisele = await book('gisele.sefaz', { servico: PRIMEIRA, unidade: unit, horario });
    expect(gisele.statusCode, gisele.body).toBe(201);
    // Every other place of the agenda taken.
    await t.database.db.execute(
      sql`update appointment_slots s set booked = s.capacity from unit_agendas a, department_sections d, services v where a.id = s.agenda_id and d.id = a.section_id and v.id = a.service_id and d.slug = ${unit} and v.slug = ${PRIMEIRA}`,
    );
    const full = await options('bruno.detran', PRIMEIRA, `?unidade=${unit}`);
    expect(full.days).toEqual([]);
    expect(full.units.find((u) => u.slug === unit)!.firstFree).toBeNull();
    const join = (who: string) => as(who, { method: 'POST', url: '/v1/agendamentos/espera', payload: { servico: PRIMEIRA, unidade: unit } });
    const bruno = await join('bruno.detran');
    expect(bruno.statusCode, bruno.body).toBe(201);
    expect(bruno.json()).toMatchObject({ state: 'aguardando', ahead: 0, offer: null });
    expect((await join('bruno.detran')).json().message).toBe('Você já está na lista de espera desta unidade.');
    const davi = await join('davi.central');
    expect(davi.json()).toMatchObject({ state: 'aguardando', ahead: 1 });
    expect((await options('davi.central', PRIMEIRA, `?unidade=${unit}`)).waiting).toMatchObject({ ahead: 1 });

    // Gisele cancels: her time is held for Bruno, told by the bell.
    expect((await as('gisele.sefaz', { method: 'POST', url: `/v1/agendamentos/${(gisele.json() as Appointment).id}/cancelar` })).statusCode).toBe(200);
    const entry = (who: string, id: number) => as(who, { method: 'GET', url: `/v1/agendamentos/espera/${id}` });
    const offered = (await entry('bruno.detran', bruno.json().id)).json();
    expect(offered).toMatchObject({ state: 'oferecido', offer: { startsAt: horario } });
    expect(Date.parse(offered.offer.until) - Date.now()).toBeGreaterThan(13 * 60_000);
    expect(await booked(unit, PRIMEIRA, horario)).toBe(2);
    await t.app.jobs.settle(['avisar-solicitante']);
    const [told] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from notifications where title like 'Abriu um horário%' and user_sub = (select sub from users where username = 'bruno.detran')`);
    expect(told!.n).toBe(1);
    // Davi cannot take Bruno's offer, nor see it.
    expect((await as('davi.central', { method: 'POST', url: `/v1/agendamentos/espera/${bruno.json().id}/aceitar` })).statusCode).toBe(404);

    // Bruno lets it pass: it goes to Davi.
    await t.database.db.execute(sql`update appointment_waits set offer_expires_at = now() - interval '1 second' where id = ${bruno.json().id}`);
    await t.app.jobs.send('ofertas-vencidas', {});
    await t.app.jobs.settle(['ofertas-vencidas']);
    expect((await entry('bruno.detran', bruno.json().id)).json()).toMatchObject({ state: 'expirado', offer: null });
    expect((await entry('davi.central', davi.json().id)).json()).toMatchObject({ state: 'oferecido', offer: { startsAt: horario } });
    const late = await as('bruno.detran', { method: 'POST', url: `/v1/agendamentos/espera/${bruno.json().id}/aceitar` });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/não está mais reservado para você/);

    const taken = await as('davi.central', { method: 'POST', url: `/v1/agendamentos/espera/${davi.json().id}/aceitar` });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json()).toMatchObject({ state: 'agendado', startsAt: horario, unit: { slug: unit } });
    // The place held became the appointment: the time is full, never over.
    expect(await booked(unit, PRIMEIRA, horario)).toBe(2);
    expect((await entry('davi.central', davi.json().id)).json()).toMatchObject({ state: 'aceito', appointmentId: taken.json().id });
  });
});

describe('a unit sets its agenda in the back office', () => {
  const hours = { '1': [['08:00', '12:00']], '3': [['13:00', '15:00']] };
  const agenda = (unidade: string, servico: string, change: Record<string, unknown> = {}) => ({
    unidade,
    servico,
    slotMinutes: 30,
    capacity: 3,
    daysAhead: 20,
    changeHours: 4,
    noShowLimit: 3,
    noShowDays: 60,
    noShowWaitDays: 15,
    hours,
    active: true,
    ...change,
  });

  it("a lead sets one up for a unit of her department: its times open at once; others are refused; bad input says why", async () => {
    const [unit] = await rows<{ slug: string }>(
      t.database.db,
      sql`select ds.slug from service_sections ss join department_sections ds on ds.id = ss.section_id join services s on s.id = ss.service_id join departments d on d.id = ds.department_id
          where d.slug = 'detran-pi' and s.slug = 'renovacao-da-cnh' and ds.active order by ds.slug limit 1`,
    );
    expect((await as('joao.souza', { method: 'GET', url: '/v1/agendamentos/opcoes/renovacao-da-cnh' })).statusCode).toBe(404);
    const put = (who: string, payload: unknown) => as(who, { method: 'PUT', url: '/v1/gestao/agendas', payload: payload as Record<string, unknown> });
    const saved = await put('bruno.detran', agenda(unit!.slug, 'renovacao-da-cnh'));
    expect(saved.statusCode, saved.body).toBe(200);
    const mine = (saved.json() as { units: { slug: string; services: { slug: string; agenda: unknown }[] }[] }).units.find((u) => u.slug === unit!.slug)!;
    expect(mine.services.find((s) => s.slug === 'renovacao-da-cnh')!.agenda).toMatchObject({ capacity: 3, slotMinutes: 30, hours });
    // Citizens book it now: Mondays 8–12 and Wednesdays 13–15, every 30 minutes, three places each.
    const open = await options('joao.souza', 'renovacao-da-cnh', `?unidade=${unit!.slug}`);
    expect(open.days.length).toBeGreaterThan(2);
    for (const d of open.days) expect([1, 3]).toContain(new Date(`${d.day}T12:00:00Z`).getUTCDay());
    expect(open.times.every((x) => x.free === 3)).toBe(true);
    expect(open.noShow).toEqual({ limit: 3, days: 60, waitDays: 15 });

    // Only the department's leads and the central team; the desk, an attendant, a citizen, anonymous: refused.
    expect((await put('bruno.detran', agenda('ssp-espaco-cidadania-dirceu', PRIMEIRA))).statusCode).toBe(404);
    for (const who of ['elisa.detran', 'heitor.ssp', 'ana.detran']) expect((await put(who, agenda(unit!.slug, 'renovacao-da-cnh'))).statusCode, who).toBe(404);
    expect((await put('maria.silva', agenda(unit!.slug, 'renovacao-da-cnh'))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/v1/gestao/agendas', payload: agenda(unit!.slug, 'renovacao-da-cnh') })).statusCode).toBe(401);
    expect(((await as('heitor.ssp', { method: 'GET', url: '/v1/gestao/agendas' })).json() as { units: unknown[] }).units).toEqual([]);

    const bad: [Record<string, unknown>, RegExp][] = [
      [{ hours: { '1': [['12:00', '08:00']] } }, /termina antes de começar/],
      [{ hours: {} }, /pelo menos um dia da semana/],
      [{ capacity: 0 }, /no mínimo 1/],
      [{ hours: { '1': [['8h', '12:00']] } }, /use hh:mm/],
    ];
    for (const [change, message] of bad) {
      const answer = await put('bruno.detran', agenda(unit!.slug, 'renovacao-da-cnh', change));
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json().message).toMatch(message);
    }
    expect((await options('joao.souza', 'renovacao-da-cnh', `?unidade=${unit!.slug}`)).times.every((x) => x.free === 3)).toBe(true);
  });

  it('changed, the free times follow the new agenda and the booked ones keep their people', async () => {
    const { days } = await options('carla.seduc', SEGUNDA, '?unidade=ssp-espaco-cidadania-parnaiba');
    const { times } = await options('carla.seduc', SEGUNDA, `?unidade=ssp-espaco-cidadania-parnaiba&dia=${days[5]!.day}`);
    const held = times[0]!.startsAt;
    const made = await book('fabio.seduc', { servico: SEGUNDA, unidade: 'ssp-espaco-cidadania-parnaiba', horario: held });
    expect(made.statusCode, made.body).toBe(201);
    const saved = await as('davi.central', { method: 'PUT', url: '/v1/gestao/agendas', payload: agenda('ssp-espaco-cidadania-parnaiba', SEGUNDA, { capacity: 1, slotMinutes: 60, hours: { '2': [['09:00', '11:00']], '4': [['09:00', '11:00']] } }) });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await options('carla.seduc', SEGUNDA, '?unidade=ssp-espaco-cidadania-parnaiba');
    for (const d of after.days) expect([2, 4]).toContain(new Date(`${d.day}T12:00:00Z`).getUTCDay());
    expect(after.times.every((x) => x.free === 1)).toBe(true);
    // Fábio's time stays, with him in it.
    expect(((await as('fabio.seduc', { method: 'GET', url: `/v1/agendamentos/${(made.json() as Appointment).id}` })).json() as Appointment).state).toBe('agendado');
    expect(await booked('ssp-espaco-cidadania-parnaiba', SEGUNDA, held)).toBeGreaterThanOrEqual(1);
  });
});

describe('a unit that opens on Saturdays', () => {
  it('closes a Saturday: its appointments are cancelled, no deadline moves', async () => {
    const unit = 'ssp-espaco-cidadania-teresina-shopping';
    const { days } = await options('gisele.sefaz', SEGUNDA, `?unidade=${unit}`);
    const saturday = days.map((d) => d.day).find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 6 && Date.parse(`${d}T12:00:00Z`) > Date.now() + 86_400_000)!;
    const { times } = await options('gisele.sefaz', SEGUNDA, `?unidade=${unit}&dia=${saturday}`);
    const made = await book('gisele.sefaz', { servico: SEGUNDA, unidade: unit, horario: times[0]!.startsAt });
    expect(made.statusCode, made.body).toBe(201);
    const closed = await as('davi.central', { method: 'POST', url: '/v1/gestao/fechamentos', payload: { orgao: 'ssp', dia: saturday, motivo: 'Shopping fechado para obras' } });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json()).toMatchObject({ moved: 0, cancelled: 1 });
    expect(((await as('gisele.sefaz', { method: 'GET', url: `/v1/agendamentos/${(made.json() as Appointment).id}` })).json() as Appointment).state).toBe('cancelado');
    expect((await options('gisele.sefaz', SEGUNDA, `?unidade=${unit}`)).days.map((d) => d.day)).not.toContain(saturday);
  });
});
