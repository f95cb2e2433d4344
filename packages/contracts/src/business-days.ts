/**
 * Business days in Piauí (issue 28: a service promises an answer in so many 'dias úteis'): not Saturdays,
 * Sundays, national holidays (Lei 662/1949 and after; 20 de novembro since Lei 14.759/2023), Good Friday and
 * Carnival (ponto facultativo that the state's offices keep closed), Corpus Christi, and the state's own (Dia do
 * Piauí, 19 de outubro). Days are calendar days, 'yyyy-mm-dd'; the caller reads today in Piauí (todayInPiaui).
 */

const FIXED = ['01-01', '04-21', '05-01', '09-07', '10-12', '10-19', '11-02', '11-15', '11-20', '12-25'];

const toDay = (date: Date) => date.toISOString().slice(0, 10);
const utc = (day: string) => new Date(`${day}T12:00:00Z`);
const plus = (day: string, days: number) => toDay(new Date(utc(day).getTime() + days * 86_400_000));

/** Easter Sunday of a year (the anonymous Gregorian algorithm). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const movable = new Map<number, Set<string>>();
function holidaysOf(year: number): Set<string> {
  let found = movable.get(year);
  if (!found) {
    const sunday = easter(year);
    // Carnival Monday and Tuesday, Good Friday, Corpus Christi.
    found = new Set([...FIXED.map((md) => `${year}-${md}`), plus(sunday, -48), plus(sunday, -47), plus(sunday, -2), plus(sunday, 60)]);
    movable.set(year, found);
  }
  return found;
}

/** Whether offices open on this day. */
export function isBusinessDay(day: string): boolean {
  const weekday = utc(day).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidaysOf(Number(day.slice(0, 4))).has(day);
}

/** The business day `days` business days after `day` (the day itself not counted): a deadline. */
export function addBusinessDays(day: string, days: number): string {
  let current = day;
  let left = days;
  while (left > 0) {
    current = plus(current, 1);
    if (isBusinessDay(current)) left--;
  }
  return current;
}

/** Business days after `from` up to and including `to` (0 when `to` is not after `from`). */
export function businessDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let current = plus(from, 1); current <= to; current = plus(current, 1)) if (isBusinessDay(current)) count++;
  return count;
}
