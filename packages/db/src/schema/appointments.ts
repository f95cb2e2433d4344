import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { departmentSections, departments, services } from './catalog.ts';

// ---------------------------------------------------------------------------------------------------------
// Appointments (issue 29, apps/server/src/modules/appointments): a unit's agenda for a service it serves in
// person, its times, and the citizens booked in them. A time's places are a counter the database keeps within
// its capacity (a CHECK), so however many try at once, no time is ever booked past it.
// ---------------------------------------------------------------------------------------------------------

/** Opening hours of one weekday: periods 'HH:MM'–'HH:MM' in Piauí's time. */
export type AgendaHours = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6', [string, string][]>>;

/** How a unit serves a service by appointment. */
export const unitAgendas = pgTable(
  'unit_agendas',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => departmentSections.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    /** minutes an appointment lasts (a time every so many minutes) */
    slotMinutes: integer('slot_minutes').notNull(),
    /** people served at once: the places of each time */
    capacity: integer('capacity').notNull(),
    hours: jsonb('hours').$type<AgendaHours>().notNull(),
    /** how far ahead the agenda is open; a new day opens each morning */
    daysAhead: integer('days_ahead').notNull().default(30),
    /** until how many hours before, a citizen may cancel or reschedule */
    changeHours: integer('change_hours').notNull().default(2),
    /** the department's no-show policy, told before booking: so many absences in so many days, then a wait */
    noShowLimit: integer('no_show_limit').notNull().default(2),
    noShowDays: integer('no_show_days').notNull().default(90),
    noShowWaitDays: integer('no_show_wait_days').notNull().default(30),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('unit_agendas_section_service_idx').on(t.sectionId, t.serviceId), index('unit_agendas_service_idx').on(t.serviceId)],
);

/** One time of an agenda, with its places: `booked` never passes `capacity`, whatever happens at once. */
export const appointmentSlots = pgTable(
  'appointment_slots',
  {
    agendaId: integer('agenda_id')
      .notNull()
      .references(() => unitAgendas.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agendaId, t.startsAt] }), check('appointment_slots_within_capacity', sql`${t.booked} >= 0 and ${t.booked} <= ${t.capacity}`)],
);

/** A citizen's appointment; its state is the appointments' workflow's (appointments.workflow.ts). */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    /** 2026-AGENDA-000123, said at the desk and over the phone */
    protocol: text('protocol').notNull().unique(),
    /** the code of the confirmation's QR, read at the front desk */
    code: text('code').notNull().unique(),
    agendaId: integer('agenda_id')
      .notNull()
      .references(() => unitAgendas.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    sectionId: integer('section_id')
      .notNull()
      .references(() => departmentSections.id),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    citizenSub: text('citizen_sub').notNull(),
    citizen: jsonb('citizen').$type<{ name: string; cpf: string; email: string }>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    state: text('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** who at the front desk received the citizen, or marked the absence */
    handledBy: text('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    // One appointment still to happen per citizen and service: a second booking at once, one wins.
    uniqueIndex('appointments_one_active_idx').on(t.citizenSub, t.serviceId).where(sql`${t.state} = 'agendado'`),
    index('appointments_unit_day_idx').on(t.sectionId, t.startsAt),
    // What changed since the public panel's last update (issue 30).
    index('appointments_updated_idx').on(t.updatedAt),
    index('appointments_citizen_idx').on(t.citizenSub, t.startsAt),
  ],
);

/**
 * The waiting list of an agenda ('Avise-me', issue 29): a citizen waits for a place at a unit whose times are all
 * taken; a place freed is held for the first in line for a few minutes and offered, then for the next. Its state is
 * the waiting list's workflow's (appointments.workflow.ts).
 */
export const appointmentWaits = pgTable(
  'appointment_waits',
  {
    id: serial('id').primaryKey(),
    agendaId: integer('agenda_id')
      .notNull()
      .references(() => unitAgendas.id, { onDelete: 'cascade' }),
    citizenSub: text('citizen_sub').notNull(),
    citizen: jsonb('citizen').$type<{ name: string; cpf: string; email: string }>().notNull(),
    state: text('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the time held for this citizen while the offer lasts */
    offeredStartsAt: timestamp('offered_starts_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** the appointment made when the offer was taken */
    appointmentId: integer('appointment_id'),
  },
  (t) => [
    // One place in a list per citizen and agenda while waiting or offered.
    uniqueIndex('appointment_waits_one_idx').on(t.citizenSub, t.agendaId).where(sql`${t.state} in ('aguardando', 'oferecido')`),
    index('appointment_waits_line_idx').on(t.agendaId, t.createdAt).where(sql`${t.state} = 'aguardando'`),
  ],
);
