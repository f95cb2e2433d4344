/** The minimum withdrawal the dropdown shows (spec §9). */
export const MINIMUM_WITHDRAWAL = 25;

/**
 * A balance as the API sends it ('137.45', 'R$ 137,45', '1.234,56', 137.45) to a number of reais
 * (spec §5): what is not a digit or a separator is dropped; the last separator followed by one or two
 * digits is the decimal one. Missing or invalid gives 0.
 */
export function cleanBalance(raw: unknown): number {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw > 0 ? raw : 0;
  if (typeof raw !== 'string') return 0;
  const kept = raw.replace(/[^\d.,]/g, '');
  if (!/\d/.test(kept)) return 0;
  const decimal = /[.,](\d{1,2})$/.exec(kept);
  const whole = (decimal ? kept.slice(0, decimal.index) : kept).replace(/[.,]/g, '');
  const value = Number(`${whole || '0'}.${decimal?.[1] ?? '0'}`);
  return Number.isFinite(value) ? value : 0;
}

/** 'Resgatar saldo' shows only above zero (spec §2). */
export const canRedeem = (balance: number) => balance > 0;
