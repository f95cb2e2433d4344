import { randomBytes } from 'node:crypto';
import { piauiInstant, todayInPiaui, type NoticeKind } from '@portal/contracts';
import { schema, type Database } from '@portal/db';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import { mapUrl } from '../../lib/mappers.ts';
import { nextProtocolNumber, type Db, type Tx } from '../requests/requests.repository.ts';
import { protocolOf } from '../requests/requests.service.ts';

const { unitAgendas, appointmentSlots, appointments, services, departmentSections, departments, categories } = schema;

// What the appointments' service and its waiting list share: the agendas as they are read, a time's places, and
// the notice to the citizen.

/** An agenda with its unit, service and department, as booking and the desk read it. */
export async function agendasOf(db: Database, where: ReturnType<typeof and>) {
  return db
    .select({
      id: unitAgendas.id,
      slotMinutes: unitAgendas.slotMinutes,
      capacity: unitAgendas.capacity,
      hours: unitAgendas.hours,
      daysAhead: unitAgendas.daysAhead,
      changeHours: unitAgendas.changeHours,
      noShowLimit: unitAgendas.noShowLimit,
      noShowDays: unitAgendas.noShowDays,
      noShowWaitDays: unitAgendas.noShowWaitDays,
      departmentId: unitAgendas.departmentId,
      departmentSlug: departments.slug,
      departmentShortName: departments.shortName,
      serviceId: services.id,
      serviceSlug: services.slug,
      serviceTitle: services.title,
      categorySlug: categories.slug,
      section: departmentSections,
    })
    .from(unitAgendas)
    .innerJoin(services, eq(services.id, unitAgendas.serviceId))
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .innerJoin(departments, eq(departments.id, unitAgendas.departmentId))
    .innerJoin(departmentSections, eq(departmentSections.id, unitAgendas.sectionId))
    .where(and(eq(unitAgendas.active, true), eq(departmentSections.active, true), where))
    .orderBy(asc(departmentSections.name));
}
export type AgendaRow = Awaited<ReturnType<typeof agendasOf>>[number];

export const unitOf = (a: AgendaRow) => ({ slug: a.section.slug, name: a.section.name, address: [a.section.address, a.section.district].filter(Boolean).join(', '), city: a.section.city, phone: a.section.phone, mapUrl: mapUrl(a.section) });

/** Tells the citizen of an appointment (bell, push to the app, e-mail), as a job of the change's own transaction. */
export const tellCitizen = (
  app: FastifyInstance,
  tx: Tx,
  row: { id: number; citizenSub: string; citizen: { email: string } },
  title: string,
  body: string,
  url = `/app/agendamentos/${row.id}`,
  kind: NoticeKind = 'agendamentos',
) => app.jobs.send('avisar-solicitante', { userSub: row.citizenSub, email: row.citizen.email, url, title, body, kind }, { db: tx });

/** Takes one place of a time, if one is left: the one statement that keeps a time within its capacity. */
export const takePlace = async (tx: Tx, agendaId: number, startsAt: Date) => {
  const [taken] = await tx
    .update(appointmentSlots)
    .set({ booked: sql`${appointmentSlots.booked} + 1` })
    .where(and(eq(appointmentSlots.agendaId, agendaId), eq(appointmentSlots.startsAt, startsAt), lt(appointmentSlots.booked, appointmentSlots.capacity)))
    .returning({ booked: appointmentSlots.booked });
  if (taken) return;
  const [exists] = await tx.select({ n: appointmentSlots.capacity }).from(appointmentSlots).where(and(eq(appointmentSlots.agendaId, agendaId), eq(appointmentSlots.startsAt, startsAt)));
  if (!exists) throw badRequest('Este horário não está na agenda desta unidade. Escolha um dos horários da lista.');
  throw conflict(TIME_FULL);
};
const TIME_FULL = 'Este horário acabou de ser preenchido. Escolha outro.';
/** takePlace's refusal of a time with no place left (not of a time that is not in the agenda). */
export const isTimeFull = (error: unknown) => error instanceof HttpError && error.statusCode === 409 && error.message === TIME_FULL;
/** Gives a place of a time back (a cancellation, a move, an offer not taken). */
export const givePlaceBack = (tx: Tx, agendaId: number, startsAt: Date) =>
  tx
    .update(appointmentSlots)
    .set({ booked: sql`${appointmentSlots.booked} - 1` })
    .where(and(eq(appointmentSlots.agendaId, agendaId), eq(appointmentSlots.startsAt, startsAt), gt(appointmentSlots.booked, 0)));

/** The times of one day of an agenda, on its hours (Piauí's clock). */
export function timesOfDay(agenda: Pick<AgendaRow, 'hours' | 'slotMinutes'>, day: string): Date[] {
  const weekday = String(new Date(`${day}T12:00:00Z`).getUTCDay()) as keyof AgendaRow['hours'];
  const starts: Date[] = [];
  for (const [from, to] of agenda.hours[weekday] ?? []) {
    const begin = piauiInstant(day, from);
    const end = piauiInstant(day, to);
    if (!begin || !end) continue;
    for (let t = begin.getTime(); t + agenda.slotMinutes * 60_000 <= end.getTime(); t += agenda.slotMinutes * 60_000) starts.push(new Date(t));
  }
  return starts;
}


/** An appointment's protocol (`2026-AGENDA-000123`), taken before the transaction that makes it (nextProtocolNumber). */
export async function appointmentProtocol(db: Db, now: Date) {
  const year = Number(todayInPiaui(now).slice(0, 4));
  return protocolOf(year, 'AGENDA', await nextProtocolNumber(db, year, 'AGENDA'));
}

/**
 * The appointment itself, with its protocol and the random code its QR holds, in the caller's transaction (the place
 * already taken). One still to happen per citizen and service: a second at once finds the partial unique index taken.
 */
export async function insertAppointment(
  tx: Tx,
  { agenda, citizenSub, citizen, startsAt, protocol, now }: { agenda: AgendaRow; citizenSub: string; citizen: { name: string; cpf: string; email: string }; startsAt: Date; protocol: string; now: Date },
) {
  const [made] = await tx
    .insert(appointments)
    .values({
      protocol,
      code: randomBytes(9).toString('base64url'),
      agendaId: agenda.id,
      serviceId: agenda.serviceId,
      sectionId: agenda.section.id,
      departmentId: agenda.departmentId,
      citizenSub,
      citizen,
      startsAt,
      state: 'agendado',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [appointments.citizenSub, appointments.serviceId], where: sql`${appointments.state} = 'agendado'` })
    .returning();
  if (!made) throw conflict('Você já tem um atendimento agendado para este serviço: remarque ou cancele aquele.');
  return made;
}
