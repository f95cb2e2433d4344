import { ErrorResponse, Panel, PANEL_DEFINITIONS, PanelQuery, type PanelMonth } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvText } from '../open-data/open-data.service.ts';
import type { PanelService } from './panel.service.ts';

// Counts change once an hour at most (the job): browsers and a CDN may keep an answer five minutes.
const PANEL_SECONDS = 300;
const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);

/** The CSV's columns, and what each month's figures give them. */
const COLUMNS: [string, (m: PanelMonth) => string | number | null][] = [
  ['mes', (m) => m.mes],
  ['recebidas', (m) => m.recebidas],
  ['em_andamento_fim_do_mes', (m) => m.emAndamento],
  ['respondidas', (m) => m.respondidas],
  ['concluidas', (m) => m.concluidas],
  ['indeferidas', (m) => m.indeferidas],
  ['canceladas', (m) => m.canceladas],
  ['respondidas_no_prazo_pct', (m) => percent(m.noPrazo)],
  ['mediana_dias_uteis', (m) => m.medianaDias],
  ['p90_dias_uteis', (m) => m.p90Dias],
  ['avaliacoes_verificadas', (m) => m.avaliacoesVerificadas.n],
  ['nota_media_verificada', (m) => m.avaliacoesVerificadas.media],
  ['avaliacoes_anonimas', (m) => m.avaliacoesAnonimas.n],
  ['nota_media_anonima', (m) => m.avaliacoesAnonimas.media],
  ['simplifique_recebidas', (m) => m.simplifiqueRecebidas],
  ['simplifique_resolvidas', (m) => m.simplifiqueResolvidas],
  ['agendados', (m) => m.agendados],
  ['compareceram', (m) => m.compareceram],
  ['faltaram', (m) => m.faltaram],
  ['taxa_de_faltas_pct', (m) => percent(m.taxaFaltas)],
];

const described = Object.entries(PANEL_DEFINITIONS)
  .map(([figure, text]) => `- ${figure}: ${text}`)
  .join('\n');

/** The services' public panel (issue 30): JSON and CSV, for the state, a department (`orgao`) or a service (`servico`). */
export const panelRoutes: FastifyPluginAsyncZod<{ service: PanelService }> = async (app, { service }) => {
  const tags = ['painel dos serviços'];
  const config = { publicCache: { maxAge: PANEL_SECONDS } };

  app.get(
    '/v1/painel',
    {
      config,
      schema: {
        tags,
        summary: 'Painel de monitoramento dos serviços: solicitações, prazos, tempo de resposta, satisfação, Simplifique! e agendamentos, mês a mês',
        description: `Contado a partir do que o portal registra, atualizado de hora em hora. O que cada número conta:\n${described}`,
        querystring: PanelQuery,
        response: { 200: Panel, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => service.read(request.query),
  );

  app.get(
    '/v1/painel/arquivo.csv',
    {
      config,
      schema: {
        tags,
        summary: 'O painel mês a mês, em CSV (UTF-8 com BOM, separador ;, vírgula decimal)',
        querystring: PanelQuery,
        produces: ['text/csv'],
        response: { 200: z.any().describe('CSV'), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const panel = await service.read(request.query);
      const scope = panel.filtro.servico?.slug ?? panel.filtro.orgao?.slug ?? 'piaui';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="painel-${scope}-${panel.periodo.de}-a-${panel.periodo.ate}.csv"`)
        .send(csvText(COLUMNS.map(([name]) => name), panel.meses.map((m) => COLUMNS.map(([, value]) => value(m)))));
    },
  );
};
