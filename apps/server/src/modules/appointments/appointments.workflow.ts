import { APPOINTMENT_STATES, type AppointmentState } from '@portal/contracts';
import { schema } from '@portal/db';
import { defineWorkflow, type Guard } from '../../lib/workflow.ts';
import { canRunDesk, type Staff } from '../gestao/roles.ts';

/**
 * The workflow of an appointment (issue 29): the one table of its states and who moves it. Booking inserts it
 * 'agendado' (a place taken from its time's counter in the same transaction); nothing else compares its state.
 *
 *   agendado ──chegar (recepção)──▶ compareceu
 *     │ remarcar ↺ (cidadão)   └──faltar (recepção)──▶ nao_compareceu
 *     └──cancelar (cidadão), fechar (a unit closed that day: its leads, the central team)──▶ cancelado
 */
export type AppointmentAction = 'remarcar' | 'cancelar' | 'chegar' | 'faltar' | 'fechar';
export type AppointmentActor = { citizen: string } | { staff: Staff };
export interface AppointmentFacts {
  citizenSub: string;
  departmentSlug: string;
}

const owner: Guard<AppointmentActor, AppointmentFacts> = (actor, a) => ('citizen' in actor && actor.citizen === a.citizenSub ? true : 'Só quem agendou pode fazer isto.');
const desk: Guard<AppointmentActor, AppointmentFacts> = (actor, a) => ('staff' in actor && canRunDesk(actor.staff, a.departmentSlug) ? true : 'Só a recepção da unidade pode fazer isto.');

const GONE = 'Este agendamento não está mais marcado: ele foi cancelado, remarcado ou já foi atendido.';

export const appointments = defineWorkflow<AppointmentState, AppointmentAction, AppointmentActor, AppointmentFacts>({
  name: 'agendamento',
  states: APPOINTMENT_STATES,
  open: ['agendado'],
  transitions: {
    remarcar: { from: ['agendado'], to: 'agendado', may: owner, gone: GONE },
    cancelar: { from: ['agendado'], to: 'cancelado', may: owner, gone: GONE },
    chegar: { from: ['agendado'], to: 'compareceu', may: desk, gone: 'Este agendamento já foi recebido ou encerrado.' },
    faltar: { from: ['agendado'], to: 'nao_compareceu', may: desk, gone: 'Este agendamento já foi recebido ou encerrado.' },
    fechar: { from: ['agendado'], to: 'cancelado', may: desk, gone: GONE },
  },
});

export const APPOINTMENT_TABLE = { table: schema.appointments, id: schema.appointments.id, state: schema.appointments.state };

/**
 * The waiting list ('Avise-me'): a place freed is offered to the first in line, held for a few minutes.
 *
 *   aguardando ──ofertar (agenda)──▶ oferecido ──aceitar (cidadão)──▶ aceito
 *     └ sair (cidadão) ─▶ cancelado      └──expirar (agenda)──▶ expirado     (the place goes to the next in line)
 */
export const WAIT_STATES = ['aguardando', 'oferecido', 'aceito', 'expirado', 'cancelado'] as const;
export type WaitState = (typeof WAIT_STATES)[number];
export type WaitAction = 'ofertar' | 'aceitar' | 'expirar' | 'sair';
export type WaitActor = { citizen: string } | 'agenda';
const waiter: Guard<WaitActor, { citizenSub: string }> = (actor, w) => (typeof actor === 'object' && actor.citizen === w.citizenSub ? true : 'Só quem entrou na lista pode fazer isto.');
const schedule: Guard<WaitActor, { citizenSub: string }> = (actor) => (actor === 'agenda' ? true : 'Só a agenda faz isto.');

export const waits = defineWorkflow<WaitState, WaitAction, WaitActor, { citizenSub: string }>({
  name: 'lista de espera',
  states: WAIT_STATES,
  open: ['aguardando', 'oferecido'],
  transitions: {
    ofertar: { from: ['aguardando'], to: 'oferecido', may: schedule, gone: 'Esta pessoa já não aguarda na lista.' },
    aceitar: { from: ['oferecido'], to: 'aceito', may: waiter, gone: 'Este horário não está mais reservado para você: o prazo para confirmar passou.' },
    expirar: { from: ['oferecido'], to: 'expirado', may: schedule, gone: 'Esta oferta já foi respondida.' },
    sair: { from: ['aguardando', 'oferecido'], to: 'cancelado', may: waiter, gone: 'Você já não está nesta lista.' },
  },
});

export const WAIT_TABLE = { table: schema.appointmentWaits, id: schema.appointmentWaits.id, state: schema.appointmentWaits.state };
