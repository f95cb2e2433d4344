import { Clock, Download, FileCode, FileJson, FileSpreadsheet, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Pagination } from '../../components/pagination/pagination.tsx';
import { showSnackbar } from '../../components/snackbar/snackbar.tsx';
import { formatNumber } from '../../lib/format.ts';
import { columnLabel, formatCell, updatedAtText } from './cells.ts';
import { downloadFilename, failureMessage, MESSAGES } from './endpoints.ts';
import { columnsOf, exportFile, exportValue, flatten, toRows, type ExportFormat, type FlatRecord } from './export.ts';
import styles from './open-data.module.css';
import type { Failure, Result } from './view.ts';

/** Saves text or a blob as a file the browser downloads (exports and the server's CSV). */
function saveFile(content: Blob, name: string) {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function UpdatedAt({ value }: { value: string | null }) {
  const text = value ? updatedAtText(value) : null;
  if (!value || !text) return null;
  return (
    <p className={styles.updated} data-testid="updated-at">
      <Clock size={18} aria-hidden="true" />
      <time dateTime={value}>{text}</time>
    </p>
  );
}

/** A failed fetch, in words (spec §8); the snackbar says it too. */
export function FailureNotice({ failure }: { failure: Failure }) {
  return (
    <div className={styles.failure} role="alert" data-testid="fetch-failure">
      <p className={styles.failureTitle}>{failure.message}</p>
      {failure.detail ? <p>{failure.detail}</p> : null}
    </div>
  );
}

const EXPORTS: { format: ExportFormat; label: string; icon: typeof FileJson }[] = [
  { format: 'json', label: 'JSON', icon: FileJson },
  { format: 'csv', label: 'CSV', icon: FileSpreadsheet },
  { format: 'xml', label: 'XML', icon: FileCode },
];

/** JSON, CSV and XML made in the browser from the data on screen (spec §7: export.json, export.csv, export.xml). */
export function ExportButtons({ data }: { data: unknown }) {
  const id = useId();
  return (
    <div className={styles.actions} role="group" aria-labelledby={id}>
      <span id={id} className={styles.actionsLabel}>
        Exportar dados desta página:
      </span>
      {EXPORTS.map(({ format, label, icon: FormatIcon }) => (
        <button
          key={format}
          type="button"
          className={styles.secondary}
          onClick={() => {
            const file = exportFile(format, data);
            saveFile(new Blob([file.text], { type: file.type }), file.name);
          }}
        >
          <FormatIcon size={18} aria-hidden="true" /> {label}
        </button>
      ))}
    </div>
  );
}

/**
 * The server's CSV of the whole query. Without JavaScript the link downloads it directly; with it, the file
 * is fetched as a blob so a failure shows its message (spec §8) and the name comes from Content-Disposition,
 * or '{resources}_{date}.csv' (spec §7).
 */
export function DownloadButton({ href, resources, label }: { href: string; resources: string; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <a
      href={href}
      download
      className={styles.button}
      aria-disabled={busy || undefined}
      data-testid="server-download"
      onClick={async (event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        try {
          const response = await fetch(href, { headers: { accept: 'text/csv' } });
          if (!response.ok) {
            const text = (await response.text()).trim();
            showSnackbar(failureMessage({ status: response.status, message: text }, 'form').message, 'error');
            return;
          }
          saveFile(await response.blob(), downloadFilename(response.headers.get('content-disposition'), resources));
        } catch (err) {
          showSnackbar(failureMessage({ status: 0, message: err instanceof Error ? err.message : null }, 'form').message, 'error');
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? <LoaderCircle className="spin" size={18} aria-hidden="true" /> : <Download size={18} aria-hidden="true" />}
      {busy ? 'Baixando...' : label}
    </a>
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function RecordsTable({ caption, rows }: { caption: string; rows: FlatRecord[] }) {
  const id = useId();
  const columns = columnsOf(rows);
  return (
    <div className={styles.tableScroll} role="region" aria-labelledby={id} tabIndex={0}>
      <table className={styles.table}>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {columnLabel(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((column, c) => {
                const cell = formatCell(column, row[column] ?? null);
                const className = cell.align === 'end' ? styles.end : undefined;
                return c === 0 ? (
                  <th key={column} scope="row" className={className}>
                    {cell.text}
                  </th>
                ) : (
                  <td key={column} className={className}>
                    {cell.text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One record's fields as 'field: value' rows, its lists of records as tables of their own. */
function ObjectTables({ caption, value }: { caption: string; value: Record<string, unknown> }) {
  const id = useId();
  const lists = Object.entries(value).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]) && entry[1].some(isObject));
  const fields = flatten(Object.fromEntries(Object.entries(value).filter(([key]) => !lists.some(([k]) => k === key))));
  return (
    <>
      <div className={styles.tableScroll} role="region" aria-labelledby={id} tabIndex={0}>
        <table className={styles.table}>
          <caption id={id}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Campo</th>
              <th scope="col">Valor</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(fields).map(([key, raw]) => {
              const cell = formatCell(key, raw);
              return (
                <tr key={key}>
                  <th scope="row">{columnLabel(key)}</th>
                  <td className={cell.align === 'end' ? styles.end : undefined}>{cell.text}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {lists.map(([key, items]) => (
        <RecordsTable key={key} caption={`${columnLabel(key)} (${items.length})`} rows={toRows(items)} />
      ))}
    </>
  );
}

/**
 * The data as readable tables, the count, pagination where the API paginates, the raw JSON on demand and
 * the exports once there is data.
 */
export function ResultView({ result, title }: { result: Result; title: string }) {
  const value = exportValue(result.data);
  const list = Array.isArray(value) ? value : null;
  const empty = list ? list.length === 0 : value === null || value === undefined || (isObject(value) && Object.keys(value).length === 0);
  const page = result.page;
  const total = page?.total ?? list?.length ?? 1;
  const summary = page
    ? `${formatNumber(total)} ${total === 1 ? 'registro' : 'registros'}${page.count > 1 ? `, página ${page.index + 1} de ${formatNumber(page.count)}` : ''}`
    : list
      ? `${formatNumber(list.length)} ${list.length === 1 ? 'registro' : 'registros'}`
      : '1 registro';
  return (
    <section className={styles.panel} aria-labelledby="resultado" data-testid="result">
      <div className={styles.resultHeader}>
        <h2 id="resultado">Resultado</h2>
        <p className={styles.count} role="status">
          {empty ? MESSAGES.noData : summary}
        </p>
      </div>
      {empty ? null : (
        <>
          <ExportButtons data={result.data} />
          {list ? (
            <RecordsTable caption={`${title}: ${summary}`} rows={toRows(list)} />
          ) : isObject(value) ? (
            <ObjectTables caption={title} value={value} />
          ) : (
            <p>{String(value)}</p>
          )}
          {page && page.count > 1 ? <Pagination pageIndex={page.index} pageCount={page.count} hash="resultado" /> : null}
        </>
      )}
      <details className={styles.raw}>
        <summary>Ver dados brutos (JSON)</summary>
        <pre tabIndex={0} role="region" aria-label="Dados brutos em JSON">
          {JSON.stringify(result.data, null, 2)}
        </pre>
      </details>
    </section>
  );
}

export { saveFile };
