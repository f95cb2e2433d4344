import { z } from 'zod';
import { DbId, storableText } from './common.ts';
import { ACCESS_LEVEL_ORDER } from './identity.ts';
import { RequestForm } from './request-forms.ts';

/**
 * A citizen's request of a service (issues 27 and 28, Lei 14.129 art. 20–21): /v1/solicitacoes for the citizen,
 * /v1/gestao/solicitacoes for the department. Its states are the requests' workflow's
 * (apps/server/src/modules/requests/requests.workflow.ts).
 */
export const REQUEST_STATES = ['rascunho', 'enviada', 'em_analise', 'aguardando_cidadao', 'concluida', 'indeferida', 'cancelada'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** How each state reads to the citizen ('Solicitações') and to staff. */
export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  rascunho: 'Rascunho',
  enviada: 'Enviada',
  em_analise: 'Em análise',
  aguardando_cidadao: 'Aguardando você',
  concluida: 'Concluída',
  indeferida: 'Indeferida',
  cancelada: 'Cancelada',
};

/** How each state reads to the department's staff: the same words but the citizen's own 'Aguardando você'. */
export const STAFF_STATE_LABELS: Record<RequestState, string> = { ...REQUEST_STATE_LABELS, aguardando_cidadao: 'Aguardando o cidadão' };

export const REQUEST_ACTIONS = [
  'salvar',
  'descartar',
  'enviar',
  'desistir',
  'assumir',
  'avancar_etapa',
  'pedir_informacao',
  'responder',
  'deferir',
  'indeferir',
  'cancelar_duplicada',
] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

/** What the state already knows of the citizen (Lei 14.129's once-only principle): shown, never asked. */
export const KnownData = z.object({ name: z.string(), cpf: z.string(), email: z.string(), phone: z.string(), birthDate: z.string() });
export type KnownData = z.infer<typeof KnownData>;

export const RequestFile = z.object({
  id: z.number().int(),
  question: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type RequestFile = z.infer<typeof RequestFile>;

export const RequestEvent = z.object({
  at: z.string(),
  /** 'estado', 'etapa', 'mensagem', 'resposta', 'documento' */
  kind: z.string(),
  /** what happened, in Portuguese */
  title: z.string(),
  message: z.string(),
  by: z.string(),
});
export type RequestEvent = z.infer<typeof RequestEvent>;

export const RequestSummary = z.object({
  id: z.number().int(),
  /** readable over the phone, e.g. 2026-DETRAN-004211; null until sent */
  protocol: z.string().nullable(),
  service: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), categorySlug: z.string(), department: z.string() }),
  state: z.enum(REQUEST_STATES),
  /** the service's step it is in, and since when */
  step: z.object({ index: z.number().int(), name: z.string(), since: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  /** the day the service promises an answer by (business days), while it is open */
  deadline: z.string().nullable(),
  /** a draft is kept until this day */
  expiresAt: z.string().nullable(),
  /** what the citizen must do now, if anything */
  todo: z.enum(['continuar', 'responder', 'avaliar']).nullable(),
  /** the department's last message to the citizen */
  lastMessage: z.string().nullable(),
});
export type RequestSummary = z.infer<typeof RequestSummary>;

export const RequestDetail = RequestSummary.extend({
  form: RequestForm,
  /** the service's own steps (art. 21: 'suas principais etapas'); `step.index` says which it is in */
  serviceSteps: z.array(z.string()),
  /** the published version of the form it is filled with */
  formVersion: z.number().int(),
  /** a newer version of the service's form was published since this draft began: what changed */
  formChanged: z.string().nullable(),
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  files: z.array(RequestFile),
  known: KnownData,
  events: z.array(RequestEvent),
  /** what the caller may do with it now (its workflow's answer) */
  actions: z.array(z.enum(REQUEST_ACTIONS)),
  /** a document issued on conclusion (issue 28) */
  documents: z.array(z.object({ code: z.string(), title: z.string(), issuedAt: z.string(), revoked: z.boolean() })),
  /** the citizen's verified rating of the service, once given */
  rating: z.number().int().nullable(),
  /**
   * answers a page's form post sent that were refused or not yet checked (a file added or removed meanwhile), with
   * each field's problem: the page shows them again, filled in, instead of losing what was typed
   */
  pending: z
    .object({ page: z.string(), typed: z.record(z.string(), z.union([z.string(), z.array(z.string())])), errors: z.array(z.object({ field: z.string(), message: z.string() })) })
    .nullable(),
});
export type RequestDetail = z.infer<typeof RequestDetail>;

export const RequestList = z.object({ requests: z.array(RequestSummary) });
export type RequestList = z.infer<typeof RequestList>;

export const RequestParams = z.object({ id: DbId('Solicitação inválida.') });
export const RequestPageParams = RequestParams.extend({ page: z.string().regex(/^[a-z][a-z0-9_]*$/, 'Página inválida.').max(60) });
export const RequestFileParams = RequestParams.extend({ file: DbId('Arquivo inválido.') });

/** POST /v1/solicitacoes: start (or go on with) a request of this service. */
export const StartRequest = z.object({ service: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Serviço inválido.').max(120) });

const AnswerValue = z.union([storableText('Resposta').max(10_000, 'Resposta longa demais.'), z.array(storableText('Resposta').max(300)).max(50)]);
/** PUT /v1/solicitacoes/{id}/paginas/{page}: the page's answers, as typed (checked against the form's version). */
export const PageAnswers = z.object({ answers: z.record(z.string().max(60), AnswerValue).refine((answers) => Object.keys(answers).length <= 60, 'Respostas demais.') });

/**
 * A refusal of a page's answers: the message, and each field's problem (the error summary links to them); a body
 * that is not a page's answers at all is refused without `fields`.
 */
export const FieldErrors = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string(), page: z.string().optional() })).optional(),
});
export type FieldErrors = z.infer<typeof FieldErrors>;

export const SendRequest = z.object({ declaration: z.literal('aceito', { error: 'Para enviar, marque a declaração.' }) });
export const ReplyRequest = z.object({ message: storableText('Resposta').trim().min(1, 'Escreva a sua resposta.').max(5_000, 'Resposta: no máximo 5.000 caracteres.') });
export const WithdrawRequest = z.object({ reason: storableText('Motivo').trim().max(1_000, 'Motivo: no máximo 1.000 caracteres.').default('') });
export const RequestRating = z.object({ value: z.coerce.number().int('A avaliação vai de 1 a 5.').min(1, 'A avaliação vai de 1 a 5.').max(5, 'A avaliação vai de 1 a 5.') });

/** Whether an account's level (its highest: opala > ouro > prata > bronze) reaches the one a service asks. */
export function reachesLevel(have: string | null, required: string | null): boolean {
  if (!required) return true;
  const need = ACCESS_LEVEL_ORDER.indexOf(required.toLowerCase() as (typeof ACCESS_LEVEL_ORDER)[number]);
  const own = have ? ACCESS_LEVEL_ORDER.indexOf(have.toLowerCase() as (typeof ACCESS_LEVEL_ORDER)[number]) : -1;
  return need < 0 || (own >= 0 && own <= need);
}

/** What a citizen reads when their account's level is below the service's, and how to raise it. */
export const levelMessage = (required: string) =>
  `Este serviço pede uma conta gov.pi nível ${required.toLowerCase()} ou maior. Para subir o nível da sua conta, valide seus dados no Acesso Cidadão (com o aplicativo gov.br ou num posto Espaço da Cidadania) e entre de novo.`;

// ---------------------------------------------------------------------------------------------------------
// The department's side (issue 28): /v1/gestao/solicitacoes, for the department's attendants, reviewers and the
// central team; and what a citizen reads of who opened her data (/v1/meus-dados/acessos).
// ---------------------------------------------------------------------------------------------------------

/** The states a department's queue lists (a draft is the citizen's alone). */
export const QUEUE_STATES = REQUEST_STATES.filter((s) => s !== 'rascunho') as Exclude<RequestState, 'rascunho'>[];
export const QUEUE_PAGE_SIZE = 25;
/** The overdue are counted up to this many; one more means 'more than' (a count that stays cheap at any size). */
export const OVERDUE_COUNT_CAP = 1000;

/** GET /v1/gestao/solicitacoes: filters of the queue, as a GET form sends them. */
export const QueueQuery = z.object({
  estado: z.enum(QUEUE_STATES as [string, ...string[]], { error: 'Situação inválida.' }).optional(),
  servico: DbId('Serviço inválido.').optional(),
  /** 'eu': assigned to the caller; 'ninguem': not yet claimed */
  responsavel: z.enum(['eu', 'ninguem'], { error: 'Responsável inválido.' }).optional(),
  /** 'atrasadas': past their deadline and still open */
  prazo: z.enum(['atrasadas'], { error: 'Prazo inválido.' }).optional(),
  /** a protocol, a CPF (with or without dots) or part of the citizen's name */
  busca: storableText('Busca').trim().max(100, 'Busca: no máximo 100 caracteres.').optional(),
  pagina: z.coerce.number({ error: 'Página inválida.' }).int('Página inválida.').min(1, 'Página inválida.').max(100_000, 'Página inválida.').default(1),
});
export type QueueQuery = z.infer<typeof QueueQuery>;

const Assignee = z.object({ sub: z.string(), name: z.string() }).nullable();

export const QueueItem = z.object({
  id: z.number().int(),
  protocol: z.string(),
  service: z.object({ id: z.number().int(), title: z.string() }),
  department: z.string(),
  state: z.enum(REQUEST_STATES),
  step: z.string().nullable(),
  citizenName: z.string(),
  /** masked: ***.456.789-** (the whole number only inside the request) */
  citizenCpf: z.string(),
  submittedAt: z.string(),
  /** the day it is due by (business days, moved by the days spent waiting for the citizen); null: no deadline */
  dueOn: z.string().nullable(),
  /** business days left (negative: overdue by so many), while open and not waiting for the citizen */
  daysLeft: z.number().int().nullable(),
  assignee: Assignee,
});
export type QueueItem = z.infer<typeof QueueItem>;

export const Queue = z.object({
  items: z.array(QueueItem),
  /** how many the list has, when only the state narrows it (null with other filters: a million rows are not counted) */
  total: z.number().int().nullable(),
  /** whether another page follows */
  more: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** how many requests each state has in the caller's departments, whatever the other filters */
  counts: z.record(z.string(), z.number().int()),
  /** open requests past their deadline, counted up to OVERDUE_COUNT_CAP + 1 (which reads 'more than the cap') */
  overdue: z.number().int(),
  /** the services the caller's departments receive requests of (the service filter's choices) */
  services: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type Queue = z.infer<typeof Queue>;

/** A request as the department works it: what the citizen sees, and the internal notes, whose it is and since when. */
export const StaffRequestDetail = RequestDetail.extend({
  department: z.object({ slug: z.string(), shortName: z.string() }),
  assignee: Assignee,
  dueOn: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  pausedDays: z.number().int(),
  /** the department's other attendants, to whom a lead may give it */
  attendants: z.array(z.object({ sub: z.string(), name: z.string() })),
  /** whether the caller may give it to someone else (the department's reviewers, the central team) */
  mayAssign: z.boolean(),
});
export type StaffRequestDetail = z.infer<typeof StaffRequestDetail>;

const say = (what: string, max: number) => storableText(what).trim().min(1, `Escreva ${what.toLowerCase()}.`).max(max, `${what}: no máximo ${max.toLocaleString('pt-BR')} caracteres.`);

/**
 * Why a request was refused, as the public panel counts it (issue 30): the attendant picks one, and writes the
 * citizen the message (private). 'outro' when none fits, and for API clients that do not say.
 */
export const REFUSAL_REASONS = {
  documentacao: 'Documentação incompleta ou inválida',
  requisitos: 'Não cumpre os requisitos do serviço',
  sem_resposta: 'O cidadão não enviou o que foi pedido',
  fora_do_prazo: 'Pedido fora do prazo ou do período',
  outro: 'Outro motivo',
} as const;
export type RefusalReason = keyof typeof REFUSAL_REASONS;
export const REFUSAL_REASON_KEYS = Object.keys(REFUSAL_REASONS) as [RefusalReason, ...RefusalReason[]];

/** POST /v1/gestao/solicitacoes/{id}/acoes: one thing done to the request, each with what it needs. */
export const StaffAction = z.discriminatedUnion(
  'acao',
  [
    z.object({ acao: z.literal('assumir') }),
    z.object({ acao: z.literal('atribuir'), responsavel: z.string().trim().min(1, 'Escolha a quem atribuir.').max(200, 'Escolha a quem atribuir.') }),
    z.object({ acao: z.literal('avancar_etapa'), mensagem: storableText('Mensagem').trim().max(2_000, 'Mensagem: no máximo 2.000 caracteres.').default('') }),
    z.object({ acao: z.literal('pedir_informacao'), mensagem: say('O que o cidadão deve enviar', 2_000) }),
    z.object({
      acao: z.literal('deferir'),
      mensagem: say('A mensagem ao cidadão', 2_000),
      documentoTitulo: storableText('Título do documento').trim().max(120, 'Título do documento: no máximo 120 caracteres.').default(''),
      documentoTexto: storableText('Texto do documento').trim().max(5_000, 'Texto do documento: no máximo 5.000 caracteres.').default(''),
    }),
    z.object({
      acao: z.literal('indeferir'),
      mensagem: say('O motivo', 2_000),
      motivo: z.enum(REFUSAL_REASON_KEYS, { error: 'Escolha um dos motivos de indeferimento da lista.' }).default('outro'),
    }),
    z.object({ acao: z.literal('cancelar_duplicada'), protocolo: z.string().trim().regex(/^\d{4}-[A-Z]{1,12}-\d{6}$/, 'Informe o protocolo da solicitação que fica, como 2026-DETRAN-000123.') }),
    z.object({ acao: z.literal('mensagem'), mensagem: say('A mensagem', 2_000) }),
    z.object({ acao: z.literal('nota'), mensagem: say('A nota', 2_000) }),
  ],
  { error: 'Ação inválida.' },
);
export type StaffAction = z.infer<typeof StaffAction>;

/** One look of a member of staff at a citizen's data, as the citizen reads it ('Quem acessou meus dados'). */
export const DataAccess = z.object({
  at: z.string(),
  /** the member of staff's name */
  who: z.string(),
  department: z.string(),
  /** what was opened, in Portuguese: 'Abriu a solicitação', 'Abriu o arquivo "rg.pdf"' */
  what: z.string(),
  /** in the course of which request */
  request: z.object({ id: z.number().int(), protocol: z.string(), service: z.string() }).nullable(),
});
export type DataAccess = z.infer<typeof DataAccess>;
export const DataAccessList = z.object({ accesses: z.array(DataAccess) });
export type DataAccessList = z.infer<typeof DataAccessList>;

// ---------------------------------------------------------------------------------------------------------
// Days without office hours (issue 28): a department's, or the whole state's, that deadlines count over as over a
// holiday. /v1/gestao/fechamentos, kept by the department's leads and the central team.
// ---------------------------------------------------------------------------------------------------------

/** POST /v1/gestao/fechamentos: a day a department (or, from the central team, every department) does not open. */
export const ClosureInput = z.object({
  /** the department's slug; 'estado' (the central team only): every department */
  orgao: z.string({ error: 'Escolha o órgão.' }).trim().min(1, 'Escolha o órgão.').max(80, 'Órgão inválido.'),
  dia: z.iso.date({ error: 'Dia: use uma data válida (aaaa-mm-dd).' }),
  motivo: say('O motivo', 200),
});
export type ClosureInput = z.infer<typeof ClosureInput>;
export const ClosureParams = z.object({ id: DbId('Fechamento inválido.') });

export const Closure = z.object({
  id: z.number().int(),
  day: z.string(),
  reason: z.string(),
  /** null: every department */
  department: z.object({ slug: z.string(), shortName: z.string() }).nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** open requests whose deadline this closure moved by a business day when it was added */
  moved: z.number().int().optional(),
  /** appointments at the department's units that day, cancelled (their citizens told) when it was added */
  cancelled: z.number().int().optional(),
});
export type Closure = z.infer<typeof Closure>;

/** GET /v1/gestao/fechamentos: the closures from today on of the departments the caller keeps, and the state's. */
export const ClosureList = z.object({
  closures: z.array(Closure),
  /** the departments the caller may close */
  departments: z.array(z.object({ slug: z.string(), shortName: z.string() })),
  /** whether the caller may close every department at once (the central team) */
  mayCloseState: z.boolean(),
  /** today, in Piauí: the earliest day that may be closed */
  today: z.string(),
});
export type ClosureList = z.infer<typeof ClosureList>;
