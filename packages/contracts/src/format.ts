/**
 * How the portal writes dates, times, numbers and money, on the server (PDFs, notifications, e-mails) and in the
 * pages alike: one definition (issue 26 found them written in six files of the server and the web's own copy).
 * The portal's calendar is Piauí's, never the server's or the browser's.
 */

/** Piauí's time zone (UTC−3, no daylight saving since 2019; the rules live in the platform's time zone data). */
export const PIAUI_TIME_ZONE = 'America/Fortaleza';

const DAY = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: PIAUI_TIME_ZONE });
const LONG_DAY = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: PIAUI_TIME_ZONE });
const TIME = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: PIAUI_TIME_ZONE });
const ISO_DAY = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: PIAUI_TIME_ZONE });
const OFFSET = new Intl.DateTimeFormat('en-US', { timeZone: PIAUI_TIME_ZONE, timeZoneName: 'longOffset' });

/** The calendar day (yyyy-mm-dd) of an instant in Piauí; today's by default. */
export const todayInPiaui = (date: Date = new Date()) => ISO_DAY.format(date);

/** '15/06/2026': the day of an instant in Piauí. */
export const formatDate = (date: string | Date) => DAY.format(new Date(date));

/** '15 de junho de 2026': the day of an instant in Piauí, in words. */
export const formatLongDate = (date: string | Date) => LONG_DAY.format(new Date(date));

/** '10:00': the time of an instant in Piauí. */
export const formatTime = (date: string | Date) => TIME.format(new Date(date));

/** '15/06/2026 10:00': the day and time of an instant in Piauí. */
export const formatDateTime = (date: string | Date) => `${formatDate(date)} ${formatTime(date)}`;

/** '2026-06-15' (a calendar day, no time zone) → '15/06/2026'; '' for nothing; anything else as it is. */
export function formatIsoDay(day: string | null | undefined): string {
  if (!day) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/**
 * The instant of a day and time as read on a clock in Piauí ('2026-06-15', '10:00'), or null for what is not
 * one; the offset is the time zone's own for that day, not a number written here.
 */
export function piauiInstant(day: string, time: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const asUtc = new Date(`${day}T${time}:00Z`);
  if (Number.isNaN(asUtc.getTime())) return null;
  const offset = /GMT([+-])(\d{2}):(\d{2})/.exec(OFFSET.format(asUtc));
  const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  return new Date(asUtc.getTime() - minutes * 60_000);
}

type FractionDigits = Pick<Intl.NumberFormatOptions, 'minimumFractionDigits' | 'maximumFractionDigits'>;

/** 1234.5 → '1.234,5' (pt-BR), with the fraction digits asked for. */
export const formatNumber = (value: number, { minimumFractionDigits, maximumFractionDigits }: FractionDigits = {}) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits, maximumFractionDigits }).format(value);

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * 137.45 → 'R$ 137,45' (Brazilian real; not a finite number is R$ 0,00). A plain space by default, kept on
 * one line by CSS where it matters; `nonBreaking` keeps Intl's no-break space (table cells).
 */
export function formatBrl(value: number, { nonBreaking = false }: { nonBreaking?: boolean } = {}): string {
  const text = BRL.format(Number.isFinite(value) ? value : 0);
  return nonBreaking ? text : text.replace(/\u00a0/g, ' ');
}

/**
 * 20 971 520 → '20 MB', 1 572 864 → '1,5 MB', 512 000 → '500 KB': a file's size as the citizen's computer shows it
 * (1 KB = 1024 bytes, as Windows and most phones count), to one decimal where it has one.
 */
export function formatFileSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  // Rounded down, so a limit never reads larger than it is ('20 MB' for 20 MB minus a byte would be a promise broken).
  const shown = unit === 0 ? value : Math.floor(value * 10) / 10;
  return `${formatNumber(shown, { maximumFractionDigits: 1 })} ${units[unit]}`;
}
