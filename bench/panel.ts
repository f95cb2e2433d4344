// The services' public panel at a million requests (issue 30): how long the job takes to count every month the first
// time, and to bring the counts up to date after a day of work; how long the panel takes to build for the state, a
// department and a service (budget: ≤ 1 s, each address asked once, so none comes from the public cache); and what it
// serves from the public cache at 4 requests at once, beside the same process's /healthz (the baseline) in the same run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '@portal/db';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { panelService } from '../apps/server/src/modules/panel/panel.service.ts';
import { machine, waitFor, writeSection } from './lib.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3274);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const COUNT = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
const CONNECTIONS = 4;
const SERVER = process.env.BENCH_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const NAME = 'bench_panel';
const BUILD_BUDGET_MS = 1_000;
const DAY_OF_WORK = 5_000;

const url = `${SERVER}/${NAME}`;
const seeded = Date.now();
const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
await admin.connect();
await admin.query(`drop database if exists ${NAME} with (force)`);
await admin.query(`create database ${NAME}`);
await admin.end();
const seed = spawnSync(process.execPath, ['--import', 'tsx', 'packages/db/src/seed-cli.ts', '--database-url', url, '--requests', String(COUNT)], { cwd: ROOT, stdio: 'inherit' });
if (seed.status !== 0) throw new Error('the seed failed');
const seedSeconds = (Date.now() - seeded) / 1000;

// The job's work, timed in this process on the same database (what the hourly job runs).
const database = await createDatabase({ url });
const panel = panelService({ db: database.db } as unknown as FastifyInstance);
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
};
const first = await timed(() => panel.refresh());
const client = new pg.Client({ connectionString: url });
await client.connect();
const countRows = Number((await client.query('select count(*)::int as n from panel_counts')).rows[0].n);
// A day of work: so many requests answered today.
await client.query(
  `update service_requests set state = 'concluida', closed_at = now(), updated_at = now() where id in (select id from service_requests where state in ('enviada', 'em_analise') order by id limit ${DAY_OF_WORK})`,
);
const day = await timed(() => panel.refresh());
const idle = await timed(() => panel.refresh());
await database.close();

const portal = spawn('npm', ['start', '--silent'], {
  cwd: ROOT,
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NODE_ENV: undefined, DATABASE_URL: url, PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: `http://localhost:${PORT}`, LOG_LEVEL: 'warn', API_RATE_LIMIT: '0' },
});
const stop = (child: ChildProcess) => {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // gone already
  }
};

/** One address asked `times` times, each with another period (so the public cache has none of them): p50 and max in ms. */
async function builds(path: string, times: number) {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const year = 2022 + (i % 4);
    const month = String(1 + (i % 12)).padStart(2, '0');
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${PORT}${path}${path.includes('?') ? '&' : '?'}de=${year}-${month}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(ms.length / 2)]!, max: ms.at(-1)! };
}

async function served(path: string) {
  const options = { url: `http://127.0.0.1:${PORT}${path}`, connections: CONNECTIONS, timeout: 30 };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: DURATION });
  if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const misses: string[] = [];
try {
  await waitFor(`http://127.0.0.1:${PORT}/healthz`, portal);
  const buildRows: string[] = [];
  for (const [name, path] of [
    ['the state', '/v1/painel'],
    ['DETRAN-PI', '/v1/painel?orgao=detran-pi'],
    ['one service', '/v1/painel?servico=segunda-via-da-cnh'],
    ['the page (state)', '/app/painel'],
    ['a chart (state)', '/app/painel/graficos/solicitacoes.svg'],
  ] as const) {
    const b = await builds(path, 20);
    const ok = b.max <= BUILD_BUDGET_MS;
    if (!ok && path.startsWith('/v1')) misses.push(`${name}: ${b.max.toFixed(0)} ms (budget ${BUILD_BUDGET_MS} ms)`);
    buildRows.push(`| ${name} | \`${path}\` | ${b.p50.toFixed(0)} | ${b.max.toFixed(0)} | ${ok ? 'met' : '**missed**'} |`);
    console.log(buildRows.at(-1));
  }
  const servedRows: string[] = [];
  let baseline = 0;
  for (const [name, path] of [
    ['/healthz (baseline)', '/healthz'],
    ['the state, JSON', '/v1/painel'],
    ['the page', '/app/painel'],
  ] as const) {
    const r = await served(path);
    if (!baseline) baseline = r.rps;
    servedRows.push(`| ${name} | ${r.rps.toFixed(0)} | ${((r.rps / baseline) * 100).toFixed(0)} % | ${r.p50} | ${r.p99} |`);
    console.log(servedRows.at(-1));
  }
  await writeSection(
    'panel',
    `## The services' panel at a million requests (\`npx tsx bench/panel.ts\`, bench/panel.ts)

${COUNT.toLocaleString('en')} synthetic requests over 400 days (\`npm run seed -- --requests ${COUNT}\`, written in ${seedSeconds.toFixed(0)} s with the demo) on this machine's PostgreSQL 15. ${await machine()}.

**The job** (\`atualizar-painel\`, hourly; timed in the bench's process on the same database):

| what | ms | months counted |
|---|---|---|
| the first time: every month | ${first.ms.toFixed(0)} | ${first.result.length} (${countRows.toLocaleString('en')} rows of panel_counts) |
| after a day of work (${DAY_OF_WORK.toLocaleString('en')} requests answered today) | ${day.ms.toFixed(0)} | ${day.result.length} |
| with nothing new | ${idle.ms.toFixed(0)} | ${idle.result.length} |

**Building the panel** (\`npm start\` on that database; each address asked 20 times, each time for another period, so
none is answered from the public cache; budget: ≤ ${BUILD_BUDGET_MS} ms for the API's answers):

| what | address | p50 ms | max ms | |
|---|---|---|---|---|
${buildRows.join('\n')}

**Served** from the public cache at ${CONNECTIONS} requests at once for ${DURATION} s after a 2 s warm-up; the share is of the same process's \`/healthz\`:

| what | req/s | share of /healthz | p50 ms | p99 ms |
|---|---|---|---|---|
${servedRows.join('\n')}
`,
  );
} finally {
  stop(portal);
  await client.query('select 1').catch(() => {});
  await client.end();
  const drop = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await drop.connect();
  await drop.query(`drop database if exists ${NAME} with (force)`);
  await drop.end();
}
if (misses.length) {
  console.error(`budget missed:\n${misses.join('\n')}`);
  process.exit(1);
}
process.exit(0);
