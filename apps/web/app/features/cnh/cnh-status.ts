import { todayInPiaui as piauiDay } from '../../lib/format.ts';

/** Fewer days than this before expiry: 'próxima do vencimento' (spec §9). */
export const NEAR_EXPIRY_DAYS = 60;
const DAY_MS = 86_400_000;

/** The CNH fields of the citizen's claims (spec §3). */
export interface CnhClaims {
  /** dd/mm/yyyy */
  dataValidadeCNH?: string;
  /** yyyy-mm-dd */
  dataEmissao?: string;
  categoriaCNH?: string;
  numeroRegistro?: string;
  registro?: string;
  bloqueioBca?: boolean;
  bloqueioCnhApreendida?: boolean;
}

export type CnhStatus = 'vencida' | 'proxima-do-vencimento' | 'valida';

export const CNH_STATUS_LABEL: Record<CnhStatus, string> = {
  vencida: 'vencida',
  'proxima-do-vencimento': 'próxima do vencimento',
  valida: 'válida',
};

/** 'dd/mm/yyyy' → days since the epoch (UTC), or null when it is not a real date. */
function brDateToDay(text: string | undefined): number | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const [, d, m, y] = match.map(Number) as [number, number, number, number];
  const time = Date.UTC(y, m - 1, d);
  const back = new Date(time);
  if (back.getUTCDate() !== d || back.getUTCMonth() !== m - 1) return null;
  return time / DAY_MS;
}

/** Today's day number in Piauí (its calendar, not the server's). */
export function todayNumberInPiaui(now: Date = new Date()): number {
  const [y, m, d] = piauiDay(now).split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** Days left until the validity date (negative once expired), or null without a valid date. */
export function daysLeft(validity: string | undefined, now: Date = new Date()): number | null {
  const day = brDateToDay(validity);
  return day == null ? null : day - todayNumberInPiaui(now);
}

/**
 * Spec §2: 'vencida' if the validity date is before today; 'próxima do vencimento' if fewer than 60
 * days remain; otherwise valid. Null without a validity date.
 */
export function cnhStatus(validity: string | undefined, now: Date = new Date()): CnhStatus | null {
  const left = daysLeft(validity, now);
  if (left == null) return null;
  if (left < 0) return 'vencida';
  if (left < NEAR_EXPIRY_DAYS) return 'proxima-do-vencimento';
  return 'valida';
}

/** The restrictions to show (spec §2: when a block flag is set). */
export function cnhRestrictions(cnh: CnhClaims): string[] {
  const list: string[] = [];
  if (cnh.bloqueioBca) list.push('Bloqueio na Base de Cadastro de Condutores (BCA)');
  if (cnh.bloqueioCnhApreendida) list.push('CNH apreendida');
  return list;
}

/** 'yyyy-mm-dd' (or an ISO timestamp) → 'dd/mm/yyyy'; anything else is shown as it came. */
export function isoToBr(text: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (text ?? '');
}
