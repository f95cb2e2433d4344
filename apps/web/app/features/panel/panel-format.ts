import type { Panel } from '@portal/contracts';
import { formatNumber } from '../../lib/format.ts';

// How the panel writes its figures, the same in its cards, tables and charts.

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const LONG_MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** '2026-03' as 'mar/26' (charts and tables) or 'março de 2026' (sentences). */
export const shortMonth = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;
export const longMonth = (month: string) => `${LONG_MONTHS[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;

/** A share as '87,5%', or '—' when there is nothing to divide. */
export const percent = (share: number | null) => (share === null ? '—' : `${formatNumber(share * 100, { maximumFractionDigits: 1 })}%`);
export const days = (value: number | null) => (value === null ? '—' : `${formatNumber(value)} ${value === 1 ? 'dia útil' : 'dias úteis'}`);
export const stars = (s: { n: number; media: number | null }) =>
  s.media === null ? 'sem notas' : `${formatNumber(s.media, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} de 5 (${formatNumber(s.n)} ${s.n === 1 ? 'nota' : 'notas'})`;
export const count = (n: number) => formatNumber(n);

/** The panel's filters as its addresses carry them: the same for the page, its charts and its downloads. */
export function panelQuery(panel: Pick<Panel, 'filtro' | 'periodo'>, change: { orgao?: string | null; servico?: string | null; de?: string; ate?: string } = {}) {
  const query = new URLSearchParams();
  const orgao = change.orgao === undefined ? panel.filtro.orgao?.slug : change.orgao;
  const servico = change.servico === undefined ? panel.filtro.servico?.slug : change.servico;
  if (orgao) query.set('orgao', orgao);
  if (servico) query.set('servico', servico);
  query.set('de', change.de ?? panel.periodo.de);
  query.set('ate', change.ate ?? panel.periodo.ate);
  return query;
}

/** The filters a page address may carry, passed on to the API as they are (it validates them). */
export function filtersOf(url: URL) {
  const query = new URLSearchParams();
  for (const key of ['orgao', 'servico', 'de', 'ate']) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  return query;
}
