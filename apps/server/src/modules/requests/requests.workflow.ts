import { REQUEST_STATES, type RequestAction, type RequestState } from '@portal/contracts';
import { schema } from '@portal/db';
import { defineWorkflow, type Guard } from '../../lib/workflow.ts';
import { canAttend, type Staff } from '../gestao/roles.ts';

/**
 * The workflow of a citizen's request of a service (issues 27 and 28): the one table of its states, the
 * transitions between them and who may make each. Routes and jobs ask it (`requests.check`,
 * `transition(…, requests, REQUEST_TABLE, …)`); nothing else compares a request's state.
 *
 *   rascunho ──enviar──▶ enviada ──assumir──▶ em_analise ──deferir──▶ concluida
 *     │ salvar ↺            │                    │ ▲  │ avancar_etapa ↺
 *     └ descartar (apaga)   │                    │ │  └──indeferir──▶ indeferida
 *                           │                    │ └responder── aguardando_cidadao ◀──pedir_informacao┘
 *   enviada, em_analise, aguardando_cidadao ──desistir (cidadão)──▶ cancelada
 *   enviada, em_analise ──cancelar_duplicada (atendente)──▶ cancelada
 */

/** Who acts: the citizen who made the request, a member of the department's staff, or the portal's own schedule. */
export type RequestActor = { citizen: string } | { staff: Staff } | 'agenda';

/** What the guards read of a request: whose it is and which department works it. */
export interface RequestFacts {
  citizenSub: string;
  departmentSlug: string;
}

const owner: Guard<RequestActor, RequestFacts> = (actor, request) =>
  typeof actor === 'object' && 'citizen' in actor && actor.citizen === request.citizenSub ? true : 'Só quem fez a solicitação pode fazer isto.';
const attendant: Guard<RequestActor, RequestFacts> = (actor, request) =>
  typeof actor === 'object' && 'staff' in actor && canAttend(actor.staff, request.departmentSlug) ? true : 'Só quem atende as solicitações deste órgão pode fazer isto.';

const SENT_AGAIN = 'Esta solicitação já foi enviada.';
const NOT_IN_ANALYSIS = 'A solicitação não está mais em análise: outra pessoa pode ter agido nela agora mesmo.';

export const requests = defineWorkflow<RequestState, RequestAction, RequestActor, RequestFacts>({
  name: 'solicitação',
  states: REQUEST_STATES,
  open: ['enviada', 'em_analise', 'aguardando_cidadao'],
  transitions: {
    salvar: { from: ['rascunho'], to: 'rascunho', may: owner, gone: `${SENT_AGAIN} As respostas não mudam depois do envio.` },
    descartar: { from: ['rascunho'], to: 'rascunho', may: owner, gone: `${SENT_AGAIN} Para não seguir com ela, desista da solicitação.` },
    enviar: { from: ['rascunho'], to: 'enviada', may: owner, gone: SENT_AGAIN },
    assumir: { from: ['enviada'], to: 'em_analise', may: attendant, gone: 'Esta solicitação já foi assumida por outra pessoa.' },
    avancar_etapa: { from: ['em_analise'], to: 'em_analise', may: attendant, gone: NOT_IN_ANALYSIS },
    pedir_informacao: { from: ['em_analise'], to: 'aguardando_cidadao', may: attendant, gone: NOT_IN_ANALYSIS },
    responder: { from: ['aguardando_cidadao'], to: 'em_analise', may: owner, gone: 'O órgão não está aguardando uma resposta sua nesta solicitação.' },
    deferir: { from: ['em_analise'], to: 'concluida', may: attendant, gone: NOT_IN_ANALYSIS },
    indeferir: { from: ['em_analise'], to: 'indeferida', may: attendant, gone: NOT_IN_ANALYSIS },
    desistir: { from: ['enviada', 'em_analise', 'aguardando_cidadao'], to: 'cancelada', may: owner, gone: 'Esta solicitação já foi encerrada.' },
    cancelar_duplicada: { from: ['enviada', 'em_analise'], to: 'cancelada', may: attendant, gone: 'Esta solicitação já foi encerrada.' },
  },
});

/** The requests' table as the workflow moves its rows. */
export const REQUEST_TABLE = { table: schema.serviceRequests, id: schema.serviceRequests.id, state: schema.serviceRequests.state };

/** The states a request ends in: the citizen is asked to rate the service. */
export const CLOSED: readonly RequestState[] = [requests.transitions.deferir.to, requests.transitions.indeferir.to, requests.transitions.desistir.to];
/** The ends in which the citizen used the service (a verified rating): concluded or refused, not withdrawn. */
export const RATEABLE: readonly RequestState[] = [requests.transitions.deferir.to, requests.transitions.indeferir.to];
