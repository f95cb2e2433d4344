import { Readable } from 'node:stream';
import { OPEN_DATA_USERS_TOTAL } from '@portal/contracts';
import { stableHash } from '@portal/db';
import type { CsvDownload } from './open-data.service.ts';

const USERS_LOG_START = Date.UTC(2021, 0, 4);

/**
 * The digital-transformation users log: one line a day since the citizen app launched, whose new users
 * add up to the static total of the index (2.785.167). Computed, deterministic, a few thousand lines.
 */
export function usersLogCsv(today = new Date()): CsvDownload {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const days = Math.max(1, Math.floor((end - USERS_LOG_START) / 86_400_000) + 1);
  const weights = Array.from({ length: days }, (_, i) => {
    const date = new Date(USERS_LOG_START + i * 86_400_000);
    const weekend = [0, 6].includes(date.getUTCDay()) ? 0.55 : 1;
    return (1 + (2 * i) / days) * weekend * (0.8 + (stableHash(date.toISOString().slice(0, 10)) % 400) / 1000);
  });
  const total = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  let carried = 0;
  const lines = [`\uFEFFdata;novos_usuarios;total_acumulado;acessos`];
  weights.forEach((w, i) => {
    carried += (w / total) * OPEN_DATA_USERS_TOTAL;
    const added = i === days - 1 ? OPEN_DATA_USERS_TOTAL - cumulative : Math.round(carried - cumulative);
    cumulative += added;
    const date = new Date(USERS_LOG_START + i * 86_400_000).toISOString().slice(0, 10);
    const visits = Math.round(cumulative * 0.04 * (0.7 + (stableHash(`a${date}`) % 600) / 1000));
    lines.push(`${date.split('-').reverse().join('/')};${added};${cumulative};${visits}`);
  });
  return { filename: 'log_usuarios.csv', stream: Readable.from([`${lines.join('\r\n')}\r\n`], { objectMode: false }) };
}
