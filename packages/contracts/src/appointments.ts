import { z } from 'zod';
import { DbId, Slug } from './common.ts';

/**
 * Appointments at a service unit (issue 29, Lei 14.129 art. 21 'agendamento digital'): /v1/agendamentos for the
 * citizen, /v1/gestao/agenda for the unit's front desk. Its states are the appointments' workflow's
 * (apps/server/src/modules/appointments/appointments.workflow.ts).
 */
export const APPOINTMENT_STATES = ['agendado', 'compareceu', 'nao_compareceu', 'cancelado'] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];
export const APPOINTMENT_STATE_LABELS: Record<AppointmentState, string> = {
  agendado: 'Agendado',
  compareceu: 'Atendido',
  nao_compareceu: 'Não compareceu',
  cancelado: 'Cancelado',
};

/** An instant as the API sends it (ISO 8601 with the offset). */
const Instant = z.iso.datetime({ offset: true, error: 'Horário inválido.' });

/** GET /v1/agendamentos/opcoes/{service}: which unit and day the citizen is looking at. */
export const BookingQuery = z.object({
  unidade: Slug.optional(),
  /** the citizen's city: its units come first */
  cidade: z.string().trim().max(80, 'Cidade inválida.').optional(),
  dia: z.iso.date({ error: 'Dia inválido: use aaaa-mm-dd.' }).optional(),
});
export type BookingQuery = z.infer<typeof BookingQuery>;
export const BookingParams = z.object({ service: Slug });

export const BookingUnit = z.object({
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  mapUrl: z.string(),
  /** the first time with a free place, or null when the agenda is full */
  firstFree: z.string().nullable(),
});
export type BookingUnit = z.infer<typeof BookingUnit>;

export const BookingTime = z.object({ startsAt: z.string(), free: z.number().int() });

/** A place in a unit's waiting list ('Avise-me'): waiting (with how many ahead), or offered a freed time until a moment. */
export const WaitingEntry = z.object({
  id: z.number().int(),
  state: z.enum(['aguardando', 'oferecido', 'aceito', 'expirado', 'cancelado']),
  service: z.object({ slug: z.string(), title: z.string() }),
  unit: z.object({ slug: z.string(), name: z.string(), address: z.string(), city: z.string(), phone: z.string(), mapUrl: z.string() }),
  /** people ahead in the line, while waiting */
  ahead: z.number().int().nullable(),
  /** the time held for her, and until when she may take it */
  offer: z.object({ startsAt: z.string(), until: z.string() }).nullable(),
  /** the appointment made when she took the offer */
  appointmentId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type WaitingEntry = z.infer<typeof WaitingEntry>;
/** POST /v1/agendamentos/espera: joining the waiting list of a unit for a service. */
export const WaitingInput = z.object({ servico: Slug, unidade: Slug });
export const WaitingParams = z.object({ id: DbId('Lista de espera inválida.') });

/** What a citizen chooses from: the units, then the days of one, then the times of one day. */
export const BookingOptions = z.object({
  service: z.object({ slug: z.string(), title: z.string(), categorySlug: z.string(), documents: z.array(z.string()) }),
  units: z.array(BookingUnit),
  /** the cities with a unit, for 'Sua cidade' */
  cities: z.array(z.string()),
  unit: BookingUnit.nullable(),
  /** days of the chosen unit with a free place, from today to as far as its agenda is open */
  days: z.array(z.object({ day: z.string(), free: z.number().int() })),
  day: z.string().nullable(),
  times: z.array(BookingTime),
  /** the department's no-show policy, told before booking: `limit` absences in `days` days, then `waitDays` without booking */
  noShow: z.object({ limit: z.number().int(), days: z.number().int(), waitDays: z.number().int() }),
  /** the citizen's place in the waiting list of the chosen unit, if she is in it */
  waiting: WaitingEntry.nullable(),
  /** when the citizen, past the policy's absences, may book again; null when she may now */
  blockedUntil: z.string().nullable(),
  /** the citizen's appointment of this service still to happen: she reschedules it instead of booking another */
  current: z.object({ id: z.number().int(), protocol: z.string(), startsAt: z.string(), unit: z.string() }).nullable(),
});
export type BookingOptions = z.infer<typeof BookingOptions>;

/** POST /v1/agendamentos: a time at a unit for a service; with `remarcar`, the appointment it replaces. */
export const BookingInput = z.object({
  servico: Slug,
  unidade: Slug,
  horario: Instant,
  remarcar: DbId('Agendamento inválido.').optional(),
});
export type BookingInput = z.infer<typeof BookingInput>;

export const AppointmentParams = z.object({ id: DbId('Agendamento inválido.') });

export const Appointment = z.object({
  id: z.number().int(),
  protocol: z.string(),
  /** read from the confirmation's QR at the front desk */
  code: z.string(),
  state: z.enum(APPOINTMENT_STATES),
  startsAt: z.string(),
  minutes: z.number().int(),
  service: z.object({ slug: z.string(), title: z.string(), categorySlug: z.string(), documents: z.array(z.string()) }),
  unit: z.object({ slug: z.string(), name: z.string(), address: z.string(), city: z.string(), phone: z.string(), mapUrl: z.string() }),
  department: z.string(),
  /** until when it may be cancelled or rescheduled; null once that has passed or it is not 'agendado' */
  changeUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof Appointment>;
export const AppointmentList = z.object({ appointments: z.array(Appointment) });
export type AppointmentList = z.infer<typeof AppointmentList>;

// --- the front desk (gestao:atendimento:<department>) -------------------------------------------------------

export const DeskQuery = z.object({
  unidade: Slug.optional(),
  dia: z.iso.date({ error: 'Dia inválido: use aaaa-mm-dd.' }).optional(),
});
export type DeskQuery = z.infer<typeof DeskQuery>;

export const DeskAppointment = z.object({
  id: z.number().int(),
  protocol: z.string(),
  startsAt: z.string(),
  service: z.string(),
  citizenName: z.string(),
  /** masked: ***.982.247-** */
  citizenCpf: z.string(),
  state: z.enum(APPOINTMENT_STATES),
  handledBy: z.string().nullable(),
});
export type DeskAppointment = z.infer<typeof DeskAppointment>;

export const DeskDay = z.object({
  units: z.array(z.object({ slug: z.string(), name: z.string() })),
  unit: z.object({ slug: z.string(), name: z.string() }).nullable(),
  day: z.string(),
  appointments: z.array(DeskAppointment),
  /** the next free times of the unit today, for someone who walks in */
  nextFree: z.array(z.object({ service: z.string(), startsAt: z.string(), free: z.number().int() })),
});
export type DeskDay = z.infer<typeof DeskDay>;

/** POST /v1/gestao/agenda/chegada: the citizen at the desk, by the QR's code, the protocol or the CPF. */
export const CheckIn = z.object({
  unidade: Slug,
  busca: z.string({ error: 'Leia o QR code ou digite o protocolo ou o CPF.' }).trim().min(1, 'Leia o QR code ou digite o protocolo ou o CPF.').max(40, 'Código, protocolo ou CPF inválido.'),
});
export type CheckIn = z.infer<typeof CheckIn>;

/** POST /v1/gestao/agenda/{id}/falta: the citizen did not come. */
export const DeskAppointmentParams = AppointmentParams;

// --- a unit's agenda, set in the back office by the department's leads (issue 29) ----------------------------

const Clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Horário inválido: use hh:mm, como 08:00.');
const Whole = (what: string, min: number, max: number) =>
  z.coerce.number({ error: `${what}: informe um número.` }).int(`${what}: um número inteiro.`).min(min, `${what}: no mínimo ${min}.`).max(max, `${what}: no máximo ${max}.`);

/** PUT /v1/gestao/agendas: how a unit serves a service by appointment. */
export const AgendaInput = z
  .object({
    unidade: Slug,
    servico: Slug,
    slotMinutes: Whole('Duração de cada atendimento', 5, 240),
    capacity: Whole('Pessoas atendidas ao mesmo tempo', 1, 200),
    daysAhead: Whole('Dias à frente', 1, 120),
    changeHours: Whole('Horas antes para remarcar ou cancelar', 0, 72),
    noShowLimit: Whole('Faltas', 1, 10),
    noShowDays: Whole('Dias em que as faltas contam', 7, 365),
    noShowWaitDays: Whole('Dias sem agendar', 0, 180),
    /** weekday '1' (Monday) … '6' (Saturday): periods from–to */
    hours: z.partialRecord(z.enum(['1', '2', '3', '4', '5', '6']), z.array(z.tuple([Clock, Clock])).max(3, 'No máximo três períodos por dia.')),
    active: z.boolean(),
  })
  .superRefine((agenda, ctx) => {
    for (const [day, periods] of Object.entries(agenda.hours))
      for (const [from, to] of periods ?? []) if (from >= to) ctx.addIssue({ code: 'custom', path: ['hours', day], message: `O período ${from}–${to} termina antes de começar.` });
    if (!Object.values(agenda.hours).some((p) => p?.length)) ctx.addIssue({ code: 'custom', path: ['hours'], message: 'Informe o horário de pelo menos um dia da semana.' });
  });
export type AgendaInput = z.infer<typeof AgendaInput>;

export const AgendaSettings = z.object({
  /** the units and in-person services of the departments the caller leads, with each one's agenda if it has one */
  units: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      department: z.string(),
      services: z.array(z.object({ slug: z.string(), title: z.string(), agenda: AgendaInput.nullable() })),
    }),
  ),
});
export type AgendaSettings = z.infer<typeof AgendaSettings>;
