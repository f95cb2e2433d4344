import * as Plot from '@observablehq/plot';
import type { Panel, PanelMonth } from '@portal/contracts';
import { parseHTML } from 'linkedom';
import type { ChartName } from './panel-charts.ts';
import { percent, shortMonth } from './panel-format.ts';

// The panel's charts (issue 30), drawn on the server by Observable Plot into SVG files: the page shows each as an image
// with its numbers in a table beside it, so they need no JavaScript and a screen reader reads the table.

const BAR = '#034ea2'; // --color-primary: 8.1:1 on white
const MARK = '#8a5a00'; // --color-star: 5.9:1 on white; a different shape too, never colour alone
const TEXT = '#1b1f24'; // --color-text

/** The y axis's top: the largest value, and at least a few units so a month of zeros or ones is not a full bar. */
const top = (months: PanelMonth[], value: (m: PanelMonth) => number) => Math.max(4, ...months.map(value));
/** Whole numbers only on count axes (no 0,5 request), written as in Brazil. */
const whole = (n: number) => (Number.isInteger(n) ? n.toLocaleString('pt-BR') : '');

type Draw = (months: PanelMonth[], document: Document) => SVGSVGElement | HTMLElement;

/** Every nth month labelled, so up to five years of months stay legible. */
const monthAxis = (months: PanelMonth[]) => {
  const step = Math.ceil(months.length / 12);
  return { type: 'band' as const, label: null, tickFormat: (m: string, i: number) => (i % step ? '' : shortMonth(m)) };
};
const frame = (months: PanelMonth[], document: Document, label: string) => ({
  document,
  width: 720,
  height: 300,
  marginLeft: 56,
  marginBottom: 36,
  style: { fontSize: '13px' },
  ariaLabel: label,
  x: monthAxis(months),
});

const CHARTS: Record<ChartName, Draw> = {
  solicitacoes: (months, document) =>
    Plot.plot({
      ...frame(months, document, 'Solicitações recebidas e respondidas por mês'),
      y: { grid: true, label: 'Solicitações', domain: [0, top(months, (m) => m.recebidas)], tickFormat: whole },
      marks: [Plot.barY(months, { x: 'mes', y: 'recebidas', fill: BAR, inset: 4 }), Plot.tickY(months, { x: 'mes', y: 'respondidas', stroke: MARK, strokeWidth: 4 }), Plot.ruleY([0])],
    }),
  prazos: (months, document) => {
    const shares = months.filter((m) => m.noPrazo !== null).map((m) => ({ mes: m.mes, pct: m.noPrazo! * 100, label: percent(m.noPrazo) }));
    return Plot.plot({
      ...frame(months, document, 'Solicitações respondidas no prazo, por mês'),
      x: { ...monthAxis(months), domain: months.map((m) => m.mes) },
      y: { grid: true, domain: [0, 100], label: '% no prazo' },
      marks: [Plot.barY(shares, { x: 'mes', y: 'pct', fill: BAR, inset: 4 }), Plot.text(shares, { x: 'mes', y: 'pct', text: 'label', dy: -8, fill: TEXT }), Plot.ruleY([0])],
    });
  },
  tempo: (months, document) => {
    const answered = months.filter((m) => m.medianaDias !== null);
    return Plot.plot({
      ...frame(months, document, 'Dias úteis até a resposta, por mês'),
      x: { ...monthAxis(months), domain: months.map((m) => m.mes) },
      y: { grid: true, label: 'Dias úteis', domain: [0, top(answered, (m) => m.p90Dias ?? 0)], tickFormat: whole },
      marks: [Plot.barY(answered, { x: 'mes', y: 'medianaDias', fill: BAR, inset: 4 }), Plot.tickY(answered, { x: 'mes', y: 'p90Dias', stroke: MARK, strokeWidth: 4 }), Plot.ruleY([0])],
    });
  },
  agendamentos: (months, document) =>
    Plot.plot({
      ...frame(months, document, 'Atendimentos agendados e faltas, por mês'),
      y: { grid: true, label: 'Atendimentos', domain: [0, top(months, (m) => m.agendados)], tickFormat: whole },
      marks: [Plot.barY(months, { x: 'mes', y: 'agendados', fill: BAR, inset: 4 }), Plot.tickY(months, { x: 'mes', y: 'faltaram', stroke: MARK, strokeWidth: 4 }), Plot.ruleY([0])],
    }),
};

/** One chart of the panel as an SVG file. */
export function chartSvg(name: ChartName, panel: Panel): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const svg = CHARTS[name](panel.meses, document as unknown as Document);
  svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  svg.setAttribute('role', 'img');
  return svg.outerHTML;
}
