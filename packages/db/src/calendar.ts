/** Piauí's time zone (no daylight saving): what "today" means for the state's records. */
export const PIAUI_TIME_ZONE = 'America/Fortaleza';

const calendarDay = new Intl.DateTimeFormat('en-CA', { timeZone: PIAUI_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date (yyyy-mm-dd) of an instant in Piauí; today's by default. */
export function todayInPiaui(now: Date = new Date()): string {
  return calendarDay.format(now);
}
