// The open-data exports of spec §7: files made in the browser from the data on screen, named export.json,
// export.csv and export.xml. Pure functions, so the rules (header row, quoting, safe XML) are unit-tested.

export type Scalar = string | number | boolean | null;
export type FlatRecord = Record<string, Scalar>;

export const EXPORT_FILES = {
  json: { name: 'export.json', type: 'application/json;charset=utf-8' },
  csv: { name: 'export.csv', type: 'text/csv;charset=utf-8' },
  xml: { name: 'export.xml', type: 'application/xml;charset=utf-8' },
} as const;
export type ExportFormat = keyof typeof EXPORT_FILES;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A page of the transparency and audit-court APIs: {count, next, previous, results}. */
export function isPage(value: unknown): value is { count: number; next: string | null; previous: string | null; results: unknown[] } {
  return isObject(value) && typeof value.count === 'number' && Array.isArray(value.results) && 'next' in value && 'previous' in value;
}

/** What is exported: a page's records (its links lead nowhere outside our server), anything else as it came. */
export function exportValue(data: unknown): unknown {
  return isPage(data) ? data.results : data;
}

/**
 * One row of scalars: nested objects become dotted columns ('credor.nome'), lists of scalars are joined
 * with ', ' and lists of objects are kept as JSON text, so no value is lost in a flat file.
 */
export function flatten(value: unknown, prefix = ''): FlatRecord {
  if (!isObject(value)) return { [prefix || 'valor']: toScalar(value) };
  const out: FlatRecord = {};
  for (const [key, item] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isObject(item)) Object.assign(out, flatten(item, name));
    else out[name] = toScalar(item);
  }
  return out;
}

function toScalar(value: unknown): Scalar {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.every((v) => v === null || typeof v !== 'object') ? value.map((v) => (v == null ? '' : String(v))).join(', ') : JSON.stringify(value);
  return JSON.stringify(value);
}

/** The rows of a flat file: a list gives one row per item, a single object one row. */
export function toRows(value: unknown): FlatRecord[] {
  const items = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return items.map((item) => flatten(item));
}

/** Every column of the rows, in the order they first appear. */
export function columnsOf(rows: FlatRecord[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

export function toJson(data: unknown): string {
  return `${JSON.stringify(exportValue(data), null, 2)}\n`;
}

// The CSV follows the server's downloads (and what Brazilian spreadsheets open without a wizard):
// UTF-8 with BOM, ';' between fields, decimal comma, CRLF, RFC 4180 quoting.
const CSV_SEPARATOR = ';';

function csvCell(value: Scalar): string {
  if (value === null) return '';
  let text = typeof value === 'number' ? String(value).replace('.', ',') : String(value);
  // A cell a spreadsheet would run as a formula is neutralised (CSV injection); numbers are never text here.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(data: unknown): string {
  const rows = toRows(exportValue(data));
  const columns = columnsOf(rows);
  const lines = [columns.map((c) => csvCell(c)).join(CSV_SEPARATOR), ...rows.map((row) => columns.map((c) => csvCell(row[c] ?? null)).join(CSV_SEPARATOR))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * A valid XML element name from any key: accents dropped, other characters replaced by '_', never starting
 * with a digit, '-', '.' or the reserved 'xml'.
 */
export function xmlName(key: string): string {
  let name = key
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^A-Za-z0-9_.-]/g, '_');
  if (!name || /^[0-9.-]/.test(name) || /^xml/i.test(name)) name = `_${name}`;
  return name;
}

/** Text safe inside an element: markup escaped, characters XML 1.0 forbids removed. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function xmlElement(name: string, value: unknown, depth: number): string {
  const pad = '  '.repeat(depth);
  const tag = xmlName(name);
  if (value === null || value === undefined) return `${pad}<${tag}/>`;
  if (Array.isArray(value)) {
    if (!value.length) return `${pad}<${tag}/>`;
    return `${pad}<${tag}>\n${value.map((item) => xmlElement('item', item, depth + 1)).join('\n')}\n${pad}</${tag}>`;
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (!entries.length) return `${pad}<${tag}/>`;
    return `${pad}<${tag}>\n${entries.map(([key, item]) => xmlElement(key, item, depth + 1)).join('\n')}\n${pad}</${tag}>`;
  }
  return `${pad}<${tag}>${escapeXml(String(value))}</${tag}>`;
}

/** `<dados>` holding one `<registro>` per record (or the object's fields), nested values as child elements. */
export function toXml(data: unknown): string {
  const value = exportValue(data);
  const body = Array.isArray(value)
    ? value.map((item) => xmlElement('registro', item, 1)).join('\n')
    : isObject(value)
      ? Object.entries(value)
          .map(([key, item]) => xmlElement(key, item, 1))
          .join('\n')
      : xmlElement('valor', value, 1);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<dados>${body ? `\n${body}\n` : ''}</dados>\n`;
}

export function exportFile(format: ExportFormat, data: unknown): { name: string; type: string; text: string } {
  const text = format === 'json' ? toJson(data) : format === 'csv' ? toCsv(data) : toXml(data);
  return { ...EXPORT_FILES[format], text };
}
