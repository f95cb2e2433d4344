import { z } from 'zod';
import { storableText } from './common.ts';

// Open data (spec §2, §3 and §7). Field names are Portuguese snake_case like the spec's path parameters
// (exercicio, empenho_codigo, unidade_gestora_codigo, referencia, ...), since these datasets are a
// public contract read by citizens, spreadsheets and the state's other systems. Lists are paginated
// as {count, next, previous, results}, the shape of the state's original transparency API.

export const OPEN_DATA_PAGE_SIZE = 50;
export const OPEN_DATA_MAX_PAGE_SIZE = 500;
/** TRANSFORMAÇÃO DIGITAL - LOG DE USUÁRIOS: the static total of spec §9 */
export const OPEN_DATA_USERS_TOTAL = 2_785_167;

// ----- path parameters -------------------------------------------------------------------------------

export const Exercicio = z
  .string()
  .regex(/^\d{4}$/, 'Exercício inválido: informe o ano com quatro dígitos (ex.: 2025).')
  .transform(Number);
/** A month ('2025-03') or a day ('2025-03-15'); whether the day exists is checked by the service. */
export const ReferenciaPeriodo = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, 'Referência inválida: use AAAA-MM (ex.: 2025-03) ou uma data AAAA-MM-DD.');
export const ReferenciaMes = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Referência inválida: use o mês no formato AAAA-MM (ex.: 2025-03).');
export const EmpenhoCodigo = z
  .string()
  .regex(/^\d{4}ne\d{6}$/i, 'Código de empenho inválido: use o formato AAAANE000000 (ex.: 2025NE000123).')
  .transform((v) => v.toUpperCase());
export const UnidadeGestoraCodigo = z.string().regex(/^\d{6}$/, 'Código de unidade gestora inválido: informe os seis dígitos (ex.: 100101).');
export const ServidorId = z.string().regex(/^\d{1,9}$/, 'Identificador de servidor inválido: informe o número do servidor.').transform(Number);
const OrgaoSlug = z
  .string()
  .max(60, 'Órgão inválido.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Órgão inválido: use o identificador do órgão (ex.: seduc).');
const SearchText = (what: string) => storableText(what).trim().min(2, `${what}: informe ao menos 2 caracteres.`).max(100, `${what}: no máximo 100 caracteres.`);

/**
 * The rule of each placeholder of the open-data URL templates (`{exercicio}`, `{referencia_de}`, ...): the
 * API checks its path parameters with these, and the /dados pages check a citizen's values with the same
 * ones before any call is built, so nothing else (`..`, a slash, a NUL byte) reaches a URL.
 */
export const OPEN_DATA_PARAMS = {
  exercicio: Exercicio,
  referencia_de: ReferenciaPeriodo,
  referencia_ate: ReferenciaPeriodo,
  referencia: ReferenciaMes,
  empenho_codigo: EmpenhoCodigo,
  unidade_gestora_codigo: UnidadeGestoraCodigo,
  id: ServidorId,
} as const satisfies Record<string, z.ZodType<unknown, string>>;

export const ExercicioParams = z.object({ exercicio: Exercicio });
export const ExpensePeriodParams = z.object({ exercicio: Exercicio, referencia_ate: ReferenciaPeriodo, referencia_de: ReferenciaPeriodo });
export const ExpenseParams = z.object({ exercicio: Exercicio, empenho_codigo: EmpenhoCodigo, unidade_gestora_codigo: UnidadeGestoraCodigo });
export const ServantReferenceParams = z.object({ exercicio: Exercicio, referencia: ReferenciaMes });
export const ServantParams = z.object({ exercicio: Exercicio, id: ServidorId });

// ----- query strings ---------------------------------------------------------------------------------

export const PageQuery = z.object({
  page: z.coerce
    .number({ error: 'A página (page) deve ser um número.' })
    .int('A página (page) deve ser um número inteiro.')
    .min(1, 'A página (page) começa em 1.')
    .max(100_000, 'A página (page) é grande demais: use o download para obter todos os registros.')
    .default(1),
  page_size: z.coerce
    .number({ error: 'O tamanho da página (page_size) deve ser um número.' })
    .int('O tamanho da página (page_size) deve ser um número inteiro.')
    .min(1, 'O tamanho da página (page_size) deve ser ao menos 1.')
    .max(OPEN_DATA_MAX_PAGE_SIZE, `O tamanho da página (page_size) deve ser no máximo ${OPEN_DATA_MAX_PAGE_SIZE}.`)
    .default(OPEN_DATA_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const ExpenseFilters = z.object({
  orgao: OrgaoSlug.optional(),
  unidade_gestora_codigo: UnidadeGestoraCodigo.optional(),
  credor: SearchText('O credor').optional(),
});
export const ExpenseListQuery = PageQuery.extend(ExpenseFilters.shape);
export type ExpenseListQuery = z.infer<typeof ExpenseListQuery>;

export const ServantFilters = z.object({
  orgao: OrgaoSlug.optional(),
  nome: SearchText('O nome').optional(),
  vinculo: z.enum(['Efetivo', 'Temporário', 'Comissionado', 'Efetivo/Comissionado'], { error: 'Vínculo inválido: use Efetivo, Temporário, Comissionado ou Efetivo/Comissionado.' }).optional(),
});
export const ServantListQuery = PageQuery.extend(ServantFilters.shape);
export type ServantListQuery = z.infer<typeof ServantListQuery>;

// ----- responses -------------------------------------------------------------------------------------

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().describe('total de registros'),
    next: z.string().nullable().describe('endereço da próxima página'),
    previous: z.string().nullable().describe('endereço da página anterior'),
    results: z.array(item),
  });

const Money = z.number().describe('reais');
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const Expense = z
  .object({
    exercicio: z.number().int(),
    empenho_codigo: z.string(),
    data_emissao: IsoDate,
    referencia: z.string(),
    orgao_slug: z.string(),
    orgao_sigla: z.string(),
    orgao_nome: z.string(),
    unidade_gestora_codigo: z.string(),
    unidade_gestora_nome: z.string(),
    credor_tipo: z.enum(['PJ', 'PF']),
    credor_documento: z.string(),
    credor_nome: z.string(),
    elemento_despesa: z.string(),
    funcao: z.string(),
    fonte_recurso: z.string(),
    modalidade_licitacao: z.string(),
    historico: z.string(),
    valor_empenhado: Money,
    valor_liquidado: Money,
    valor_pago: Money,
  })
  .meta({ id: 'Despesa' });
export type Expense = z.infer<typeof Expense>;
export const ExpensePage = pageOf(Expense).meta({ id: 'DespesaPagina' });

export const ExpenseDetail = Expense.extend({
  credor_cidade: z.string(),
  credor_uf: z.string(),
  liquidacoes: z.array(z.object({ codigo: z.string(), data: IsoDate, valor: Money })),
  pagamentos: z.array(z.object({ codigo: z.string(), data: IsoDate, valor: Money })),
  saldo_a_liquidar: Money,
  saldo_a_pagar: Money,
}).meta({ id: 'DespesaDetalhamento' });
export type ExpenseDetail = z.infer<typeof ExpenseDetail>;

export const ExpenseHistory = z
  .object({
    exercicio: z.number().int(),
    empenho_codigo: z.string(),
    unidade_gestora_codigo: z.string(),
    eventos: z.array(
      z.object({
        data: IsoDate,
        tipo: z.enum(['Empenho', 'Liquidação', 'Pagamento']),
        documento: z.string(),
        valor: Money,
        empenhado_acumulado: Money,
        liquidado_acumulado: Money,
        pago_acumulado: Money,
      }),
    ),
  })
  .meta({ id: 'DespesaHistoricoFinanceiro' });
export type ExpenseHistory = z.infer<typeof ExpenseHistory>;

export const FiscalYearList = z.array(z.object({ exercicio: z.number().int() })).meta({ id: 'Exercicios' });
export const ExpenseBodyTotals = z
  .array(
    z.object({
      orgao_slug: z.string(),
      orgao_sigla: z.string(),
      orgao_nome: z.string(),
      empenhos: z.number().int(),
      valor_empenhado: Money,
      valor_liquidado: Money,
      valor_pago: Money,
    }),
  )
  .meta({ id: 'DespesaOrgaos' });
export const ExpenseReferenceList = z
  .array(z.object({ referencia: z.string(), empenhos: z.number().int(), valor_empenhado: Money }))
  .meta({ id: 'DespesaReferencias' });
export const UpdatedAt = z.object({ updated_at: z.string().describe('ISO 8601'), registros: z.number().int() }).meta({ id: 'AtualizadoEm' });

/** Who a servant is, as every servants' answer shows it. */
const ServantIdentity = z.object({
  id: z.number().int(),
  matricula: z.string(),
  nome: z.string(),
  cpf: z.string(),
  orgao_slug: z.string(),
  orgao_sigla: z.string(),
  orgao_nome: z.string(),
  cargo: z.string(),
  vinculo: z.string(),
  carga_horaria: z.number().int(),
});

/** One month's pay. */
export const ServantMonth = z.object({
  referencia: z.string(),
  remuneracao_basica: Money,
  vantagens: Money,
  remuneracao_bruta: Money,
  descontos: Money,
  remuneracao_liquida: Money,
});

export const ServantPay = ServantIdentity.extend(ServantMonth.shape).meta({ id: 'ServidorRemuneracao' });
export type ServantPay = z.infer<typeof ServantPay>;
export const ServantPayPage = pageOf(ServantPay).meta({ id: 'ServidorRemuneracaoPagina' });

export const ServantDetail = ServantIdentity.extend({
  data_admissao: IsoDate,
  data_desligamento: IsoDate.nullable(),
  exercicio: z.number().int(),
  meses: z.array(ServantMonth),
  total_bruto: Money,
  total_liquido: Money,
}).meta({ id: 'ServidorDetalhamento' });
export type ServantDetail = z.infer<typeof ServantDetail>;
export const ServantBodyList = z
  .array(z.object({ orgao_slug: z.string(), orgao_sigla: z.string(), orgao_nome: z.string(), servidores: z.number().int() }))
  .meta({ id: 'ServidorOrgaos' });
export const ServantReferenceList = z.array(z.object({ referencia: z.string(), servidores: z.number().int() })).meta({ id: 'ServidorReferencias' });

// ----- the index of /dados and the audit-court viewer --------------------------------------------------

export const OpenDataEndpoint = z
  .object({
    /** opens /dados/{slug}; empty when the entry is information only */
    slug: z.string(),
    description: z.string(),
    /** URL template with {placeholders} (exercicio, referencia_de, ...); empty for information only */
    url: z.string(),
    /** what the URL answers: JSON for the viewer, or a CSV file to download */
    format: z.enum(['json', 'csv']),
  })
  .meta({ id: 'OpenDataEndpoint' });
export type OpenDataEndpoint = z.infer<typeof OpenDataEndpoint>;
export const OpenDataGroup = z
  .object({
    text: z.string(),
    icon: z.string(),
    description: z.string(),
    slug: z.string(),
    servicos: z.array(OpenDataEndpoint),
    /** TRANSFORMAÇÃO DIGITAL - LOG DE USUÁRIOS: static figures; only its last entry (the log) is clickable */
    informational: z.boolean(),
    total: z.number().int().nullable(),
  })
  .meta({ id: 'OpenDataGroup' });
export type OpenDataGroup = z.infer<typeof OpenDataGroup>;
export const OpenDataIndex = z.array(OpenDataGroup).meta({ id: 'OpenDataIndex' });

/** /{resources}/{category}/{query} of the audit-court API: two slugs, then a year, 'todos', a code or a name. */
export const AuditCourtResource = z.string().regex(/^[a-z0-9-]{1,40}$/, 'Recurso inválido: use letras minúsculas, números e hífens.');
export const AuditCourtCategory = z.string().regex(/^[a-z0-9-]{1,40}$/, 'Categoria inválida: use letras minúsculas, números e hífens.');
/** Anything a name can hold, but never only dots ('..' walks up a URL), a slash or a control character. */
export const AuditCourtQuery = z
  .string()
  .min(1, 'Informe a consulta.')
  .max(60, 'Consulta longa demais: no máximo 60 caracteres.')
  // eslint-disable-next-line no-control-regex
  .regex(/^(?!\.+$)[^\u0000-\u001f\u007f/\\?#]+$/, 'Consulta inválida: não use barras, pontos isolados nem caracteres de controle.');
export const AuditCourtParams = z.object({ resources: AuditCourtResource, category: AuditCourtCategory, query: AuditCourtQuery });
export const AuditCourtRecord = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export const AuditCourtPage = pageOf(AuditCourtRecord).meta({ id: 'TceResultado' });
export type AuditCourtPage = z.infer<typeof AuditCourtPage>;
