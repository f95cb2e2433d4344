import { z } from 'zod';
import { Slug } from './common.ts';

// The services' public panel (issue 30, Lei 14.129 art. 20, II): GET /v1/painel and its CSV, the page /app/painel.

const Month = (what: string) => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${what}: informe o mês como 2026-01.`);

/** What the panel shows: the state, one department or one service, over a period of whole months. */
export const PanelQuery = z
  .object({
    orgao: Slug.optional(),
    servico: Slug.optional(),
    de: Month('Início do período').optional(),
    ate: Month('Fim do período').optional(),
  })
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, { message: 'O início do período deve vir antes do fim.', path: ['de'] });
export type PanelQuery = z.infer<typeof PanelQuery>;

/** The panel's group in /dados: its entries are the portal's own addresses (the page, the CSV, the JSON), opened as they are. */
export const PANEL_OPEN_DATA_GROUP = 'painel';

/** The longest period the panel shows at once: five years of months; and the period it shows when none is asked. */
export const PANEL_MAX_MONTHS = 60;
export const PANEL_DEFAULT_MONTHS = 12;

/** The month `n` months before 'yyyy-mm' (after it when negative). */
export function monthsBefore(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const Count = z.number().int().nonnegative();
const Share = z.number().min(0).max(1).nullable();
const Stars = z.object({ n: Count, media: z.number().nullable() });

/** The figures of one month, or of the whole period; what each counts is said on the panel (PANEL_DEFINITIONS). */
export const PanelFigures = z.object({
  recebidas: Count,
  emAndamento: Count,
  respondidas: Count,
  concluidas: Count,
  indeferidas: Count,
  canceladas: Count,
  noPrazo: Share,
  medianaDias: z.number().nullable(),
  p90Dias: z.number().nullable(),
  avaliacoesVerificadas: Stars,
  avaliacoesAnonimas: Stars,
  simplifiqueRecebidas: Count,
  simplifiqueResolvidas: Count,
  agendados: Count,
  compareceram: Count,
  faltaram: Count,
  taxaFaltas: Share,
});
export type PanelFigures = z.infer<typeof PanelFigures>;

export const PanelMonth = PanelFigures.extend({ mes: z.string() });
export type PanelMonth = z.infer<typeof PanelMonth>;

/** One department of the state, or one service of a department, over the period: the panel's rows to go deeper. */
export const PanelPart = z.object({
  slug: z.string(),
  nome: z.string(),
  recebidas: Count,
  respondidas: Count,
  noPrazo: Share,
  medianaDias: z.number().nullable(),
  avaliacoesVerificadas: Stars,
});
export type PanelPart = z.infer<typeof PanelPart>;

export const Panel = z.object({
  filtro: z.object({
    orgao: z.object({ slug: z.string(), nome: z.string() }).nullable(),
    servico: z.object({ slug: z.string(), titulo: z.string() }).nullable(),
  }),
  periodo: z.object({ de: z.string(), ate: z.string() }),
  total: PanelFigures,
  meses: z.array(PanelMonth),
  motivos: z.array(z.object({ motivo: z.string(), descricao: z.string(), n: Count })),
  catalogo: z.object({
    servicosDisponiveis: Count,
    servicosDigitais: Count,
    servicosSolicitaveis: Count,
    servicosAgendaveis: Count,
    cidadaosCadastrados: Count.nullable(),
  }),
  partes: z.array(PanelPart),
  proximosHorarios: z.array(z.object({ servico: z.string(), titulo: z.string(), dia: z.string(), dias: Count })),
  atualizadoEm: z.string().nullable(),
});
export type Panel = z.infer<typeof Panel>;

/** What each figure counts, said on the panel beside it and in the API's documentation. */
export const PANEL_DEFINITIONS = {
  recebidas: 'Solicitações enviadas pelo portal no mês (rascunhos não contam).',
  emAndamento: 'Solicitações enviadas e ainda sem resposta ao fim do mês (ou hoje, no mês corrente).',
  respondidas: 'Solicitações respondidas no mês: concluídas (deferidas) mais indeferidas. As canceladas, pelo cidadão ou por duplicidade, contam à parte.',
  noPrazo: 'Das respondidas com prazo prometido, a parte respondida até o último dia do prazo (o prazo anda quando o órgão espera uma resposta do cidadão).',
  medianaDias: 'Dias úteis do envio à resposta, sem os dias em que o órgão esperava o cidadão: a mediana (metade respondida em até tantos dias) e o percentil 90 (nove em cada dez).',
  avaliacoesVerificadas: 'Notas de 1 a 5 de quem usou o serviço (solicitação respondida), à parte das notas anônimas dadas na página do serviço.',
  simplifique: 'Sugestões do Simplifique! que citam o serviço, e as que o órgão marcou como concluídas no mês.',
  agendamentos: 'Atendimentos agendados para o mês (cancelados não contam); a taxa de faltas é a parte dos atendimentos já passados em que o cidadão não compareceu.',
  servicosDisponiveis: 'Serviços publicados no catálogo (o mesmo número da página inicial).',
  servicosDigitais: 'Serviços que se fazem inteiramente pela internet (o mesmo número da página inicial).',
  servicosSolicitaveis: 'Serviços que se pedem aqui no portal, com formulário próprio.',
  cidadaosCadastrados: 'Cidadãos cadastrados no Acesso Cidadão, segundo a Secretaria de Transformação Digital (o mesmo número da página inicial e dos dados abertos).',
} as const;
