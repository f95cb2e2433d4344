import type { AgendaInput, AgendaSettings } from '@portal/contracts';
import { todayInPiaui } from '@portal/contracts';
import { schema, type Database } from '@portal/db';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error.ts';
import { audit } from '../gestao/gestao.repository.ts';
import { canAssign, type Staff } from '../gestao/roles.ts';
import { calendarOf } from '../requests/calendars.ts';
import type { Tx } from '../requests/requests.repository.ts';
import { timesOfDay } from './appointments.repository.ts';

const { unitAgendas, appointmentSlots, departmentSections, departments, services, serviceSections } = schema;
const DAY = 86_400_000;
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * A unit's agenda set in the back office (issue 29) by its department's leads (the reviewers, who also assign its
 * requests) or the central team: the length of a time, the places, the hours of each weekday, how far ahead, the
 * change deadline and the no-show policy. Saved, the times from now on follow it: free times not matching are
 * removed, booked ones stay with their people (never fewer places than booked), the new ones open at once.
 */
export function agendaSettings(app: FastifyInstance) {
  const db = () => app.db;

  return {
    async list(staff: Staff): Promise<AgendaSettings> {
      const offered = await db()
        .select({ unit: departmentSections, department: departments.shortName, departmentSlug: departments.slug, serviceId: services.id, serviceSlug: services.slug, title: services.title })
        .from(serviceSections)
        .innerJoin(departmentSections, eq(departmentSections.id, serviceSections.sectionId))
        .innerJoin(services, eq(services.id, serviceSections.serviceId))
        .innerJoin(departments, eq(departments.id, departmentSections.departmentId))
        .where(and(eq(services.active, true), eq(departmentSections.active, true)))
        .orderBy(asc(departments.shortName), asc(departmentSections.name), asc(services.title));
      const mine = offered.filter((o) => canAssign(staff, o.departmentSlug));
      const agendas = mine.length ? await db().select().from(unitAgendas) : [];
      const units = new Map<string, AgendaSettings['units'][number]>();
      for (const o of mine) {
        const unit = units.get(o.unit.slug) ?? { slug: o.unit.slug, name: o.unit.name, department: o.department, services: [] };
        const a = agendas.find((x) => x.sectionId === o.unit.id && x.serviceId === o.serviceId);
        unit.services.push({
          slug: o.serviceSlug,
          title: o.title,
          agenda: a
            ? {
                unidade: o.unit.slug,
                servico: o.serviceSlug,
                slotMinutes: a.slotMinutes,
                capacity: a.capacity,
                daysAhead: a.daysAhead,
                changeHours: a.changeHours,
                noShowLimit: a.noShowLimit,
                noShowDays: a.noShowDays,
                noShowWaitDays: a.noShowWaitDays,
                hours: a.hours as AgendaInput['hours'],
                active: a.active,
              }
            : null,
        });
        units.set(o.unit.slug, unit);
      }
      return { units: [...units.values()] };
    },

    async save(staff: Staff, input: AgendaInput, address: string, now = new Date()) {
      const [found] = await db()
        .select({ sectionId: departmentSections.id, departmentId: departments.id, departmentSlug: departments.slug, serviceId: services.id })
        .from(serviceSections)
        .innerJoin(departmentSections, eq(departmentSections.id, serviceSections.sectionId))
        .innerJoin(services, eq(services.id, serviceSections.serviceId))
        .innerJoin(departments, eq(departments.id, departmentSections.departmentId))
        .where(and(eq(departmentSections.slug, input.unidade), eq(services.slug, input.servico)));
      if (!found || !canAssign(staff, found.departmentSlug)) throw notFound('Esta unidade não atende este serviço, ou não é de um órgão que você coordena.');
      const values = {
        sectionId: found.sectionId,
        serviceId: found.serviceId,
        departmentId: found.departmentId,
        slotMinutes: input.slotMinutes,
        capacity: input.capacity,
        hours: input.hours,
        daysAhead: input.daysAhead,
        changeHours: input.changeHours,
        noShowLimit: input.noShowLimit,
        noShowDays: input.noShowDays,
        noShowWaitDays: input.noShowWaitDays,
        active: input.active,
      };
      await db().transaction(async (t) => {
        const tx = t as unknown as Tx;
        const [agenda] = await tx
          .insert(unitAgendas)
          .values(values)
          .onConflictDoUpdate({ target: [unitAgendas.sectionId, unitAgendas.serviceId], set: values })
          .returning();
        // From now on: free times go, booked ones keep their people (and at least as many places as are booked).
        await tx.delete(appointmentSlots).where(and(eq(appointmentSlots.agendaId, agenda!.id), gt(appointmentSlots.startsAt, now), eq(appointmentSlots.booked, 0)));
        await tx
          .update(appointmentSlots)
          .set({ capacity: sql`greatest(${appointmentSlots.booked}, ${input.capacity})` })
          .where(and(eq(appointmentSlots.agendaId, agenda!.id), gt(appointmentSlots.startsAt, now)));
        if (input.active) {
          const calendar = await calendarOf(tx as unknown as Database, found.departmentId);
          const today = todayInPiaui(now);
          const rows: (typeof appointmentSlots.$inferInsert)[] = [];
          for (let day = today; day <= plusDays(today, input.daysAhead); day = plusDays(day, 1)) {
            if (calendar.isClosed(day)) continue;
            for (const startsAt of timesOfDay(agenda!, day)) if (startsAt > now) rows.push({ agendaId: agenda!.id, startsAt, capacity: input.capacity });
          }
          for (let i = 0; i < rows.length; i += 500) await tx.insert(appointmentSlots).values(rows.slice(i, i + 500)).onConflictDoNothing();
        }
        await audit(tx as unknown as Database, {
          actorSub: staff.sub,
          actorName: staff.name,
          address,
          action: 'agenda_alterada',
          serviceId: found.serviceId,
          departmentId: found.departmentId,
          detail: { unidade: input.unidade, ...values, hours: input.hours },
        });
      });
      // The service's page shows 'Agendar atendimento' from now on (or no longer).
      await app.publicCache.invalidate(`service:${found.serviceId}`);
      return this.list(staff);
    },
  };
}
