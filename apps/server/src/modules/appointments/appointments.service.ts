import {
  formatDateTime,
  formatIsoDay,
  maskCpf,
  piauiInstant,
  todayInPiaui,
  type Appointment,
  type AppointmentState,
  type BookingInput,
  type BookingOptions,
  type BookingQuery,
  type CheckIn,
  type DeskDay,
  type DeskQuery,
} from '@portal/contracts';
import { normalizeSearchText, schema, type Database } from '@portal/db';
import { and, asc, eq, gt, gte, inArray, lt, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inFlight } from '../../lib/cache.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { iso, pgArray, rows } from '../../lib/rows.ts';
import { turns } from '../../lib/turns.ts';
import { transition } from '../../lib/workflow.ts';
import { canRunDesk, type Staff } from '../gestao/roles.ts';
import { calendarOf } from '../requests/calendars.ts';
import { recordAccess, type Tx } from '../requests/requests.repository.ts';
import { knownData, type Citizen } from '../requests/requests.service.ts';
import { agendasOf, appointmentProtocol, givePlaceBack, insertAppointment, isTimeFull, takePlace, tellCitizen, timesOfDay, unitOf, type AgendaRow } from './appointments.repository.ts';
import { offerFreedPlace, waitingList } from './appointments.waits.ts';
import { APPOINTMENT_TABLE, appointments as workflow, type AppointmentAction, type AppointmentActor } from './appointments.workflow.ts';

const { unitAgendas, appointmentSlots, appointments, appointmentWaits, services, departmentSections, departments, serviceSteps, stepDocuments } = schema;

const DAY = 86_400_000;
/** A time is offered until this long before it starts (the citizen has to get there). */
const LEAD_MINUTES = 30;
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * Opens each agenda's times up to as far ahead as it is open, on its department's calendar (no holiday, no closed
 * day): the days not yet opened only, so that running it again (each morning, at every start) costs a query.
 */
export async function releaseSlots(db: Database, now = new Date()): Promise<number> {
  const today = todayInPiaui(now);
  const released = new Map((await db.select({ agendaId: appointmentSlots.agendaId, last: max(appointmentSlots.startsAt) }).from(appointmentSlots).groupBy(appointmentSlots.agendaId)).map((r) => [r.agendaId, r.last]));
  let opened = 0;
  for (const agenda of await agendasOf(db, undefined)) {
    const last = released.get(agenda.id);
    const from = last ? plusDays(todayInPiaui(new Date(last)), 1) : today;
    const until = plusDays(today, agenda.daysAhead);
    if (from > until) continue;
    const calendar = await calendarOf(db, agenda.departmentId);
    const rows: (typeof appointmentSlots.$inferInsert)[] = [];
    // A day opens on the unit's hours of its weekday (Saturdays too, where it opens then), unless it is a holiday or closed.
    for (let day = from; day <= until; day = plusDays(day, 1)) {
      if (calendar.isClosed(day)) continue;
      for (const startsAt of timesOfDay(agenda, day)) rows.push({ agendaId: agenda.id, startsAt, capacity: agenda.capacity });
    }
    for (let i = 0; i < rows.length; i += 500) await db.insert(appointmentSlots).values(rows.slice(i, i + 500)).onConflictDoNothing();
    opened += rows.length;
  }
  return opened;
}

/**
 * A department (null: every one) closes a day (decision 038), in the closure's own transaction: its units' times of
 * that day go, and each appointment booked in them is cancelled, its citizen told why and offered the unit's first
 * free times after it. How many were cancelled.
 */
export async function closeUnitsDay(app: FastifyInstance, tx: Tx, { departmentId, day, reason, staff }: { departmentId: number | null; day: string; reason: string; staff: Staff }): Promise<number> {
  const agendas = await agendasOf(tx as unknown as Database, departmentId === null ? undefined : eq(unitAgendas.departmentId, departmentId));
  if (!agendas.length) return 0;
  const ids = agendas.map((a) => a.id);
  const start = piauiInstant(day, '00:00')!;
  const end = new Date(start.getTime() + DAY);
  const booked = await tx.select().from(appointments).where(and(inArray(appointments.agendaId, ids), eq(appointments.state, 'agendado'), gte(appointments.startsAt, start), lt(appointments.startsAt, end)));
  await tx.delete(appointmentSlots).where(and(inArray(appointmentSlots.agendaId, ids), gte(appointmentSlots.startsAt, start), lt(appointmentSlots.startsAt, end)));
  for (const row of booked) {
    const agenda = agendas.find((a) => a.id === row.agendaId)!;
    workflow.check('fechar', { staff }, { state: row.state, citizenSub: row.citizenSub, departmentSlug: agenda.departmentSlug });
    await transition(tx, workflow, APPOINTMENT_TABLE, row.id, 'fechar', { updatedAt: new Date(), handledBy: staff.name, handledAt: new Date() });
    const next = await tx
      .select({ startsAt: appointmentSlots.startsAt })
      .from(appointmentSlots)
      .where(and(eq(appointmentSlots.agendaId, row.agendaId), gte(appointmentSlots.startsAt, end), lt(appointmentSlots.booked, appointmentSlots.capacity)))
      .orderBy(asc(appointmentSlots.startsAt))
      .limit(3);
    const offer = next.length ? ` Primeiros horários livres na unidade: ${next.map((n) => formatDateTime(n.startsAt)).join('; ')}.` : '';
    await tellCitizen(
      app,
      tx,
      row,
      `Atendimento cancelado: ${row.protocol}`,
      `${agenda.section.name} não vai abrir em ${formatIsoDay(day)} (${reason}). Seu atendimento de ${formatDateTime(row.startsAt)} foi cancelado.${offer} Agende de novo pelo portal, na página do serviço.`,
    );
  }
  return booked.length;
}

/** The day opens again (its closure removed, in the same transaction): its units' times come back, all free. */
export async function reopenUnitsDay(tx: Tx, { departmentId, day }: { departmentId: number | null; day: string }) {
  const agendas = await agendasOf(tx as unknown as Database, departmentId === null ? undefined : eq(unitAgendas.departmentId, departmentId));
  for (const agenda of agendas) {
    if ((await calendarOf(tx as unknown as Database, agenda.departmentId)).isClosed(day)) continue;
    const rows = timesOfDay(agenda, day).map((startsAt) => ({ agendaId: agenda.id, startsAt, capacity: agenda.capacity }));
    if (rows.length) await tx.insert(appointmentSlots).values(rows).onConflictDoNothing();
  }
}

export type AppointmentsService = ReturnType<typeof appointmentsService>;

/**
 * Appointments at a unit (issue 29): the citizen picks a unit, a day and a time and gets one place of it, whatever
 * the rush (the time's counter, updated only while below its capacity, and one appointment still to happen per
 * citizen and service, both enforced by the database in one transaction); reschedules or cancels until a set
 * time before; the front desk receives her by the QR's code, the protocol or the CPF, or marks her absent.
 */
export function appointmentsService(app: FastifyInstance) {
  const db = () => app.db;
  const line = waitingList(app);
  // When an agenda opens, thousands ask for the same service's agendas, times and free places in the same second:
  // identical reads under way are shared (none is kept after it), and the bookings of one time take turns in this
  // process (lib/turns.ts), so that the database answers each question once and the rush does not queue on a row lock.
  const reads = inFlight<unknown>({ name: 'agendamentos' });
  const shared = <T>(key: string, read: () => Promise<T>) => reads.fetch(key, read) as Promise<T>;
  const inTurn = turns();
  const agendasOfService = (slug: string) => shared(`agendas:${slug}`, () => agendasOf(db(), eq(services.slug, slug)));

  const documentsOf = (serviceId: number) =>
    shared(`documents:${serviceId}`, async () =>
      (
        await db()
          .select({ name: stepDocuments.name })
          .from(stepDocuments)
          .innerJoin(serviceSteps, eq(serviceSteps.id, stepDocuments.stepId))
          .where(eq(serviceSteps.serviceId, serviceId))
          .orderBy(asc(serviceSteps.orderIndex), asc(stepDocuments.id))
      ).map((d) => d.name),
    );

  /** The free places of these agendas' times, from `from` to `to`. */
  const freeTimes = (agendaIds: number[], from: Date, to: Date) =>
    agendaIds.length
      ? shared(`free:${agendaIds.join(',')}:${from.getTime()}:${to.getTime()}`, () =>
          db()
            .select({ agendaId: appointmentSlots.agendaId, startsAt: appointmentSlots.startsAt, free: sql<number>`${appointmentSlots.capacity} - ${appointmentSlots.booked}` })
            .from(appointmentSlots)
            .where(and(inArray(appointmentSlots.agendaId, agendaIds), gte(appointmentSlots.startsAt, from), lt(appointmentSlots.startsAt, to), lt(appointmentSlots.booked, appointmentSlots.capacity)))
            .orderBy(asc(appointmentSlots.startsAt)),
        )
      : Promise.resolve([]);

  const firstFree = async (agendaIds: number[], now: Date) => {
    if (!agendaIds.length) return new Map<number, Date>();
    const found = await shared(`first:${agendaIds.join(',')}:${now.getTime()}`, () =>
      db()
        .select({ agendaId: appointmentSlots.agendaId, first: sql<string>`min(${appointmentSlots.startsAt})` })
        .from(appointmentSlots)
        .where(and(inArray(appointmentSlots.agendaId, agendaIds), gt(appointmentSlots.startsAt, new Date(now.getTime() + LEAD_MINUTES * 60_000)), lt(appointmentSlots.booked, appointmentSlots.capacity)))
        .groupBy(appointmentSlots.agendaId),
    );
    return new Map(found.map((f) => [f.agendaId, new Date(f.first)]));
  };

  const view = async (row: typeof appointments.$inferSelect, agenda?: AgendaRow, now = new Date()): Promise<Appointment> => {
    const a = agenda ?? (await agendasOf(db(), eq(unitAgendas.id, row.agendaId)))[0];
    if (!a) throw notFound('Agendamento não encontrado.');
    const changeUntil = new Date(row.startsAt.getTime() - a.changeHours * 3_600_000);
    return {
      id: row.id,
      protocol: row.protocol,
      code: row.code,
      state: row.state as AppointmentState,
      startsAt: iso(row.startsAt),
      minutes: a.slotMinutes,
      service: { slug: a.serviceSlug, title: a.serviceTitle, categorySlug: a.categorySlug, documents: await documentsOf(a.serviceId) },
      unit: unitOf(a),
      department: a.departmentShortName,
      changeUntil: workflow.isOpen(row.state) && changeUntil > now ? iso(changeUntil) : null,
      createdAt: iso(row.createdAt),
    };
  };

  /** The citizen's own appointment; another's is 'not found', as one that does not exist. */
  const own = async (user: Citizen, id: number) => {
    const [row] = await db().select().from(appointments).where(eq(appointments.id, id));
    if (!row || row.citizenSub !== user.sub) throw notFound('Agendamento não encontrado.');
    return row;
  };

  const facts = async (row: typeof appointments.$inferSelect) => {
    const [d] = await db().select({ slug: departments.slug }).from(departments).where(eq(departments.id, row.departmentId));
    return { state: row.state, citizenSub: row.citizenSub, departmentSlug: d?.slug ?? '' };
  };

  const tell = (tx: Tx, row: { id: number; citizenSub: string; citizen: { email: string } }, title: string, body: string) => tellCitizen(app, tx, row, title, body);

  /** Her absences at the agenda's department within the no-show policy's days, the latest first: a JSON array or null. */
  const missedSql = (citizenSub: string, agenda: AgendaRow, now: Date) =>
    sql`(select json_agg(x.starts_at order by x.starts_at desc) from ${appointments} x
      where x.citizen_sub = ${citizenSub} and x.department_id = ${agenda.departmentId} and x.state = 'nao_compareceu' and x.starts_at > ${new Date(now.getTime() - agenda.noShowDays * DAY)})`;
  /** The no-show policy on her absences within its days (`missedSql`'s answer): until when she waits, or null. */
  const waitAfter = (missed: string[] | null, agenda: AgendaRow, now: Date) => {
    if (!missed || missed.length < agenda.noShowLimit) return null;
    const until = new Date(new Date(missed[0]!).getTime() + agenda.noShowWaitDays * DAY);
    return until > now ? until : null;
  };
  /** Until when the citizen may not book at this department, past its no-show policy; null when she may. */
  const blockedUntil = async (citizenSub: string, agenda: AgendaRow, now: Date): Promise<Date | null> => {
    const [found] = await rows<{ missed: string[] | null }>(db(), sql`select ${missedSql(citizenSub, agenda, now)} as missed`);
    return waitAfter(found?.missed ?? null, agenda, now);
  };

  /**
   * What the booking page knows of the citizen, in one query (it is asked at every step, by everyone at once when an
   * agenda opens): her appointment of the service still to happen, her absences at its department within the no-show
   * policy's days, and her place in the chosen unit's line.
   */
  const herAt = async (citizenSub: string, agenda: AgendaRow, chosen: AgendaRow | undefined, now: Date) => {
    const [found] = await rows<{ current: { id: number; protocol: string; startsAt: string; unit: string } | null; missed: string[] | null; waitingId: number | null }>(
      db(),
      sql`select
        (select json_build_object('id', x.id, 'protocol', x.protocol, 'startsAt', x.starts_at, 'unit', s.name) from ${appointments} x join ${departmentSections} s on s.id = x.section_id
          where x.citizen_sub = ${citizenSub} and x.service_id = ${agenda.serviceId} and x.state = any(${pgArray(workflow.open)}::text[]) limit 1) as current,
        ${missedSql(citizenSub, agenda, now)} as missed,
        (select w.id from ${appointmentWaits} w where w.citizen_sub = ${citizenSub} and w.agenda_id = ${chosen?.id ?? 0} and w.state in ('aguardando', 'oferecido') limit 1) as "waitingId"`,
    );
    const [waiting] = found?.waitingId ? await db().select().from(appointmentWaits).where(eq(appointmentWaits.id, found.waitingId)) : [];
    return { current: found?.current ?? null, blocked: waitAfter(found?.missed ?? null, agenda, now), waiting };
  };

  /** book()'s turn at a time: the no-show policy, then one transaction that takes the place and makes or moves the appointment. */
  const take = async (user: Citizen, agenda: AgendaRow, startsAt: Date, moving: typeof appointments.$inferSelect | null, now: Date) => {
    const [blocked, citizen] = await Promise.all([moving ? null : blockedUntil(user.sub, agenda, now), moving?.citizen ?? knownData(app, user)]);
    if (blocked)
      throw conflict(`Você faltou a ${agenda.noShowLimit} agendamentos do ${agenda.departmentShortName} nos últimos ${agenda.noShowDays} dias: poderá agendar de novo a partir de ${formatDateTime(blocked)}.`);
    const protocol = moving ? null : await appointmentProtocol(db(), now);
    return db().transaction(async (t) => {
      const tx = t as unknown as Tx;
      await takePlace(tx, agenda.id, startsAt);
      if (moving) {
        const done = await transition(tx, workflow, APPOINTMENT_TABLE, moving.id, 'remarcar', { agendaId: agenda.id, sectionId: agenda.section.id, startsAt, updatedAt: now, remindedAt: null }, eq(appointments.startsAt, moving.startsAt));
        await givePlaceBack(tx, moving.agendaId, moving.startsAt);
        await offerFreedPlace(app, tx, moving.agendaId, moving.startsAt, now);
        await tell(tx, done, `Agendamento remarcado: ${done.protocol}`, `Seu atendimento de "${agenda.serviceTitle}" passou para ${formatDateTime(startsAt)}, em ${agenda.section.name}.`);
        return done;
      }
      const made = await insertAppointment(tx, { agenda, citizenSub: user.sub, citizen: { name: citizen.name, cpf: citizen.cpf, email: citizen.email }, startsAt, protocol: protocol!, now });
      await tell(tx, made, `Atendimento agendado: ${protocol}`, `"${agenda.serviceTitle}" em ${agenda.section.name}, ${formatDateTime(startsAt)}. Leve os documentos pedidos e o QR code do agendamento.`);
      return made;
    });
  };

  return {
    /** The waiting list ('Avise-me'): appointments.waits.ts. */
    line,

    /** The units of a service with their first free time; the days of the one chosen; the times of the day chosen. */
    async options(user: Citizen, slug: string, query: BookingQuery, asked = new Date()): Promise<BookingOptions> {
      // The next whole second: those who ask in the same second share the reads of the times (a time is offered from
      // half an hour ahead, give or take a second; booking it checks again).
      const now = new Date(Math.ceil(asked.getTime() / 1000) * 1000);
      const agendas = await agendasOfService(slug);
      if (!agendas.length) throw notFound('Este serviço não tem agendamento pelo portal.');
      const chosen = query.unidade ? agendas.find((a) => a.section.slug === query.unidade) : undefined;
      if (query.unidade && !chosen) throw notFound('Esta unidade não atende este serviço com agendamento.');
      const a = agendas[0]!;
      const earliest = new Date(now.getTime() + LEAD_MINUTES * 60_000);
      // What the page shows, asked at once: each unit's first free time, the chosen unit's free places per day (counted
      // by the database), the citizen's appointment, her no-show wait and her place in the line, the documents.
      const [first, perDay, { current, blocked, waiting }, documents] = await Promise.all([
        firstFree(
          agendas.map((x) => x.id),
          now,
        ),
        chosen
          ? shared(`days:${chosen.id}:${now.getTime()}`, () =>
              db()
                .select({ day: sql<string>`to_char(${appointmentSlots.startsAt} at time zone 'America/Fortaleza', 'YYYY-MM-DD')`, free: sql<number>`sum(${appointmentSlots.capacity} - ${appointmentSlots.booked})::int` })
                .from(appointmentSlots)
                .where(and(eq(appointmentSlots.agendaId, chosen.id), gte(appointmentSlots.startsAt, earliest), lt(appointmentSlots.startsAt, new Date(now.getTime() + (chosen.daysAhead + 1) * DAY)), lt(appointmentSlots.booked, appointmentSlots.capacity)))
                .groupBy(sql`1`)
                .orderBy(sql`1`),
            )
          : Promise.resolve([]),
        herAt(user.sub, a, chosen, now),
        documentsOf(a.serviceId),
      ]);
      const units = agendas.map((x) => ({ ...unitOf(x), firstFree: first.has(x.id) ? iso(first.get(x.id)!) : null }));
      // The units of the citizen's city first (the portal does not keep where she lives: she says it), then those with a
      // free time, the soonest first.
      const here = (city: string) => (query.cidade ? normalizeSearchText(city) === normalizeSearchText(query.cidade) : false);
      units.sort((x, y) => Number(here(y.city)) - Number(here(x.city)) || (x.firstFree ?? '9').localeCompare(y.firstFree ?? '9'));
      const day = query.dia && perDay.some((d) => d.day === query.dia) ? query.dia : (perDay[0]?.day ?? null);
      const dayStart = day ? piauiInstant(day, '00:00')! : null;
      const times = chosen && dayStart ? await freeTimes([chosen.id], dayStart < earliest ? earliest : dayStart, new Date(dayStart.getTime() + DAY)) : [];
      return {
        waiting: waiting ? await line.view(waiting, now) : null,
        noShow: { limit: a.noShowLimit, days: a.noShowDays, waitDays: a.noShowWaitDays },
        blockedUntil: blocked ? iso(blocked) : null,
        service: { slug: a.serviceSlug, title: a.serviceTitle, categorySlug: a.categorySlug, documents },
        units,
        cities: [...new Set(agendas.map((x) => x.section.city))].sort((x, y) => x.localeCompare(y, 'pt-BR')),
        unit: chosen ? (units.find((u) => u.slug === chosen.section.slug) ?? null) : null,
        days: perDay.map((d) => ({ day: d.day, free: Number(d.free) })),
        day,
        times: times.map((x) => ({ startsAt: iso(x.startsAt), free: Number(x.free) })),
        current: current ? { id: current.id, protocol: current.protocol, startsAt: iso(current.startsAt), unit: current.unit } : null,
      };
    },

    /** Books a time (or moves the citizen's appointment to it): one place, or a clear refusal; nothing else changes. */
    async book(user: Citizen, input: BookingInput, now = new Date()): Promise<Appointment> {
      const agenda = (await agendasOfService(input.servico)).find((a) => a.section.slug === input.unidade);
      if (!agenda) throw notFound('Esta unidade não atende este serviço com agendamento.');
      const startsAt = new Date(input.horario);
      if (startsAt.getTime() < now.getTime() + LEAD_MINUTES * 60_000) throw badRequest('Este horário já passou ou está perto demais: escolha um horário a partir de meia hora daqui.');
      const moving = input.remarcar ? await own(user, input.remarcar) : null;
      if (moving) {
        workflow.check('remarcar', { citizen: user.sub }, await facts(moving));
        if (moving.serviceId !== agenda.serviceId) throw badRequest('Só se remarca para o mesmo serviço.');
        if (moving.startsAt.getTime() - agenda.changeHours * 3_600_000 < now.getTime()) throw conflict(`Só se remarca até ${agenda.changeHours} horas antes do horário marcado.`);
      }
      // The time's turn: told at once if it filled while she waited for it (in a rush, most are); otherwise the place
      // is taken or refused by the database (takePlace).
      const row = await inTurn(`${agenda.id}:${startsAt.getTime()}`, () => take(user, agenda, startsAt, moving, now), isTimeFull);
      return view(row, agenda, now);
    },

    async list(user: Citizen): Promise<Appointment[]> {
      const rows = await db().select().from(appointments).where(eq(appointments.citizenSub, user.sub)).orderBy(sql`${appointments.startsAt} desc`);
      return Promise.all(rows.map((r) => view(r)));
    },

    async get(user: Citizen, id: number) {
      return view(await own(user, id));
    },

    async cancel(user: Citizen, id: number, now = new Date()): Promise<Appointment> {
      const row = await own(user, id);
      workflow.check('cancelar', { citizen: user.sub }, await facts(row));
      const [agenda] = await agendasOf(db(), eq(unitAgendas.id, row.agendaId));
      const hours = agenda?.changeHours ?? 2;
      if (row.startsAt.getTime() - hours * 3_600_000 < now.getTime()) throw conflict(`Só se cancela até ${hours} horas antes do horário marcado. Se não puder ir, avise a unidade pelo telefone.`);
      const done = await db().transaction(async (t) => {
        const tx = t as unknown as Tx;
        const moved = await transition(tx, workflow, APPOINTMENT_TABLE, row.id, 'cancelar', { updatedAt: now });
        await givePlaceBack(tx, row.agendaId, row.startsAt);
        await offerFreedPlace(app, tx, row.agendaId, row.startsAt, now);
        await tell(tx, moved, `Agendamento cancelado: ${row.protocol}`, `Seu atendimento de ${formatDateTime(row.startsAt)} foi cancelado e o horário ficou livre para outra pessoa.`);
        return moved;
      });
      return view(done, agenda, now);
    },

    /** The .ics of an appointment: a calendar event at the unit's address. */
    async calendarFile(user: Citizen, id: number): Promise<{ name: string; text: string }> {
      const a = await view(await own(user, id));
      const { default: ical } = await import('ical-generator');
      const calendar = ical({ name: 'Portal de Serviços do Piauí', timezone: 'America/Fortaleza' });
      calendar.createEvent({
        id: `${a.protocol}@portal.pi.gov.br`,
        start: new Date(a.startsAt),
        end: new Date(new Date(a.startsAt).getTime() + a.minutes * 60_000),
        summary: `${a.service.title} (${a.unit.name})`,
        description: `Protocolo ${a.protocol}. Leve: ${a.service.documents.join('; ') || 'documento de identidade'}.`,
        location: `${a.unit.name}, ${a.unit.address}, ${a.unit.city}`,
      });
      return { name: `agendamento-${a.protocol}.ics`, text: calendar.toString() };
    },

    /** The front desk's day at a unit: who comes when, and the next free times for walk-ins. */
    async desk(staff: Staff, query: DeskQuery, now = new Date()): Promise<DeskDay> {
      const all = await agendasOf(db(), undefined);
      const mine = all.filter((a) => canRunDesk(staff, a.departmentSlug));
      const units = [...new Map(mine.map((a) => [a.section.slug, { slug: a.section.slug, name: a.section.name }])).values()];
      const unit = units.find((u) => u.slug === query.unidade) ?? (query.unidade ? null : (units[0] ?? null));
      if (query.unidade && !unit) throw notFound('Unidade não encontrada entre as do seu órgão.');
      const day = query.dia ?? todayInPiaui(now);
      if (!unit) return { units, unit: null, day, appointments: [], nextFree: [] };
      const agendas = mine.filter((a) => a.section.slug === unit.slug);
      const start = piauiInstant(day, '00:00')!;
      const end = new Date(start.getTime() + DAY);
      const rows = await db()
        .select({ a: appointments, service: services.title })
        .from(appointments)
        .innerJoin(services, eq(services.id, appointments.serviceId))
        .where(and(eq(appointments.sectionId, agendas[0]!.section.id), gte(appointments.startsAt, start), lt(appointments.startsAt, end), inArray(appointments.state, ['agendado', 'compareceu', 'nao_compareceu'])))
        .orderBy(asc(appointments.startsAt), asc(appointments.id));
      const free = day === todayInPiaui(now) ? await freeTimes(agendas.map((a) => a.id), now, end) : [];
      const titles = new Map(agendas.map((a) => [a.id, a.serviceTitle]));
      return {
        units,
        unit,
        day,
        appointments: rows.map(({ a, service }) => ({
          id: a.id,
          protocol: a.protocol,
          startsAt: iso(a.startsAt),
          service,
          citizenName: a.citizen.name,
          citizenCpf: maskCpf(a.citizen.cpf),
          state: a.state as AppointmentState,
          handledBy: a.handledBy,
        })),
        nextFree: free.slice(0, 6).map((f) => ({ service: titles.get(f.agendaId) ?? '', startsAt: iso(f.startsAt), free: Number(f.free) })),
      };
    },

    /** The citizen at the desk, found by the QR's code, the protocol or the CPF among today's at this unit. */
    async checkIn(staff: Staff, input: CheckIn, now = new Date()) {
      const day = await this.desk(staff, { unidade: input.unidade }, now);
      const typed = input.busca.trim();
      const digits = typed.replace(/\D/g, '');
      const candidates = await db()
        .select()
        .from(appointments)
        .where(and(inArray(appointments.id, day.appointments.map((a) => a.id).concat(0)), eq(appointments.state, 'agendado')));
      const found = candidates.filter((a) => a.code === typed || a.protocol === typed.toUpperCase() || (digits.length === 11 && a.citizen.cpf === digits));
      if (!found.length) throw notFound('Nenhum agendamento de hoje nesta unidade com este QR code, protocolo ou CPF.');
      return this.act(staff, found[0]!.id, 'chegar', now);
    },

    /** 'Chegou' or 'Não compareceu': the workflow's transition, recorded for the citizen to see who opened her data. */
    async act(staff: Staff, id: number, action: Extract<AppointmentAction, 'chegar' | 'faltar'>, now = new Date()) {
      const [row] = await db().select().from(appointments).where(eq(appointments.id, id));
      const f = row ? await facts(row) : null;
      if (!row || !f || !canRunDesk(staff, f.departmentSlug)) throw notFound('Agendamento não encontrado entre os do seu órgão.');
      const actor: AppointmentActor = { staff };
      workflow.check(action, actor, f);
      if (action === 'faltar' && row.startsAt > now) throw conflict('Só se marca a falta depois do horário agendado.');
      const [agenda] = await agendasOf(db(), eq(unitAgendas.id, row.agendaId));
      const done = await db().transaction(async (t) => {
        const tx = t as unknown as Tx;
        const moved = await transition(tx, workflow, APPOINTMENT_TABLE, row.id, action, { handledBy: staff.name, handledAt: now, updatedAt: now });
        await recordAccess(tx, {
          citizenSub: row.citizenSub,
          staffSub: staff.sub,
          staffName: staff.name,
          department: agenda?.departmentShortName ?? '',
          kind: 'agendamento',
          detail: action === 'chegar' ? 'Recebeu no atendimento' : 'Marcou a falta',
          requestId: null,
          protocol: row.protocol,
          service: agenda?.serviceTitle ?? '',
        });
        return moved;
      });
      return { id: done.id, protocol: done.protocol, state: done.state as AppointmentState, citizenName: done.citizen.name };
    },

    /** Tomorrow's appointments, each told once: the reminder the day before. */
    async remind(now = new Date()) {
      const tomorrow = plusDays(todayInPiaui(now), 1);
      const start = piauiInstant(tomorrow, '00:00')!;
      const due = await db()
        .update(appointments)
        .set({ remindedAt: now })
        .where(and(eq(appointments.state, 'agendado'), gte(appointments.startsAt, start), lt(appointments.startsAt, new Date(start.getTime() + DAY)), sql`${appointments.remindedAt} is null`))
        .returning();
      for (const row of due) {
        const a = await view(row);
        await db().transaction(async (t) =>
          tellCitizen(
            app,
            t as unknown as Tx,
            row,
            `Lembrete: atendimento amanhã, ${formatDateTime(row.startsAt)}`,
            `"${a.service.title}" em ${a.unit.name}, ${a.unit.address}. Protocolo ${a.protocol}. Leve: ${a.service.documents.join('; ') || 'documento de identidade'}.`,
            undefined,
            'lembretes',
          ),
        );
      }
      return due.length;
    },
  };
}

export type { Database };
