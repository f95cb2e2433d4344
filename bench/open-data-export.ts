// npx tsx bench/open-data-export.ts [rows]   (BENCH_DATABASE_URL=postgres://... to run on PostgreSQL)
// Export throughput and the server's peak memory while streaming a million empenhos as CSV, against a
// baseline measured in the same run: a bare node:http server streaming the same bytes from a file.
// Meanwhile a second client keeps asking a small JSON endpoint, to show other requests stay fast.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, writeSection } from './lib.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROWS = Number(process.argv[2] ?? 1_000_000);
const DB_URL = process.env.BENCH_DATABASE_URL;
const PORT = 3250;
const BASELINE_PORT = 3251;
const year = new Date().getUTCFullYear();

const dir = await mkdtemp(join(tmpdir(), 'open-data-bench-'));
const dataDir = join(dir, 'pglite');
const csvFile = join(dir, 'export.csv');

function rssKiB(pid: number): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then((s) => Number(/VmRSS:\s+(\d+)/.exec(s)?.[1] ?? 0), () => 0);
}

function sampleRss(pid: number) {
  let peak = 0;
  const timer = setInterval(async () => (peak = Math.max(peak, await rssKiB(pid))), 25);
  return { stop: () => (clearInterval(timer), peak) };
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet: try again
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} never answered`);
}

/** Streams a download, counting bytes and lines; optionally keeps the bytes for the baseline. */
async function download(url: string, keep?: string) {
  const started = performance.now();
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
  const out = keep ? createWriteStream(keep) : null;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
    if (out && !out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  if (out) await new Promise<void>((r) => out.end(() => r()));
  return { seconds: (performance.now() - started) / 1000, bytes, rows: lines - 1, disposition: res.headers.get('content-disposition') };
}

/** A small JSON request every 100 ms while the export runs: its latencies, sorted. */
function probe(url: string) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      await (await fetch(url)).arrayBuffer();
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return latencies.sort((a, b) => a - b);
  };
}
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

const dbEnv = DB_URL ? { DATABASE_URL: DB_URL } : { DATA_DIR: dataDir };
let server: ChildProcess | undefined;
let bare: ChildProcess | undefined;
try {
  console.log(`generating ${ROWS} empenhos in ${DB_URL ? 'PostgreSQL' : 'PGlite'} ...`);
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'packages/db/src/seed-cli.ts', '--open-data-expenses', String(ROWS), '--open-data-years', '1', '--open-data-servants', '2000',
      ...(DB_URL ? ['--database-url', DB_URL] : ['--data-dir', dataDir])],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...dbEnv } },
  );
  if (seeded.status !== 0) throw new Error('seeding failed');

  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...dbEnv, PORT: String(PORT), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  });
  const base = `http://127.0.0.1:${PORT}`;
  const small = `${base}/api/transparencia/despesas/exercicios/`;
  await waitFor(small, server);
  await download(`${base}/api/transparencia/despesas/${year}/${year}-01/${year}-01/download/`); // warm-up
  const idle = probe(small);
  await new Promise((r) => setTimeout(r, 2000));
  const idleLatency = await idle();
  const serverIdle = await rssKiB(server.pid!);
  const serverPeak = sampleRss(server.pid!);
  const busy = probe(small);
  const portal = await download(`${base}/api/transparencia/despesas/${year}/${year}-12/${year}-01/download/`, csvFile);
  const busyLatency = await busy();
  const portalPeak = serverPeak.stop();

  // Baseline: the same bytes from a file, through a bare node:http server.
  bare = spawn(process.execPath, ['-e', `
    const http = require('node:http'), fs = require('node:fs');
    http.createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' }); fs.createReadStream(${JSON.stringify(csvFile)}).pipe(s); })
      .listen(${BASELINE_PORT}, '127.0.0.1');`], { stdio: 'inherit' });
  await waitFor(`http://127.0.0.1:${BASELINE_PORT}/`, bare);
  const bareIdle = await rssKiB(bare.pid!);
  const barePeak = sampleRss(bare.pid!);
  const baseline = await download(`http://127.0.0.1:${BASELINE_PORT}/`);
  const bareMax = barePeak.stop();

  const mib = (kib: number) => (kib / 1024).toFixed(0);
  const rate = (r: { rows: number; seconds: number }) => Math.round(r.rows / r.seconds);
  const size = ((await stat(csvFile)).size / 2 ** 20).toFixed(0);
  const table = [
    '| server | rows | seconds | rows/s | MiB/s | RSS idle → peak (MiB) | vs baseline (rows/s) |',
    '|---|---|---|---|---|---|---|',
    `| portal, ${DB_URL ? 'PostgreSQL' : 'PGlite (default)'}, keyset batches of 2,000 | ${portal.rows} | ${portal.seconds.toFixed(1)} | ${rate(portal)} | ${(portal.bytes / 2 ** 20 / portal.seconds).toFixed(1)} | ${mib(serverIdle)} → ${mib(portalPeak)} | ${(rate(portal) / rate(baseline)).toFixed(3)}× |`,
    `| bare node:http, same bytes from a file | ${baseline.rows} | ${baseline.seconds.toFixed(1)} | ${rate(baseline)} | ${(baseline.bytes / 2 ** 20 / baseline.seconds).toFixed(1)} | ${mib(bareIdle)} → ${mib(bareMax)} | 1× |`,
  ].join('\n');
  const latency = `Another client asking \`/api/transparencia/despesas/exercicios/\` every 100 ms: p50 ${pct(idleLatency, 0.5).toFixed(1)} ms / max ${pct(idleLatency, 1).toFixed(1)} ms idle, p50 ${pct(busyLatency, 0.5).toFixed(1)} ms / p95 ${pct(busyLatency, 0.95).toFixed(1)} ms / max ${pct(busyLatency, 1).toFixed(1)} ms during the export (${busyLatency.length} requests).`;
  console.log(table);
  console.log(latency);
  await writeSection(
    `open-data-export${DB_URL ? '-postgres' : ''}`,
    `## Open-data export${DB_URL ? ', PostgreSQL' : ''} (\`npx tsx bench/open-data-export.ts\`, bench/open-data-export.ts)

${ROWS.toLocaleString('en')} empenhos generated for one fiscal year (\`npm run seed -- --open-data-expenses ${ROWS} --open-data-years 1\`), exported
as one CSV download (${size} MiB, UTF-8 with BOM, \`;\`) by the portal in production mode. Baseline: a bare \`node:http\` server
streaming the same bytes from a file, measured in the same run. RSS sampled every 25 ms from /proc. ${
      DB_URL ? '' : 'Under PGlite the database runs inside the server process, so its memory is part of the RSS. '
    }Machine: ${await machine()}, shared with other work. Measured ${new Date().toISOString().slice(0, 10)}.

${table}

${latency}`,
  );
} finally {
  server?.kill('SIGTERM');
  bare?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  await rm(dir, { recursive: true, force: true });
}
