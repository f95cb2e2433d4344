import { formatIsoDay, PIAUI_TIME_ZONE, QUEUE_STATES, todayInPiaui, type Closure, type ClosureInput, type ClosureList } from '@portal/contracts';
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { holidayName, schema } from '@portal/db';
import { closeUnitsDay, reopenUnitsDay } from '../appointments/appointments.service.ts';
import { calendarsOf } from './calendars.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { iso } from '../../lib/rows.ts';
import { canAssign, type Staff } from '../gestao/roles.ts';
import type { Db, Tx } from './requests.repository.ts';
import { requests } from './requests.workflow.ts';

const { departmentClosures, departments, serviceRequests } = schema;
/** The states a request has a running deadline in (waiting for the citizen included: it resumes from it). */
const OPEN_STATES = QUEUE_STATES.filter((state) => requests.isOpen(state));

/** How far ahead a day may be closed: the deadlines that count over it are never longer. */
const HORIZON_DAYS = 366;

const closureColumns = {
  id: departmentClosures.id,
  day: departmentClosures.day,
  reason: departmentClosures.reason,
  departmentId: departmentClosures.departmentId,
  slug: departments.slug,
  shortName: departments.shortName,
  createdBy: departmentClosures.createdByName,
  createdAt: departmentClosures.createdAt,
};

const toClosure = (c: { id: number; day: string; reason: string; slug: string | null; shortName: string | null; createdBy: string; createdAt: Date }, moved?: number): Closure => ({
  id: c.id,
  day: c.day,
  reason: c.reason,
  department: c.slug ? { slug: c.slug, shortName: c.shortName ?? c.slug } : null,
  createdBy: c.createdBy,
  createdAt: iso(c.createdAt),
  ...(moved === undefined ? {} : { moved }),
});

/**
 * Moves by one business day the deadline of every open request of these departments (null: all) that the day falls
 * within (sent before it, due on it or after): `later` when the day closes, earlier when it opens again. One
 * statement per distinct due day, in the caller's transaction; how many requests moved.
 */
async function moveDeadlines(tx: Db, departmentId: number | null, day: string, later: boolean): Promise<number> {
  const startOfDay = sql`(${day}::date)::timestamp at time zone ${PIAUI_TIME_ZONE}`;
  const within = and(
    departmentId === null ? undefined : eq(serviceRequests.departmentId, departmentId),
    inArray(serviceRequests.state, OPEN_STATES),
    gte(serviceRequests.dueOn, day),
    sql`${serviceRequests.submittedAt} < ${startOfDay}`,
  );
  const dues = await tx.selectDistinct({ departmentId: serviceRequests.departmentId, dueOn: serviceRequests.dueOn }).from(serviceRequests).where(within);
  const calendars = await calendarsOf(
    tx,
    dues.map((d) => d.departmentId),
  );
  let moved = 0;
  for (const { departmentId: id, dueOn } of dues) {
    const next = calendars(id).add(dueOn!, later ? 1 : -1);
    const done = await tx
      .update(serviceRequests)
      .set({ dueOn: next })
      .where(and(within, eq(serviceRequests.departmentId, id), eq(serviceRequests.dueOn, dueOn!)))
      .returning({ id: serviceRequests.id });
    moved += done.length;
  }
  return moved;
}

export type Closures = ReturnType<typeof closures>;

/**
 * Days without office hours (issue 28): the department's leads and the central team close a day (today or later)
 * for a department, the central team for every department at once; the open requests whose deadline the day falls
 * within move by a business day, in the same transaction, and back when the day is opened again.
 */
export function closures(app: FastifyInstance) {
  const db = () => app.db;

  /** The departments whose days the caller keeps: those she leads; every one for the central team. */
  const kept = async (staff: Staff) => {
    const all = await db().select({ id: departments.id, slug: departments.slug, shortName: departments.shortName }).from(departments).orderBy(asc(departments.shortName));
    return all.filter((d) => canAssign(staff, d.slug));
  };

  return {
    async list(staff: Staff): Promise<ClosureList> {
      const mine = await kept(staff);
      const today = todayInPiaui();
      const ids = mine.map((d) => d.id);
      const rows = await db()
        .select(closureColumns)
        .from(departmentClosures)
        .leftJoin(departments, eq(departments.id, departmentClosures.departmentId))
        .where(and(gte(departmentClosures.day, today), or(isNull(departmentClosures.departmentId), ids.length ? inArray(departmentClosures.departmentId, ids) : sql`false`)))
        .orderBy(asc(departmentClosures.day), asc(departments.shortName));
      return { closures: rows.map((c) => toClosure(c)), departments: mine.map(({ slug, shortName }) => ({ slug, shortName })), mayCloseState: staff.admin, today };
    },

    async add(staff: Staff, input: ClosureInput): Promise<Closure> {
      const everywhere = input.orgao === 'estado';
      if (everywhere && !staff.admin) throw notFound('Só a equipe central fecha um dia para todos os órgãos.');
      const department = everywhere ? null : (await kept(staff)).find((d) => d.slug === input.orgao);
      if (!everywhere && !department) throw notFound('Você não coordena o atendimento deste órgão.');
      const today = todayInPiaui();
      if (input.dia < today) throw badRequest('Dia: só se fecha hoje ou um dia que ainda vem.');
      if (input.dia > addDays(today, HORIZON_DAYS)) throw badRequest('Dia: no máximo um ano à frente.');
      const holiday = holidayName(input.dia);
      if (holiday) throw badRequest(`Dia: ${formatIsoDay(input.dia)} já é feriado (${holiday}); os prazos já não contam esse dia.`);
      const weekday = new Date(`${input.dia}T12:00:00Z`).getUTCDay();
      if (weekday === 0) throw badRequest('Dia: domingo já não conta nos prazos, e nenhuma unidade abre.');
      return db().transaction(async (t) => {
        const tx = t as unknown as Db;
        // Two leads closing the same day at once: the unique index lets one in, the other is told.
        const [row] = await tx
          .insert(departmentClosures)
          .values({ departmentId: department?.id ?? null, day: input.dia, reason: input.motivo, createdBySub: staff.sub, createdByName: staff.name })
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict(`${formatIsoDay(input.dia)} já está fechado para ${department?.shortName ?? 'todos os órgãos'}.`);
        // A Saturday counts in no deadline; closing it only closes the units that open on Saturdays.
        const saturday = weekday === 6;
        const moved = saturday ? 0 : await moveDeadlines(tx, department?.id ?? null, input.dia, true);
        const cancelled = await closeUnitsDay(app, t as unknown as Tx, { departmentId: department?.id ?? null, day: input.dia, reason: input.motivo, staff });
        return { ...toClosure({ ...row, slug: department?.slug ?? null, shortName: department?.shortName ?? null, createdBy: row.createdByName }, moved), cancelled };
      });
    },

    async remove(staff: Staff, id: number): Promise<void> {
      const [found] = await db().select(closureColumns).from(departmentClosures).leftJoin(departments, eq(departments.id, departmentClosures.departmentId)).where(eq(departmentClosures.id, id));
      const mayKeep = found && (found.slug === null ? staff.admin : canAssign(staff, found.slug));
      if (!found || !mayKeep) throw notFound('Fechamento não encontrado entre os do seu órgão.');
      if (found.day < todayInPiaui()) throw conflict('Um dia que já passou fica como foi.');
      await db().transaction(async (t) => {
        const tx = t as unknown as Db;
        const gone = await tx.delete(departmentClosures).where(eq(departmentClosures.id, id)).returning({ id: departmentClosures.id });
        // Removed at the same time by someone else: the deadlines were moved back by them.
        if (!gone.length) throw notFound('Fechamento não encontrado entre os do seu órgão.');
        if (new Date(`${found.day}T12:00:00Z`).getUTCDay() !== 6) await moveDeadlines(tx, found.departmentId, found.day, false);
        await reopenUnitsDay(t as unknown as Tx, { departmentId: found.departmentId, day: found.day });
      });
    },
  };
}

const addDays = (day: string, days: number) => new Date(new Date(`${day}T12:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);
