/** 'MM/YYYY' → { month: '03', year: '2025' }; null when it is not a period. */
export function parsePeriod(periodo: string): { month: string; year: string } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(periodo);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month: String(month).padStart(2, '0'), year: match[2]! };
}

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** 'MM/YYYY' → 'março de 2025', for screen readers and titles. */
export function periodInWords(periodo: string): string {
  const period = parsePeriod(periodo);
  return period ? `${MONTHS[Number(period.month) - 1]} de ${period.year}` : periodo;
}
