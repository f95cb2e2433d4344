import { z } from 'zod';
import { DbId, Slug, STORABLE_TEXT } from './common.ts';
import { CatalogItem, StepFee } from './catalog.ts';
import { isSafeLink } from './links.ts';
import { RequestForm } from './request-forms.ts';

// The editorial back office (issue 15): /v1/gestao. Each department edits its own services' content as
// versions that go from draft to review to publication (apps/server/src/modules/gestao).

/**
 * The back-office roles among a token's realm roles: `gestao:admin` (the central team), `gestao:editor:<department
 * slug>`, `gestao:revisor:<department slug>`, `gestao:atendente:<department slug>` (works the department's
 * requests, issue 28). The one reading of them, for the server's checks and the header's link.
 */
export function gestaoRoles(roles: readonly string[]) {
  const found = { admin: false, editorOf: new Set<string>(), reviewerOf: new Set<string>(), attendantOf: new Set<string>(), deskOf: new Set<string>() };
  const sets = { editor: found.editorOf, revisor: found.reviewerOf, atendente: found.attendantOf, atendimento: found.deskOf };
  for (const role of roles) {
    if (role === 'gestao:admin') found.admin = true;
    const match = /^gestao:(editor|revisor|atendente|atendimento):([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(role);
    if (match) sets[match[1] as keyof typeof sets].add(match[2]!);
  }
  return found;
}

/** Whether the roles give a place in the back office (the server checks each action; the header only shows the way in). */
export function hasGestaoRole(roles: readonly string[]) {
  const found = gestaoRoles(roles);
  return found.admin || found.editorOf.size > 0 || found.reviewerOf.size > 0 || found.attendantOf.size > 0 || found.deskOf.size > 0;
}

/** Who a service is for (targets), as the search's audience filter names them. */
export const SERVICE_AUDIENCES = ['cidadao', 'servidor', 'empresa'] as const;

/** The access levels a service may require (access_profiles), lowest first. */
export const SERVICE_ACCESS_LEVELS = ['BRONZE', 'PRATA', 'OURO', 'OPALA'] as const;

const text = (what: string, max: number) =>
  z
    .string({ error: `${what}: envie um texto.` })
    .regex(STORABLE_TEXT, `${what}: o texto contém caracteres inválidos.`)
    .max(max, `${what}: no máximo ${max} caracteres.`);
const list = (what: string, maxItems: number, maxLength: number) =>
  z.array(text(what, maxLength).trim().min(1, `${what}: um item está vazio.`), { error: `${what}: envie uma lista.` }).max(maxItems, `${what}: no máximo ${maxItems} itens.`);

export const ServiceStepContent = z.object({
  name: text('Nome da etapa', 200).trim().min(1, 'Dê um nome a cada etapa.'),
  description: text('Descrição da etapa', 2_000),
  channel: z.enum(['online', 'presencial'], { error: 'Canal da etapa: escolha online ou presencial.' }),
  /** rich text, sanitised on every write */
  htmlContent: text('Detalhes da etapa', 10_000),
  documents: list('Documentos da etapa', 50, 300),
  /** what the step costs; left out when nothing (so content written before fees compares equal) */
  fees: z.array(StepFee).max(10, 'No máximo 10 custos por etapa.').optional(),
});
export type ServiceStepContent = z.infer<typeof ServiceStepContent>;

export const ServiceInfoContent = z.object({
  title: text('Título do bloco de informação', 200).trim().min(1, 'Dê um título a cada bloco de informação.'),
  /** rich text, sanitised on every write */
  text: text('Texto do bloco de informação', 10_000),
  /** the block's icon on the service's page (the catalog's names, as 'calendar-check'); left out: the default */
  icon: text('Ícone do bloco de informação', 60).regex(/^[a-z0-9-]*$/, 'Ícone do bloco de informação inválido.').optional(),
});

/** A fact's source: 'cost', 'estimatedTime' or 'document:<name>', the act that sets it, and until when it holds. */
export const FactSource = z.object({
  fact: text('Fato', 320).regex(/^(cost|estimatedTime|document:.+)$/, 'Fato inválido: custo, prazo ou um documento.'),
  source: text('Base legal', 300).trim().min(1, 'Informe a base legal (por exemplo: Portaria DETRAN-PI nº 12/2026).'),
  validUntil: z.union([z.iso.date({ error: 'Validade: use uma data (aaaa-mm-dd).' }), z.literal('')]),
});
export type FactSource = z.infer<typeof FactSource>;

/** What a department edits of a service: every field the citizen reads on its page. */
export const ServiceContent = z
  .object({
    title: text('Título', 200).trim(),
    /** rich text, sanitised on every write */
    description: text('Descrição', 20_000),
    cost: text('Custo', 500).trim(),
    isFree: z.boolean({ error: 'Informe se o serviço é gratuito.' }),
    estimatedTime: text('Prazo', 200).trim(),
    isOnline: z.boolean({ error: 'Informe se o serviço é online.' }),
    isSelfService: z.boolean({ error: 'Informe se o serviço é autosserviço.' }),
    accessLevel: z.enum(SERVICE_ACCESS_LEVELS, { error: 'Nível de acesso: escolha bronze, prata, ouro ou opala.' }).nullable(),
    link: text('Link', 2_000).trim(),
    /** the fields the service's digital channel receives by POST when the citizen follows the link (spec §5: catalogDataRow) */
    dataRows: z
      .array(z.object({ name: text('Nome do campo do formulário', 200).trim().min(1, 'Dê um nome a cada campo do formulário.'), value: text('Valor do campo do formulário', 2_000) }))
      .max(50, 'No máximo 50 campos de formulário.'),
    /** the category's slug (one that lists services by category, not an audience page) */
    category: text('Categoria', 120).trim().min(1, 'Escolha a categoria do serviço.'),
    audiences: z.array(z.enum(SERVICE_AUDIENCES, { error: 'Público: cidadão, servidor ou empresa.' })).max(3, 'No máximo 3 públicos.'),
    steps: z.array(ServiceStepContent).max(50, 'No máximo 50 etapas.'),
    info: z.array(ServiceInfoContent).max(20, 'No máximo 20 blocos de informação.'),
    /** slugs of the department's units where it is offered in person */
    units: z.array(Slug).max(200, 'No máximo 200 unidades.'),
    popularNames: list('Nomes populares', 30, 120),
    tags: list('Palavras-chave', 30, 60),
    /** the legal basis of key facts (cost, deadline, each document) and until when it holds */
    sources: z.array(FactSource).max(100, 'No máximo 100 bases legais.').default([]),
    /**
     * the form citizens fill in to request the service in the portal (issue 27); null: not requested here. Left out
     * of a save, the draft keeps the one it has: the service's edit form and the form builder each save their own part
     */
    requestForm: RequestForm.nullable().optional(),
    /** the business days the department promises an answer in (issue 28); null: no promise written; left out: kept */
    deadlineDays: z.number().int('Prazo em dias úteis: um número inteiro.').min(1, 'Prazo: ao menos 1 dia útil.').max(365, 'Prazo: no máximo 365 dias úteis.').nullable().optional(),
  })
  .meta({ id: 'ServiceContent' });
export type ServiceContent = z.infer<typeof ServiceContent>;

export const VERSION_STATES = ['rascunho', 'em_revisao', 'devolvido', 'aprovado', 'publicado', 'substituido', 'descartado'] as const;
export type VersionState = (typeof VERSION_STATES)[number];
/**
 * What can be done to a version (apps/server/src/modules/gestao/versions.workflow.ts declares who may do each and
 * from which states); a version's `actions` are those its reader may do now, the buttons a page shows.
 */
export const VERSION_ACTIONS = [
  'salvar',
  'enviar',
  'retirar_da_revisao',
  'devolver',
  'aprovar',
  'cancelar_agendamento',
  'publicar',
  'publicar_urgente',
  'descartar',
  'substituir',
] as const;
export type VersionAction = (typeof VERSION_ACTIONS)[number];

/** A problem a check found: which field, and what to do, in Portuguese. */
export const CheckIssue = z.object({ field: z.string(), message: z.string() });
export type CheckIssue = z.infer<typeof CheckIssue>;
export const CheckResult = z.object({ blocking: z.array(CheckIssue), warnings: z.array(CheckIssue) });
export type CheckResult = z.infer<typeof CheckResult>;

const GestaoDepartment = z.object({ id: z.number().int(), slug: z.string(), shortName: z.string() });

export const VersionSummary = z.object({
  id: z.number().int(),
  state: z.enum(VERSION_STATES),
  changeNote: z.string(),
  reviewComment: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  reviewedByName: z.string(),
  reviewedAt: z.string().nullable(),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type VersionSummary = z.infer<typeof VersionSummary>;

/** One field that differs between two versions: its name as the form shows it, before and after, as text. */
export const FieldChange = z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string() });
export type FieldChange = z.infer<typeof FieldChange>;

/** One entry of the conversation about a version: a reviewer's return, a comment, an expert's reply. */
export const VersionComment = z.object({
  kind: z.enum(['devolucao', 'comentario', 'especialista']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type VersionComment = z.infer<typeof VersionComment>;

/** A preview link made for a subject expert without an account (issue 26): its address was shown once, at its making. */
export const ExpertLink = z.object({
  id: z.number().int(),
  expertName: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** whether it still opens the preview (neither expired nor revoked) */
  active: z.boolean(),
  revoked: z.boolean(),
  /** how many replies came through it */
  replies: z.number().int(),
});
export type ExpertLink = z.infer<typeof ExpertLink>;

/** The days a preview link may last. */
export const EXPERT_LINK_DAYS = [3, 7, 14, 30] as const;

export const ExpertLinkRequest = z.object({
  expertName: text('Nome de quem vai ler', 120).trim().min(3, 'Escreva o nome de quem vai ler a prévia (ao menos 3 letras).'),
  days: z.coerce
    .number({ message: 'Escolha por quantos dias o link vale.' })
    .int()
    .refine((days) => (EXPERT_LINK_DAYS as readonly number[]).includes(days), 'Escolha por quantos dias o link vale: 3, 7, 14 ou 30.'),
});
export type ExpertLinkRequest = z.infer<typeof ExpertLinkRequest>;

/** A link just made: the only time its token is told. */
export const ExpertLinkCreated = z.object({ link: ExpertLink, token: z.string() });
export type ExpertLinkCreated = z.infer<typeof ExpertLinkCreated>;

export const ExpertLinkParams = z.object({ id: DbId('Serviço inválido.'), link: DbId('Link inválido.') });

/** The token of a preview link, as its address carries it. */
export const ExpertTokenParams = z.object({ token: z.string().regex(/^[0-9a-f]{48}$/, 'Link de prévia inválido.') });

/** What a subject expert reads through a preview link: the change as citizens will read it, and what it changes. */
export const ExpertPreview = z.object({
  expertName: z.string(),
  departmentName: z.string(),
  expiresAt: z.string(),
  item: CatalogItem,
  changes: z.array(FieldChange),
  /** what came through this link before */
  replies: z.array(z.object({ body: z.string(), createdAt: z.string() })),
});
export type ExpertPreview = z.infer<typeof ExpertPreview>;

export const ExpertReplyRequest = z.object({
  body: text('Resposta', 4_000).trim().min(3, 'Escreva sua resposta.'),
});

export const VersionDetail = VersionSummary.extend({
  content: ServiceContent,
  checks: CheckResult,
  /** what the caller may do with this version now (its workflow's answer) */
  actions: z.array(z.enum(VERSION_ACTIONS)),
  /** the conversation about it, oldest first */
  comments: z.array(VersionComment),
  /** what it changes in the published content, field by field (what the reviewer decides on) */
  changes: z.array(FieldChange),
  /** what changed since a reviewer last returned it, field by field; null when it was never returned */
  sinceReturned: z.array(FieldChange).nullable(),
  /** the preview links made for experts outside, newest first */
  expertLinks: z.array(ExpertLink),
});
export type VersionDetail = z.infer<typeof VersionDetail>;

/** What the caller may do with a service (the buttons a page shows; the server checks again on each call). */
export const GestaoPermissions = z.object({ edit: z.boolean(), review: z.boolean(), admin: z.boolean() });

export const GestaoServiceSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  department: GestaoDepartment,
  open: VersionSummary.pick({ id: true, state: true, updatedAt: true, publishAt: true }).nullable(),
  /** whether the caller may put something into its draft now (none, or one not with the review) */
  draftable: z.boolean(),
});
export const GestaoServiceList = z.object({ services: z.array(GestaoServiceSummary) });
export type GestaoServiceList = z.infer<typeof GestaoServiceList>;

export const GestaoService = z.object({
  id: z.number().int(),
  slug: z.string(),
  department: GestaoDepartment,
  live: ServiceContent,
  open: VersionDetail.nullable(),
  /** the department's units, which a draft may list */
  units: z.array(z.object({ slug: z.string(), name: z.string() })),
  /** the categories a service may be in */
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  can: GestaoPermissions,
  /** on line or withdrawn, and the date by which the department confirms its content is still true */
  status: z.object({ active: z.boolean(), discontinuedReason: z.string(), replacedBy: z.string().nullable(), replacedByTitle: z.string().nullable(), reviewBy: z.string() }),
  /** the services that may take its place if it is withdrawn, by title (for those who may withdraw it; empty otherwise) */
  replacements: z.array(z.object({ slug: z.string(), title: z.string() })),
  /** a version the central team published without review, waiting for a reviewer's confirmation */
  emergencyPending: z.number().int().nullable(),
});
export type GestaoService = z.infer<typeof GestaoService>;

export const GestaoServiceParams = z.object({ id: DbId('Serviço inválido.') });
export const GestaoVersionParams = GestaoServiceParams.extend({ version: DbId('Versão inválida.') });
export const GestaoCompareParams = GestaoServiceParams.extend({ from: DbId('Versão inválida.'), to: DbId('Versão inválida.') });

export const SubmitRequest = z.object({
  changeNote: text('Nota da alteração', 1_000).trim().min(1, 'Escreva a nota da alteração: o que mudou e por quê.'),
});
export const CommentRequest = z.object({
  body: text('Comentário', 2_000).trim().min(1, 'Escreva o comentário.'),
});
export const ReturnRequest = z.object({
  comment: text('Comentário', 2_000).trim().min(1, 'Escreva o que precisa ser corrigido.'),
});
export const ApproveRequest = z.object({
  /** when it goes live; omitted or past: now */
  publishAt: z.iso.datetime({ offset: true, error: 'Data de publicação inválida: use data e hora completas.' }).optional(),
});

export const VersionHistory = z.object({ versions: z.array(VersionSummary) });

export const VersionComparison = z.object({ from: z.number().int(), to: z.number().int(), changes: z.array(FieldChange) });

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorName: z.string(),
  actorSub: z.string(),
  address: z.string(),
  action: z.string(),
  serviceId: z.number().int().nullable(),
  /** the service's title now, when the entry concerns one */
  serviceTitle: z.string().nullable(),
  versionId: z.number().int().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export const AuditLog = z.object({ entries: z.array(AuditEntry) });
export type AuditLog = z.infer<typeof AuditLog>;

/** GET /v1/catalog/{slug}/mudancas: what changed in the service's key facts, newest first (public). */
export const ServiceChangeLog = z.object({
  changes: z.array(z.object({ publishedAt: z.string(), changes: z.array(FieldChange) })),
});
export type ServiceChangeLog = z.infer<typeof ServiceChangeLog>;

export const RetireRequest = z.object({
  reason: text('Motivo', 1_000).trim().min(1, 'Escreva o motivo: os cidadãos o leem na página do serviço.'),
  /** the service that takes its place (its page links there) */
  replacedBy: z.union([Slug, z.literal('')]).optional(),
});
export const EmergencyRequest = SubmitRequest;

const DashboardItem = z.object({ id: z.number().int(), slug: z.string(), title: z.string(), department: GestaoDepartment, date: z.string(), detail: z.string().default('') });
/** GET /v1/gestao/painel: what needs the department's attention. */
export const GestaoDashboard = z.object({
  /** changes of the caller's departments waiting for a review the caller may make (not their own) */
  awaitingReview: z.array(DashboardItem),
  /** the caller's changes a reviewer returned */
  returnedToYou: z.array(DashboardItem),
  overdue: z.array(DashboardItem),
  dueSoon: z.array(DashboardItem),
  emergencies: z.array(DashboardItem),
  /** facts whose legal basis lapses within 30 days, or has lapsed */
  expiringFacts: z.array(DashboardItem),
});
export type GestaoDashboard = z.infer<typeof GestaoDashboard>;

/** GET /v1/catalog/feed: the catalog as the federal portal harvests the states' services (public). */
export const CatalogFeed = z.object({
  generatedAt: z.string(),
  services: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      url: z.string(),
      organization: z.object({ name: z.string(), shortName: z.string(), url: z.string() }),
      popularNames: z.array(z.string()),
      keywords: z.array(z.string()),
      updatedAt: z.string(),
    }),
  ),
});

/** Export and import of services' content for bulk changes: imports arrive as drafts and go through review. */
export const ServiceExport = z.object({ services: z.array(z.object({ slug: Slug, content: ServiceContent })).max(2_000, 'No máximo 2.000 serviços por arquivo.') });
export type ServiceExport = z.infer<typeof ServiceExport>;
export const ImportResult = z.object({ results: z.array(z.object({ slug: z.string(), ok: z.boolean(), message: z.string() })) });

/** GET /v1/gestao/links: the links the checker found broken, with the service that has each. */
export const BrokenLinks = z.object({
  links: z.array(
    z.object({
      url: z.string(),
      status: z.number().int().nullable(),
      problem: z.string(),
      checkedAt: z.string(),
      service: z.object({ id: z.number().int(), title: z.string(), department: z.string() }),
    }),
  ),
  /** the checker itself: every how many hours it runs by schedule (null: only when asked), and when it last looked */
  checker: z.object({ everyHours: z.number().nullable(), lastCheckedAt: z.string().nullable() }),
});
export type BrokenLinks = z.infer<typeof BrokenLinks>;

export const FEEDBACK_STATES = ['novo', 'em_andamento', 'concluido'] as const;
/** GET /v1/gestao/retorno: Simplifique suggestions about the caller's services, and their ratings. */
export const FeedbackInbox = z.object({
  suggestions: z.array(
    z.object({
      id: z.number().int(),
      protocol: z.string(),
      subject: z.string(),
      /** the service the suggestion names, as the portal recognised it */
      service: z.object({ id: z.number().int(), title: z.string(), department: z.string() }),
      /** what the citizen wrote as the service's name */
      named: z.string(),
      message: z.string(),
      createdAt: z.string(),
      status: z.enum(FEEDBACK_STATES),
      versionId: z.number().int().nullable(),
    }),
  ),
  ratings: z.array(z.object({ service: z.object({ id: z.number().int(), title: z.string(), department: z.string() }), count: z.number().int(), average: z.number(), low: z.number().int() })),
});
export type FeedbackInbox = z.infer<typeof FeedbackInbox>;
export const FeedbackParams = z.object({ id: DbId('Sugestão inválida.') });
export const FeedbackUpdate = z.object({
  status: z.enum(FEEDBACK_STATES, { error: 'Situação inválida: novo, em andamento ou concluído.' }),
  /** the published version that resolved it */
  versionId: DbId('Versão inválida.').optional(),
});

/** The department's own page, as its staff edit it. */
export const DepartmentPageContent = z.object({
  name: text('Nome do órgão', 200).trim().min(1, 'Informe o nome do órgão.'),
  description: text('Descrição', 2_000).trim(),
  mission: text('Missão', 2_000).trim(),
  vision: text('Visão', 2_000).trim(),
  values: text('Valores', 2_000).trim(),
  link: z.union([
    z.literal(''),
    text('Site', 500)
      .trim()
      .refine((href) => /^https?:/i.test(href) && isSafeLink(href), 'Site: use um endereço http(s), como https://www.detran.pi.gov.br, sem usuário nem senha.'),
  ]),
});
export type DepartmentPageContent = z.infer<typeof DepartmentPageContent>;

/** One of the department's units (service points): address, hours and where it is on the map. */
export const UnitContent = z.object({
  name: text('Nome da unidade', 200).trim().min(1, 'Informe o nome da unidade.'),
  address: text('Endereço', 300).trim().min(1, 'Informe o endereço da unidade.'),
  district: text('Bairro', 120).trim(),
  complement: text('Complemento', 200).trim(),
  postalCode: z.union([z.literal(''), z.string().trim().regex(/^\d{5}-?\d{3}$/, 'CEP: use 8 números, como 64000-000.')]),
  city: text('Cidade', 120).trim().min(1, 'Informe a cidade.'),
  openingTime: text('Horário de atendimento', 300).trim(),
  phone: text('Telefone', 60).trim(),
  latitude: z.number({ error: 'Latitude: informe um número.' }).min(-11, 'Latitude fora do Piauí.').max(-2, 'Latitude fora do Piauí.').nullable(),
  longitude: z.number({ error: 'Longitude: informe um número.' }).min(-46, 'Longitude fora do Piauí.').max(-40, 'Longitude fora do Piauí.').nullable(),
  active: z.boolean({ error: 'Informe se a unidade está funcionando.' }),
});
export type UnitContent = z.infer<typeof UnitContent>;

export const GestaoDepartmentParams = z.object({ slug: Slug });
export const GestaoUnitParams = GestaoDepartmentParams.extend({ unit: Slug });

export const GestaoDepartmentPage = z.object({
  slug: z.string(),
  shortName: z.string(),
  page: DepartmentPageContent,
  units: z.array(UnitContent.extend({ slug: z.string() })),
  /** staff who may publish (reviewers, central team) change the page and units directly; editors propose unit changes */
  can: z.object({ edit: z.boolean(), propose: z.boolean() }),
  /** unit changes proposed by editors: pending ones (for reviewers to apply or refuse) and the caller's own recent ones */
  proposals: z.array(
    z.object({
      id: z.number().int(),
      /** the unit changed; null for a new unit */
      unit: z.string().nullable(),
      unitName: z.string(),
      changes: z.array(FieldChange),
      proposedByName: z.string(),
      createdAt: z.string(),
      state: z.enum(['pendente', 'aplicada', 'recusada']),
      comment: z.string(),
      /** the caller wrote it (nobody applies their own) */
      own: z.boolean(),
    }),
  ),
});
export type GestaoDepartmentPage = z.infer<typeof GestaoDepartmentPage>;
export const UnitProposalRequest = z.object({ unit: z.union([Slug, z.literal('')]), content: UnitContent });
export const UnitProposalParams = GestaoDepartmentParams.extend({ id: DbId('Proposta inválida.') });
export const UnitProposalRefusal = z.object({ comment: text('Motivo', 1_000).trim() });

// --- search demand (issue 15) -------------------------------------------------------------------------------

const SearchText = text('Texto da busca', 80).trim().min(2, 'Escreva o texto da busca, com 2 letras ou mais.');
const QueryCount = z.object({ query: z.string(), count: z.number().int() });

/** GET /v1/gestao/servicos/{id}/buscas: what citizens searched for before opening the service, and its test searches. */
export const ServiceSearchDemand = z.object({
  /** the period counted, in days up to today */
  days: z.number().int(),
  /** texts (as the search reads them: lower case, no accents) that led citizens to the service, most first */
  arrivals: z.array(QueryCount),
  /** texts the service must keep being found by; `position` is its place in the live results (null: not on the first page) */
  tests: z.array(z.object({ query: z.string(), position: z.number().int().nullable(), createdByName: z.string() })),
});
export type ServiceSearchDemand = z.infer<typeof ServiceSearchDemand>;

/** GET /v1/gestao/buscas-sem-resultado: searches that found nothing, most first, for every department to read. */
export const SearchMisses = z.object({ days: z.number().int(), misses: z.array(QueryCount) });
export type SearchMisses = z.infer<typeof SearchMisses>;

/** A test search to add to or remove from a service. */
export const TestQueryRequest = z.object({ query: SearchText });
/** A popular name proposed from a search: it goes into the service's draft, and through review. */
export const PopularNameRequest = z.object({ name: text('Nome popular', 120).trim().min(2, 'Escreva o nome popular, com 2 letras ou mais.') });

// --- consistency across the catalog (issue 15) ---------------------------------------------------------------

const ServiceMention = z.object({ id: z.number().int(), title: z.string(), department: z.string() });

/** GET /v1/gestao/consistencia (central team): facts that should read the same across services, and do not. */
export const ConsistencyReport = z.object({
  /** names that may name one document, each group led by its most used name */
  documents: z.array(z.object({ names: z.array(z.object({ name: z.string(), services: z.array(ServiceMention) })) })),
  /** units of the same name whose addresses differ */
  units: z.array(
    z.object({
      name: z.string(),
      units: z.array(z.object({ slug: z.string(), department: z.string(), address: z.string(), district: z.string(), city: z.string(), postalCode: z.string(), services: z.number().int() })),
    }),
  ),
});
export type ConsistencyReport = z.infer<typeof ConsistencyReport>;

const DocumentName = text('Nome do documento', 300).trim().min(1, 'Escolha o nome que fica.');
/** One document name for all: each service naming a variant gets a change, sent to its department's review. */
export const MergeDocumentsRequest = z.object({
  canonical: DocumentName,
  variants: z.array(DocumentName, { error: 'Escolha os nomes a substituir.' }).min(1, 'Escolha ao menos um nome a substituir.').max(50, 'No máximo 50 nomes de uma vez.'),
});
export const MergeDocumentsResult = z.object({
  /** services whose change went to review */
  sent: z.array(ServiceMention),
  /** services left as they are, and why (a change already under way) */
  skipped: z.array(ServiceMention.extend({ reason: z.string() })),
});
export type MergeDocumentsResult = z.infer<typeof MergeDocumentsResult>;

/** One address for units that are one place: `source`'s goes to each of `targets`. */
export const MergeUnitsRequest = z.object({
  source: Slug,
  targets: z.array(Slug, { error: 'Escolha as unidades a corrigir.' }).min(1, 'Escolha ao menos uma unidade a corrigir.').max(50, 'No máximo 50 unidades de uma vez.'),
});
export const MergeUnitsResult = z.object({ updated: z.number().int() });
export type MergeUnitsResult = z.infer<typeof MergeUnitsResult>;

/** GET /v1/gestao/servicos/{id}/previa: the change under way (or the published content) as citizens would read it, with its checks. */
export const ServicePreview = z.object({
  item: CatalogItem,
  /** the version shown; null when there is no change under way and the published content is shown */
  version: z.object({ id: z.number().int(), state: z.string() }).nullable(),
  checks: CheckResult,
});
export type ServicePreview = z.infer<typeof ServicePreview>;

// --- the central team's catalog settings (issue 15) ---------------------------------------------------------

/** GET /v1/gestao/catalogo: categories, synonyms and highlighted services, which only the central team changes. */
export const CatalogSettings = z.object({
  categories: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      description: z.string(),
      hidden: z.boolean(),
      orderIndex: z.number().int(),
      /** an audience page (cidadao, servidor, empresa) lists services by audience, not by category */
      audience: z.string().nullable(),
      services: z.number().int(),
    }),
  ),
  synonyms: z.array(z.object({ term: z.string(), expansion: z.string() })),
  /** best bets (issue 25): what other governments or companies provide, and where */
  bestBets: z.array(z.object({ id: z.number().int(), terms: z.array(z.string()), title: z.string(), provider: z.string(), description: z.string(), url: z.string() })),
  highlighted: z.array(ServiceMention.extend({ slug: z.string() })),
});
export type CatalogSettings = z.infer<typeof CatalogSettings>;

export const CategoryContent = z.object({
  name: text('Nome da categoria', 120).trim().min(2, 'Escreva o nome da categoria.'),
  description: text('Descrição da categoria', 500).trim(),
  hidden: z.boolean({ error: 'Informe se a categoria fica oculta.' }),
  orderIndex: z.number({ error: 'Ordem: informe um número.' }).int('Ordem: informe um número inteiro.').min(0, 'Ordem: de 0 a 999.').max(999, 'Ordem: de 0 a 999.'),
});
export type CategoryContent = z.infer<typeof CategoryContent>;
export const CategoryParams = z.object({ slug: Slug });

export const SynonymRequest = z.object({
  term: text('Termo', 60).trim().min(2, 'Escreva o termo que os cidadãos digitam.'),
  expansion: text('Significado', 200).trim().min(2, 'Escreva o que o termo significa no catálogo.'),
});
export const SynonymRemoval = z.object({ term: text('Termo', 60).trim().min(1, 'Escolha o sinônimo.') });

/** A best bet as the central team writes it: `id` changes one, without it a new one is made. */
export const BestBetRequest = z.object({
  id: z.number().int().positive().optional(),
  terms: z
    .array(text('Termo', 60).trim().min(2, 'Cada termo precisa de ao menos 2 letras.'))
    .min(1, 'Escreva ao menos um termo que os cidadãos digitam.')
    .max(20, 'No máximo 20 termos.'),
  title: text('Assunto', 120).trim().min(2, 'Escreva o assunto, por exemplo “Passaporte”.'),
  provider: text('Quem oferece', 120).trim().min(2, 'Escreva quem oferece, por exemplo “Polícia Federal”.'),
  description: text('Orientação', 400).trim().min(10, 'Escreva em uma frase o que fazer e onde.'),
  url: text('Endereço', 500)
    .trim()
    .refine((url) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(url) || /^\/[^\s/]/.test(url), 'Endereço: use um endereço https:// completo ou um caminho do portal que comece com /.'),
});
export type BestBetRequest = z.infer<typeof BestBetRequest>;
export const BestBetRemoval = z.object({ id: z.number({ error: 'Escolha a resposta direta.' }).int().positive('Escolha a resposta direta.') });

export const HighlightRequest = z.object({ slug: Slug, highlighted: z.boolean({ error: 'Informe se o serviço fica em destaque.' }) });
