// The rules of the open-data viewer (spec §2, §5, §7 and §8) as pure functions: which screen a
// `resources` value gets, the placeholders of a URL template, the form's validation and the messages.
import { todayInPiaui } from '../../lib/format.ts';

/** The `resources` values with an interactive form (spec §2); any other gets the automatic viewer. */
export const FORM_RESOURCES = ['despesa', 'servidor', 'usuarios'] as const;
export const isFormResource = (resources: string) => (FORM_RESOURCES as readonly string[]).includes(resources);

/** Rows a page of the viewer asks the APIs for. */
export const VIEWER_PAGE_SIZE = 20;

/** The placeholders of a URL template ('/despesas/{exercicio}/{referencia_ate}/' → exercicio, referencia_ate), once each. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
}

/** The template with each placeholder replaced by its value, trimmed and URL-encoded as one path segment. */
export function fillTemplate(template: string, values: Record<string, string | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent((values[name] ?? '').trim()));
}

/** Spec §5: every placeholder must be non-blank. */
export function missingParams(names: string[], values: Record<string, string | null | undefined>): string[] {
  return names.filter((name) => !(values[name] ?? '').trim());
}

/** How each path parameter of spec §3 is asked for. */
export const PARAM_LABELS: Record<string, { label: string; hint: string }> = {
  exercicio: { label: 'Exercício', hint: 'Ano com quatro dígitos, por exemplo 2025.' },
  referencia_de: { label: 'Referência inicial', hint: 'Mês (AAAA-MM) ou data (AAAA-MM-DD), por exemplo 2025-01.' },
  referencia_ate: { label: 'Referência final', hint: 'Mês (AAAA-MM) ou data (AAAA-MM-DD), por exemplo 2025-03.' },
  referencia: { label: 'Referência', hint: 'Mês no formato AAAA-MM, por exemplo 2025-03.' },
  empenho_codigo: { label: 'Código do empenho', hint: 'Formato AAAANE000000, por exemplo 2025NE000123.' },
  unidade_gestora_codigo: { label: 'Código da unidade gestora', hint: 'Seis dígitos, por exemplo 100101.' },
  id: { label: 'Identificador do servidor', hint: 'O número do servidor, como aparece na lista de remunerações.' },
};

export const paramLabel = (name: string) => PARAM_LABELS[name]?.label ?? name;

/** The order the fields are asked in: the spec's order of path parameters, not the URL's (…/{ate}/{de}/). */
const PARAM_ORDER = ['exercicio', 'empenho_codigo', 'unidade_gestora_codigo', 'referencia_de', 'referencia_ate', 'referencia', 'id'];
export function fieldOrder(names: string[]): string[] {
  const rank = (name: string) => (PARAM_ORDER.includes(name) ? PARAM_ORDER.indexOf(name) : PARAM_ORDER.length);
  return [...names].sort((a, b) => rank(a) - rank(b));
}

// ----- messages (spec §8) -------------------------------------------------------------------------------

export const MESSAGES = {
  endpointNotFound: 'Endpoint não encontrado',
  resourceNotFound: 'Recurso não encontrado!',
  badRequest: 'Erro nos dados enviados!',
  viewerDefault: 'Não foi possível completar a ação! Tente novamente.',
  noData: 'Nenhum dado encontrado',
} as const;

/** 'Parâmetros obrigatórios: Exercício, Referência final' (spec §5, §8). */
export const requiredMessage = (names: string[]) => `Parâmetros obrigatórios: ${names.map(paramLabel).join(', ')}`;

/** The form's fetch failure of spec §8: 'Não foi possível completar a ação: {message or Unknown error}'. */
export const formFailureMessage = (message?: string | null) => `Não foi possível completar a ação: ${message?.trim() || 'erro desconhecido'}`;

export interface FetchFailure {
  status: number;
  /** the server's own message, when it sent one */
  message?: string | null;
}

/**
 * What the citizen reads when a fetch fails (spec §8): 404 → 'Recurso não encontrado!', 400 → the server's
 * message or 'Erro nos dados enviados!'; otherwise the automatic viewer's default, or for the form
 * 'Não foi possível completar a ação: {message}'. `detail` keeps the server's explanation of a 404.
 */
export function failureMessage(failure: FetchFailure, screen: 'form' | 'viewer'): { message: string; detail: string | null } {
  const server = citizenMessage(failure.message);
  if (failure.status === 404) return { message: MESSAGES.resourceNotFound, detail: server && server !== MESSAGES.resourceNotFound ? server : null };
  if (failure.status === 400 || failure.status === 414) return { message: server ?? (failure.status === 414 ? STATUS_REASONS[414]! : MESSAGES.badRequest), detail: null };
  return { message: screen === 'viewer' ? MESSAGES.viewerDefault : formFailureMessage(server ?? STATUS_REASONS[failure.status]), detail: null };
}

/** What a failure means when the source's own words cannot be shown. */
const STATUS_REASONS: Record<number, string> = {
  408: 'o serviço de dados demorou demais a responder. Tente novamente em instantes.',
  414: 'Parâmetros longos demais: confira os valores informados.',
  429: 'muitas consultas em pouco tempo. Aguarde um instante e tente novamente.',
  502: 'o serviço de dados não respondeu. Tente novamente em instantes.',
  503: 'o serviço de dados está temporariamente indisponível. Tente novamente em instantes.',
  504: 'o serviço de dados demorou demais a responder. Tente novamente em instantes.',
};

/**
 * A source's message only when a citizen can read it (issue 13): never an address of ours or of another
 * server ('/api/transparencia/…', 'https://…'), never a library's English ('… is exceeding the max param
 * length', 'fetch failed'), never a wall of text.
 */
export function citizenMessage(message: string | null | undefined): string | null {
  const text = message?.trim();
  if (!text || text.length > 300) return null;
  if (/https?:\/\/|(^|[\s'"(])\/[\w.-]+\//.test(text)) return null;
  if (/\b(the|is|are|was|error|failed|fetch|exceed\w*|timeout|invalid|not found|unexpected|internal|route|param\w*)\b/i.test(text) && !/[ãõçáéíóúâêô]/i.test(text)) return null;
  return text;
}

// ----- downloads (spec §7) ------------------------------------------------------------------------------

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename), or null. */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return sanitizeFilename(decodeURIComponent(extended[2]!.trim().replace(/^"|"$/g, '')));
    } catch {
      // a malformed encoding falls through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? sanitizeFilename(name) : null;
}

/** No folders and no control characters in a name the browser saves. */
function sanitizeFilename(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop()!.trim();
  return clean && clean !== '.' && clean !== '..' ? clean : null;
}

/** Spec §7's fallback name: '{resources}_{date}.csv', the date as AAAA-MM-DD. */
export function fallbackFilename(resources: string, date: Date = new Date()): string {
  return `${resources}_${todayInPiaui(date)}.csv`;
}

export const downloadFilename = (header: string | null | undefined, resources: string, date?: Date) => filenameFromDisposition(header) ?? fallbackFilename(resources, date);

/** A file's size as people read it (SI units, as Intl names them): '812 bytes', '159 kB', '6,7 MB'. */
export function fileSize(bytes: number): string {
  const unit = (value: number, unit: 'kilobyte' | 'megabyte' | 'gigabyte', digits: number) =>
    new Intl.NumberFormat('pt-BR', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits }).format(value);
  if (bytes < 1_000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (Math.round(bytes / 1e3) < 1_000) return unit(Math.round(bytes / 1e3), 'kilobyte', 0);
  if (Math.round(bytes / 1e5) / 10 < 1_000) return unit(bytes / 1e6, 'megabyte', 1);
  return unit(bytes / 1e9, 'gigabyte', 1);
}

/**
 * The name of the server's full download (issue 24: 'Baixar CSV completo (servidor)' read as 'civil servant' and hid
 * a 6.5 MB file): what it holds and how big it is, from the query's real record count and the file's real size
 * (left out when the source cannot tell it).
 */
export function downloadLabel(records: number, bytes: number | null): string {
  const what = records === 1 ? 'Baixar 1 registro em CSV' : `Baixar os ${records.toLocaleString('pt-BR')} registros em CSV`;
  return bytes == null ? what : `${what} (${fileSize(bytes)})`;
}

// ----- CSV read by the viewer (the users log) ------------------------------------------------------------

/** Rows of a ';' (or ',') separated file with RFC 4180 quotes; a leading BOM and the last line break ignored. */
export function parseDelimited(text: string, separator = ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A CSV with a header row as records; whole numbers become numbers so they format and export as such. */
export function csvRecords(text: string, separator = ';'): Record<string, string | number>[] {
  const [header, ...lines] = parseDelimited(text, separator);
  if (!header) return [];
  return lines
    .filter((line) => line.some((cell) => cell !== ''))
    .map((line) => Object.fromEntries(header.map((name, i) => {
      const cell = line[i] ?? '';
      return [name, /^-?(0|[1-9]\d{0,14})$/.test(cell) ? Number(cell) : cell];
    })));
}
