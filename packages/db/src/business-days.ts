import Holidays from 'date-holidays';

/**
 * Business days in Piauí (issue 28: a service promises an answer in so many 'dias úteis'). Not a business day:
 * Saturdays, Sundays, Brazil's and Piauí's holidays as `date-holidays` keeps them for BR-PI (its 'public' ones,
 * Dia do Piauí among them, and its 'bank' ones, Carnival and Corpus Christi, when the state's offices are closed
 * too), and the days a department or the whole state declared closed (`department_closures`, kept in the back
 * office: a 'ponto facultativo', a strike, a move). Days are calendar days, 'yyyy-mm-dd'; the caller reads today
 * in Piauí (todayInPiaui). docs/decisions/038-business-days.md.
 */

const piaui = new Holidays('BR', 'PI', { types: ['public', 'bank'] });
const byYear = new Map<number, ReadonlySet<string>>();

/** Piauí's holidays of a year, as days. */
function holidaysOf(year: number): ReadonlySet<string> {
  let days = byYear.get(year);
  if (!days) {
    days = new Set((piaui.getHolidays(year) || []).filter((h) => h.type === 'public' || h.type === 'bank').map((h) => h.date.slice(0, 10)));
    byYear.set(year, days);
  }
  return days;
}

const utc = (day: string) => new Date(`${day}T12:00:00Z`);
const plus = (day: string, days: number) => new Date(utc(day).getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The holiday's name when the day is one of Piauí's holidays. */
export function holidayName(day: string): string | null {
  if (!holidaysOf(Number(day.slice(0, 4))).has(day)) return null;
  const found = (piaui.isHoliday(utc(day)) || []).find((h) => h.type === 'public' || h.type === 'bank');
  return found?.name ?? null;
}

export interface BusinessCalendar {
  /** Whether offices open on this day. */
  isBusinessDay(day: string): boolean;
  /** Whether the day is a holiday or a closed day, whatever the weekday (a unit open on Saturdays asks this). */
  isClosed(day: string): boolean;
  /** The business day `days` business days after `day` (the day itself not counted), or before it when negative. */
  add(day: string, days: number): string;
  /** Business days after `from` up to and including `to` (0 when `to` is not after `from`). */
  between(from: string, to: string): number;
}

/** Piauí's calendar, with these days closed besides the holidays (a department's and the state's closures). */
export function businessCalendar(closed: ReadonlySet<string> = new Set()): BusinessCalendar {
  const isClosed = (day: string) => closed.has(day) || holidaysOf(Number(day.slice(0, 4))).has(day);
  const isBusinessDay = (day: string) => {
    const weekday = utc(day).getUTCDay();
    return weekday !== 0 && weekday !== 6 && !isClosed(day);
  };
  return {
    isBusinessDay,
    isClosed,
    add(day, days) {
      const step = days < 0 ? -1 : 1;
      let current = day;
      for (let left = Math.abs(days); left > 0; ) {
        current = plus(current, step);
        if (isBusinessDay(current)) left--;
      }
      return current;
    },
    between(from, to) {
      let count = 0;
      for (let current = plus(from, 1); current <= to; current = plus(current, 1)) if (isBusinessDay(current)) count++;
      return count;
    },
  };
}

/** The state's calendar without any department's closures. */
export const PIAUI_CALENDAR = businessCalendar();
