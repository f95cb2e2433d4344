// npx tsx bench/memory.ts   (MEMORY_BUDGET_MIB=512 by default)
// Memory of the embedded default: `npm start` on a fresh temporary DATA_DIR (the first start creates the
// PGlite database, migrates and seeds the demo), stopped, then started again on that data directory. The
// RSS of the server process is sampled from /proc while idle after each start and while a fixed batch of
// typical requests (pages, search, open data) runs. Exits non-zero when the idle RSS after the second
// start is over the budget (issue 11, item 8).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, writeSection } from './lib.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3262);
const BUDGET_MIB = Number(process.env.MEMORY_BUDGET_MIB ?? 512);
const BASE = `http://127.0.0.1:${PORT}`;
const year = new Date().getUTCFullYear();
const last = year - 1; // a whole fiscal year of demo open data

/** Measured with this script before the change of issue 11 item 8 (same machine, 2026-11-24). */
const BEFORE = { firstIdle: 859, firstPeak: 938, secondIdle: 591, secondPeak: 640, after: 595 };

/** A fixed batch of typical requests: pages, search and open data, as a visitor and the mobile app make them. */
const search = (query: string) => ({ method: 'POST', path: '/v1/search', body: { query, groups: ['CATALOG'], from: 0 } });
const REQUESTS: { method?: string; path: string; body?: unknown }[] = [
  { path: '/app/catalog' },
  { path: '/app/catalog/transito-e-veiculos/renovacao-da-cnh' },
  { path: '/app/catalog/educacao/historico-escolar' },
  { path: '/app/catalog/list/saude' },
  { path: '/app/catalog/search/identidade' },
  { path: '/app/catalog/orgao' },
  { path: '/app/catalog/orgao/sefaz' },
  search('renovar cnh'),
  search('rg'),
  search('identiadde'),
  search('certidao negativa de debitos'),
  search('ipva'),
  { path: '/v1/open-data' },
  { path: '/app/catalog/dados' },
  { path: '/app/catalog/dados/despesa/empenhos' },
  { path: `/app/catalog/dados/credores/lista/${last}` },
  { path: '/app/catalog/dados/servidor/remuneracoes' },
  { path: `/app/catalog/dados/receitas/mensal/${last}` },
  { path: '/api/transparencia/despesas/exercicios/' },
  { path: '/api/transparencia/despesas/updated_at/' },
  { path: `/api/transparencia/despesas/referencias/${last}/` },
  { path: `/api/transparencia/despesas/${last}/${last}-03/${last}-01/?page=1&page_size=20` },
  { path: `/api/transparencia/despesas/${last}/${last}-12/${last}-01/?page=50&page_size=50` },
  { path: `/api/transparencia/despesas/orgaos/${last}/${last}-12/${last}-01/` },
  { path: `/api/transparencia/despesas/${last}/${last}-06/${last}-06/download/` },
  { path: '/api/transparencia/servidores/exercicios/' },
  { path: '/api/transparencia/servidores/orgaos/' },
  { path: `/api/transparencia/servidores/referencias/${last}/` },
  { path: `/api/transparencia/servidores/${last}/${last}-05/?page=1&page_size=20` },
  { path: `/api/transparencia/servidores/${last}/${last}-05/?page=100&page_size=50` },
  { path: `/api/tce/credores/lista/${last}` },
  { path: '/api/tce/credores/lista/todos' },
  { path: `/api/tce/licitacoes/todas/${last}` },
  { path: `/api/tce/documentos/contratos/${last}` },
  { path: `/api/tce/receitas/natureza/${last}` },
  { path: '/api/tce/orgaos/unidades-gestoras/todas' },
];
const ROUNDS = 2; // the batch twice: 72 requests
const CONCURRENCY = 4;

interface Status {
  rss: number;
  anon: number;
  file: number;
  hwm: number;
}

async function status(pid: number): Promise<Status> {
  try {
    const text = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
    return { rss: kib('VmRSS'), anon: kib('RssAnon'), file: kib('RssFile'), hwm: kib('VmHWM') };
  } catch {
    return { rss: 0, anon: 0, file: 0, hwm: 0 };
  }
}

/** The processes under `root` (npm → tsx → node): pid, parent and command line, from /proc. */
async function tree(root: number) {
  const all: { pid: number; ppid: number; cmd: string }[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = (await readFile(`/proc/${name}/cmdline`, 'utf8')).replaceAll('\0', ' ').trim();
      all.push({ pid: Number(name), ppid, cmd });
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    for (const p of all.filter((x) => x.ppid === pid)) {
      found.push(p);
      queue.push(p.pid);
    }
  }
  return found;
}

/** The server: the deepest process of the tree running server.ts (tsx's own launcher is its parent). */
async function serverPid(root: number) {
  const processes = (await tree(root)).filter((p) => p.cmd.includes('server.ts'));
  return processes.at(-1)?.pid;
}

function sampler(pid: number, everyMs: number) {
  const samples: number[] = [];
  const timer = setInterval(async () => samples.push((await status(pid)).rss), everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return samples;
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const mib = (kib: number) => Math.round(kib / 1024);

async function start(dataDir: string) {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    detached: true, // its own process group, so the stop reaches npm, tsx and the server together
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: undefined, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  });
  for (let i = 0; i < 2400; i++) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode})`);
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  const pid = await serverPid(child.pid!);
  if (!pid) throw new Error('server process not found under npm start');
  return { child, pid, seconds: (performance.now() - started) / 1000 };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await Promise.race([exited, sleep(30_000)]);
  if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
}

/** Idle: let startup work settle, then the median of 20 samples over 4 s. */
async function idle(pid: number) {
  await sleep(5000);
  const s = sampler(pid, 200);
  await sleep(4000);
  const samples = s.stop();
  return { ...(await status(pid)), rss: median(samples) };
}

async function batch(pid: number) {
  const s = sampler(pid, 25);
  const queue = Array.from({ length: ROUNDS }, () => REQUESTS).flat();
  const failures: string[] = [];
  let bytes = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let r = queue.shift(); r; r = queue.shift()) {
        const res = await fetch(`${BASE}${r.path}`, {
          method: r.method ?? 'GET',
          headers: r.body ? { 'content-type': 'application/json' } : {},
          body: r.body ? JSON.stringify(r.body) : undefined,
        });
        const body = await res.arrayBuffer();
        bytes += body.byteLength;
        if (!res.ok) failures.push(`${res.status} ${r.method ?? 'GET'} ${r.path}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const samples = s.stop();
  return { peak: Math.max(...samples, (await status(pid)).rss), failures, bytes, seconds };
}

if (spawnSync(process.execPath, ['apps/web/scripts/ensure-build.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
const dir = await mkdtemp(join(tmpdir(), 'memory-bench-'));
const dataDir = join(dir, 'data');
let current: ChildProcess | undefined;
let failed = false;
try {
  console.log(`first start on an empty ${dataDir} (creates, migrates and seeds the demo) ...`);
  const first = await start(dataDir);
  current = first.child;
  const firstIdle = await idle(first.pid);
  await stop(first.child);

  console.log('second start on the same data directory ...');
  const second = await start(dataDir);
  current = second.child;
  const secondIdle = await idle(second.pid);
  const load = await batch(second.pid);
  const afterLoad = await idle(second.pid);
  const everything = await tree(second.child.pid!);
  const treeRss = (await Promise.all(everything.map((p) => status(p.pid)))).reduce((sum, s) => sum + s.rss, (await status(second.child.pid!)).rss);
  await stop(second.child);
  current = undefined;

  const ok = mib(secondIdle.rss) <= BUDGET_MIB;
  failed = !ok || load.failures.length > 0;
  const row = (what: string, before: number, now: number, detail: string) => `| ${what} | ${before} | **${now}** | ${detail} |`;
  const table = [
    '| RSS of the server process (MiB) | before | after | detail (after) |',
    '|---|---|---|---|',
    row('first start, idle', BEFORE.firstIdle, mib(firstIdle.rss), `ready in ${first.seconds.toFixed(0)} s; anonymous ${mib(firstIdle.anon)}, files ${mib(firstIdle.file)}`),
    row('first start, peak', BEFORE.firstPeak, mib(firstIdle.hwm), 'VmHWM: PGlite\'s initdb (a second WASM instance, freed after it) and the seed'),
    row('**second start, idle** (budget ' + BUDGET_MIB + ')', BEFORE.secondIdle, mib(secondIdle.rss), `ready in ${second.seconds.toFixed(1)} s; anonymous ${mib(secondIdle.anon)}, files ${mib(secondIdle.file)}`),
    row('second start, peak under the batch', BEFORE.secondPeak, mib(load.peak), `${ROUNDS * REQUESTS.length} requests, ${CONCURRENCY} at a time, ${load.seconds.toFixed(1)} s, ${(load.bytes / 2 ** 20).toFixed(1)} MiB answered`),
    row('second start, idle after the batch', BEFORE.after, mib(afterLoad.rss), `whole tree (npm, tsx, server): ${mib(treeRss)}`),
  ].join('\n');
  console.log(table);
  if (load.failures.length) console.log(`failed requests:\n  ${load.failures.join('\n  ')}`);
  console.log(ok ? `idle RSS after the second start: ${mib(secondIdle.rss)} MiB, within ${BUDGET_MIB} MiB` : `idle RSS after the second start: ${mib(secondIdle.rss)} MiB, OVER the ${BUDGET_MIB} MiB budget`);
  await writeSection(
    'memory',
    `## Memory of the embedded default (\`npx tsx bench/memory.ts\`, bench/memory.ts)

\`npm start\` (production build, PGlite in a fresh temporary DATA_DIR) started once (creates the database, migrates, seeds
the demo catalog, citizens and open data), stopped, and started again on that data directory. RSS of the server process
(the node process under npm and tsx) read from /proc: idle is the median over 4 s after 5 s of rest; the peak is sampled
every 25 ms while a fixed batch runs (home, service, list, department and open-data pages, \`POST /v1/search\`,
\`/v1/open-data\`, \`/api/transparencia\` lists, totals and a month's CSV, \`/api/tce\` queries). Budget: idle after the
second start ≤ ${BUDGET_MIB} MiB (issue 11, item 8); the script exits non-zero over it. "before" is the same script on the code
before the change (PGlite's default 128 MB of shared buffers, the open-data seed sorting with 64 MB of work_mem). Machine: ${await machine()},
shared with other work. Measured ${new Date().toISOString().slice(0, 10)}.

${table}${load.failures.length ? `\n\nFailed requests: ${load.failures.join(', ')}` : ''}`,
  );
} finally {
  if (current) await stop(current);
  await rm(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
