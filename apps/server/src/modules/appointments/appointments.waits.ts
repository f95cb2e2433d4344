import { formatDateTime, formatTime, type WaitingEntry } from '@portal/contracts';
import { schema } from '@portal/db';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { iso } from '../../lib/rows.ts';
import { transition } from '../../lib/workflow.ts';
import type { Tx } from '../requests/requests.repository.ts';
import { knownData, type Citizen } from '../requests/requests.service.ts';
import { agendasOf, appointmentProtocol, givePlaceBack, insertAppointment, tellCitizen, unitOf } from './appointments.repository.ts';
import { WAIT_TABLE, waits } from './appointments.workflow.ts';

const { appointmentWaits, appointmentSlots, appointments, unitAgendas, services, departmentSections } = schema;

/** How long a freed place is held for the one it is offered to. */
export const OFFER_MINUTES = 15;
/** A freed time is offered only when it is at least this far ahead (someone has to get there). */
const OFFER_LEAD_MINUTES = 60;

const waitPath = (id: number) => `/app/agendamentos/espera/${id}`;

/**
 * A place of `agendaId` at `startsAt` was just given back (in `tx`): if someone waits for the agenda, it is held for
 * the first in line (the place is taken again, for them) and offered for OFFER_MINUTES; otherwise it stays free. The
 * line is read with `FOR UPDATE SKIP LOCKED`, so two places freed at once go to two different people.
 */
export async function offerFreedPlace(app: FastifyInstance, tx: Tx, agendaId: number, startsAt: Date, now = new Date()): Promise<boolean> {
  if (startsAt.getTime() < now.getTime() + OFFER_LEAD_MINUTES * 60_000) return false;
  const [first] = await tx
    .select()
    .from(appointmentWaits)
    .where(and(eq(appointmentWaits.agendaId, agendaId), eq(appointmentWaits.state, 'aguardando')))
    .orderBy(asc(appointmentWaits.createdAt), asc(appointmentWaits.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!first) return false;
  const [held] = await tx
    .update(appointmentSlots)
    .set({ booked: sql`${appointmentSlots.booked} + 1` })
    .where(and(eq(appointmentSlots.agendaId, agendaId), eq(appointmentSlots.startsAt, startsAt), lt(appointmentSlots.booked, appointmentSlots.capacity)))
    .returning({ booked: appointmentSlots.booked });
  if (!held) return false;
  const expires = new Date(now.getTime() + OFFER_MINUTES * 60_000);
  await transition(tx, waits, WAIT_TABLE, first.id, 'ofertar', { offeredStartsAt: startsAt, offerExpiresAt: expires });
  const [agenda] = await agendasOf(tx as never, eq(unitAgendas.id, agendaId));
  await tellCitizen(
    app,
    tx,
    { id: first.id, citizenSub: first.citizenSub, citizen: first.citizen },
    `Abriu um horário: ${formatDateTime(startsAt)}`,
    `Você está na lista de espera de "${agenda?.serviceTitle ?? 'atendimento'}" em ${agenda?.section.name ?? 'uma unidade'}. O horário de ${formatDateTime(startsAt)} está reservado para você até ${formatTime(expires)}: confirme pelo portal antes disso, ou ele vai para a próxima pessoa da lista.`,
    waitPath(first.id),
  );
  return true;
}

export type WaitingList = ReturnType<typeof waitingList>;

/** The waiting list of a unit's agenda for the citizen: join it, see an offer, take it, or leave. */
export function waitingList(app: FastifyInstance) {
  const db = () => app.db;

  const view = async (row: typeof appointmentWaits.$inferSelect, now = new Date()): Promise<WaitingEntry> => {
    const [agenda] = await agendasOf(db(), eq(unitAgendas.id, row.agendaId));
    if (!agenda) throw notFound('Lista de espera não encontrada.');
    const ahead =
      row.state === 'aguardando'
        ? Number(
            (
              await db()
                .select({ n: sql<number>`count(*)::int` })
                .from(appointmentWaits)
                .where(and(eq(appointmentWaits.agendaId, row.agendaId), eq(appointmentWaits.state, 'aguardando'), lt(appointmentWaits.createdAt, row.createdAt)))
            )[0]?.n ?? 0,
          )
        : null;
    const offerOpen = row.state === 'oferecido' && row.offerExpiresAt !== null && row.offerExpiresAt > now;
    return {
      id: row.id,
      state: row.state as WaitingEntry['state'],
      service: { slug: agenda.serviceSlug, title: agenda.serviceTitle },
      unit: unitOf(agenda),
      ahead,
      offer: offerOpen ? { startsAt: iso(row.offeredStartsAt!), until: iso(row.offerExpiresAt!) } : null,
      appointmentId: row.appointmentId,
      createdAt: iso(row.createdAt),
    };
  };

  const own = async (user: Citizen, id: number) => {
    const [row] = await db().select().from(appointmentWaits).where(eq(appointmentWaits.id, id));
    if (!row || row.citizenSub !== user.sub) throw notFound('Lista de espera não encontrada.');
    return row;
  };

  return {
    view,

    /** Joins the line of a unit's agenda for a service (when it has no free time, or whenever she prefers to wait). */
    async join(user: Citizen, serviceSlug: string, unitSlug: string): Promise<WaitingEntry> {
      const [agenda] = await agendasOf(db(), and(eq(services.slug, serviceSlug), eq(departmentSections.slug, unitSlug)));
      if (!agenda) throw notFound('Esta unidade não atende este serviço com agendamento.');
      const [booked] = await db()
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.citizenSub, user.sub), eq(appointments.serviceId, agenda.serviceId), eq(appointments.state, 'agendado')));
      if (booked) throw conflict('Você já tem um atendimento agendado para este serviço: remarque ou cancele aquele.');
      const citizen = await knownData(app, user);
      const [row] = await db()
        .insert(appointmentWaits)
        .values({ agendaId: agenda.id, citizenSub: user.sub, citizen: { name: citizen.name, cpf: citizen.cpf, email: citizen.email }, state: 'aguardando' })
        .onConflictDoNothing({ target: [appointmentWaits.citizenSub, appointmentWaits.agendaId], where: sql`${appointmentWaits.state} in ('aguardando', 'oferecido')` })
        .returning();
      if (!row) throw conflict('Você já está na lista de espera desta unidade.');
      return view(row);
    },

    async get(user: Citizen, id: number) {
      return view(await own(user, id));
    },

    async list(user: Citizen) {
      const rows = await db()
        .select()
        .from(appointmentWaits)
        .where(and(eq(appointmentWaits.citizenSub, user.sub), sql`${appointmentWaits.state} in ('aguardando', 'oferecido')`))
        .orderBy(asc(appointmentWaits.createdAt));
      return Promise.all(rows.map((r) => view(r)));
    },

    /** Takes the time offered, while it is held: the appointment, from the place already held for her. */
    async accept(user: Citizen, id: number, now = new Date()) {
      const row = await own(user, id);
      waits.check('aceitar', { citizen: user.sub }, { state: row.state, citizenSub: row.citizenSub });
      if (!row.offerExpiresAt || row.offerExpiresAt <= now) throw conflict('Este horário não está mais reservado para você: o prazo para confirmar passou.');
      const [agenda] = await agendasOf(db(), eq(unitAgendas.id, row.agendaId));
      if (!agenda) throw notFound('Lista de espera não encontrada.');
      const protocol = await appointmentProtocol(db(), now);
      return db().transaction(async (t) => {
        const tx = t as unknown as Tx;
        // Taken only while the offer lasts: the expiry job and this update cannot both win.
        await transition(tx, waits, WAIT_TABLE, row.id, 'aceitar', {}, gt(appointmentWaits.offerExpiresAt, now));
        const made = await insertAppointment(tx, { agenda, citizenSub: row.citizenSub, citizen: row.citizen, startsAt: row.offeredStartsAt!, protocol, now });
        await tx.update(appointmentWaits).set({ appointmentId: made.id }).where(eq(appointmentWaits.id, row.id));
        await tellCitizen(app, tx, made, `Atendimento agendado: ${protocol}`, `"${agenda.serviceTitle}" em ${agenda.section.name}, ${formatDateTime(made.startsAt)}. Leve os documentos pedidos e o QR code do agendamento.`);
        return made;
      });
    },

    /** Leaves the line; a time held for her goes to the next. */
    async leave(user: Citizen, id: number, now = new Date()) {
      const row = await own(user, id);
      waits.check('sair', { citizen: user.sub }, { state: row.state, citizenSub: row.citizenSub });
      await db().transaction(async (t) => {
        const tx = t as unknown as Tx;
        await transition(tx, waits, WAIT_TABLE, row.id, 'sair', {});
        if (row.state === 'oferecido' && row.offeredStartsAt) {
          await givePlaceBack(tx, row.agendaId, row.offeredStartsAt);
          await offerFreedPlace(app, tx, row.agendaId, row.offeredStartsAt, now);
        }
      });
      return view({ ...row, state: 'cancelado' });
    },

    /** Offers not taken in time: each expires, and its place goes to the next in line (the job 'ofertas-vencidas'). */
    async expireOffers(now = new Date()) {
      const due = await db()
        .select()
        .from(appointmentWaits)
        .where(and(eq(appointmentWaits.state, 'oferecido'), lt(appointmentWaits.offerExpiresAt, now)));
      let expired = 0;
      for (const row of due) {
        await db().transaction(async (t) => {
          const tx = t as unknown as Tx;
          try {
            await transition(tx, waits, WAIT_TABLE, row.id, 'expirar', {}, lt(appointmentWaits.offerExpiresAt, now));
          } catch (err) {
            // Taken (or left) meanwhile: nothing to give back.
            if (err instanceof HttpError && err.statusCode === 409) return;
            throw err;
          }
          expired++;
          await givePlaceBack(tx, row.agendaId, row.offeredStartsAt!);
          await offerFreedPlace(app, tx, row.agendaId, row.offeredStartsAt!, now);
        });
      }
      return expired;
    },
  };
}
