// The panel's charts as the page describes them (issue 30): what each shows, and its legend by shape. Drawn by
// charts.server.ts.

import type { PanelMonth } from '@portal/contracts';

export const CHART_TEXT = {
  solicitacoes: {
    alt: 'Gráfico de barras das solicitações recebidas por mês, com um traço nas respondidas; os números estão na tabela a seguir.',
    legend: ['Barra: solicitações recebidas no mês', 'Traço horizontal: solicitações respondidas no mês'],
  },
  prazos: {
    alt: 'Gráfico de barras da parte das solicitações respondidas dentro do prazo, por mês, em porcentagem; os números estão na tabela a seguir.',
    legend: ['Barra: respondidas no prazo, em % das respondidas com prazo (o número acima de cada barra)'],
  },
  tempo: {
    alt: 'Gráfico de barras da mediana de dias úteis até a resposta, por mês, com um traço no percentil 90; os números estão na tabela a seguir.',
    legend: ['Barra: mediana dos dias úteis até a resposta', 'Traço horizontal: percentil 90 (nove em cada dez respondidas até ali)'],
  },
  agendamentos: {
    alt: 'Gráfico de barras dos atendimentos agendados por mês, com um traço nas faltas; os números estão na tabela a seguir.',
    legend: ['Barra: atendimentos agendados para o mês', 'Traço horizontal: cidadãos que não compareceram'],
  },
} as const;

export type ChartName = keyof typeof CHART_TEXT;

/** Whether the period has anything to draw: an empty chart is not shown (its table says there is nothing). */
export function hasData(name: ChartName, months: readonly PanelMonth[]): boolean {
  switch (name) {
    case 'solicitacoes':
      return months.some((m) => m.recebidas || m.respondidas);
    case 'prazos':
      return months.some((m) => m.noPrazo !== null);
    case 'tempo':
      return months.some((m) => m.medianaDias !== null);
    case 'agendamentos':
      return months.some((m) => m.agendados);
  }
}
export const CHART_NAMES = Object.keys(CHART_TEXT) as ChartName[];
export const isChart = (name: string): name is ChartName => Object.hasOwn(CHART_TEXT, name);
