const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text of an HTML fragment: tags dropped, entities decoded, white space collapsed. */
export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, code: string) => {
      if (code.startsWith('#x')) return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `max` characters (spec §9: meta descriptions are cut at 100). */
export const cut = (text: string, max = 100) => (text.length <= max ? text : text.slice(0, max));

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** 'há 3 dias', 'ontem', 'há 2 meses': how long ago, in Portuguese. */
export function relativeTime(date: string | Date, now: number = Date.now()): string {
  const seconds = Math.round((new Date(date).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}

// ----- dates: the portal's calendar is Piauí's (UTC−3, no daylight saving), never the server's ------------

export const PIAUI_TIME_ZONE = 'America/Fortaleza';

const DAY = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: PIAUI_TIME_ZONE });
const LONG_DAY = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: PIAUI_TIME_ZONE });
const TIME = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: PIAUI_TIME_ZONE });
const ISO_DAY = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: PIAUI_TIME_ZONE });

/** The day of an instant in Piauí, as 'AAAA-MM-DD' (today by default). */
export const isoDayInPiaui = (date: Date = new Date()) => ISO_DAY.format(date);

/** '15/06/2026': the day of an instant in Piauí. */
export const formatDate = (date: string | Date) => DAY.format(new Date(date));

/** '15 de junho de 2026': the day of an instant in Piauí, in words. */
export const formatLongDate = (date: string | Date) => LONG_DAY.format(new Date(date));

/** '10:00': the time of an instant in Piauí. */
export const formatTime = (date: string | Date) => TIME.format(new Date(date));

/** '2026-06-15' (a calendar day, no time zone) → '15/06/2026'; anything else as it is. */
export function formatIsoDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

// ----- numbers and money -------------------------------------------------------------------------------

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

/** Case- and accent-insensitive substring match (spec §5 filters). */
export function matches(text: string, filter: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  return fold(text).includes(fold(filter.trim()));
}
