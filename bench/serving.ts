// Serving under load: the anonymous service page and the service `load` API of `npm start` (embedded
// PGlite, demo data, production build), at 32 connections, beside a bare `node:http` server answering the
// very same bytes in the same run, and the home of a logged-in citizen (rendered for them alone, never
// cached). Budgets of issue 11: page ≥ 30 % of bare with p99 ≤ 50 ms; load ≥ 50 % with p99 ≤ 20 ms; the
// logged-in page p99 ≤ 150 ms. A budget missed fails the bench. The state's app refreshes its token before
// every personal call (issue 14): that refresh is a row too, with the same p99 as a logged-in page.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { appLogin, machine, waitFor, webLogin, writeSection } from './lib.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3263);
const BARE_PORT = PORT + 1;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const dataDir = fileURLToPath(new URL('../.data-bench-serving', import.meta.url));

const ORIGIN = `http://localhost:${PORT}`;
const TOKEN_PATH = '/auth/realms/pi/protocol/openid-connect/token';
const ROWS: { name: string; path: string; share: number; p99: number; citizen?: string; appRefresh?: string }[] = [
  { name: 'anonymous service page (SSR, public cache)', path: '/app/catalog/impostos-e-tributos/emissao-do-dae-do-ipva', share: 0.3, p99: 50 },
  { name: '`GET /v1/catalog/{slug}/load`', path: '/v1/catalog/emissao-do-dae-do-ipva/load', share: 0.5, p99: 20 },
  // The same service page for a logged-in citizen: rendered for her alone (header with her name, favourite star).
  { name: 'logged-in service page (maria.silva, no cache)', path: '/app/catalog/impostos-e-tributos/emissao-do-dae-do-ipva', share: 0, p99: 150, citizen: 'maria.silva' },
  // Her home, the heaviest page there is (favourites, pay slips, CNH, recommendations, balance): reported, no budget.
  { name: 'logged-in home (maria.silva, every personal widget, no cache)', path: '/app/catalog', share: 0, p99: Infinity, citizen: 'maria.silva' },
  // What the state's app sends before each personal call: a refresh of its token (public client, no secret).
  { name: 'app token refresh (`POST …/openid-connect/token`, maria.silva)', path: TOKEN_PATH, share: 0, p99: 150, appRefresh: 'maria.silva' },
];

/** The form the app posts before each personal call: a refresh with the refresh token of a login as the app does it (PKCE, no secret). */
async function appRefreshForm(username: string): Promise<string> {
  const tokens = await appLogin(ORIGIN, username);
  return new URLSearchParams({ grant_type: 'refresh_token', client_id: 'portal-web', refresh_token: tokens.refresh_token }).toString();
}

function stop(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** Requests per second and latency, each of `connections` asking again as soon as it is answered. */
async function measure(port: number, path: string, headers: Record<string, string> = {}, connections = CONNECTIONS, body?: string) {
  // 30 s, not autocannon's 10: at 32 connections a page rendered per citizen waits behind 31 others, which is the queue this row measures, not an error.
  const request = { url: `http://127.0.0.1:${port}${path}`, connections, headers, timeout: 30, ...(body ? { method: 'POST' as const, body } : {}) };
  await autocannon({ ...request, duration: 2 }); // warm-up
  const result = await autocannon({ ...request, duration: DURATION });
  if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Citizens rendered at once in the logged-in rows: a busy instance, not a saturated one. */
const BUSY_CONNECTIONS = 4;

/**
 * A page no cache may keep: the most it serves per second (32 connections), and its latency with 4 pages
 * rendered at once. At 32 connections every page waits behind 31 others, which measures the queue, not the page.
 */
async function measureUncached(port: number, path: string, headers: Record<string, string>, body?: string) {
  const most = await measure(port, path, headers, CONNECTIONS, body);
  const busy = await measure(port, path, headers, BUSY_CONNECTIONS, body);
  return { rps: most.rps, p50: busy.p50, p99: busy.p99, saturatedP99: most.p99 };
}

const portal = spawn('npm', ['start', '--silent'], {
  cwd: ROOT,
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NODE_ENV: undefined, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: ORIGIN, LOG_LEVEL: 'warn', API_RATE_LIMIT: '0' },
});
const results: { row: (typeof ROWS)[number]; portal: Awaited<ReturnType<typeof measure>> & { saturatedP99?: number }; bare: Awaited<ReturnType<typeof measure>> }[] = [];
try {
  await waitFor(`http://127.0.0.1:${PORT}/healthz`, portal);
  for (const row of ROWS) {
    const session: Record<string, string> = row.citizen ? { cookie: await webLogin(ORIGIN, row.citizen) } : row.appRefresh ? { 'content-type': 'application/x-www-form-urlencoded' } : {};
    const form = row.appRefresh ? await appRefreshForm(row.appRefresh) : undefined;
    const answer = await fetch(`http://127.0.0.1:${PORT}${row.path}`, { headers: session, ...(form ? { method: 'POST', body: form } : {}) });
    if (!answer.ok) throw new Error(`${row.path} answered ${answer.status}`);
    // The same bytes on the wire: the body and every header the portal sends (its security headers, cache
    // headers, ETag), but those Node's server writes itself. A client parses headers too, so a baseline with two
    // headers would answer nearly twice as fast for reasons that are not the portal's (measured: 79k vs 44k req/s).
    const headers = Object.fromEntries([...answer.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)));
    // Through a file: a page is larger than what an environment variable may hold.
    const bodyFile = join(tmpdir(), `portal-bench-serving-${process.pid}.bin`);
    await writeFile(bodyFile, Buffer.from(await answer.arrayBuffer()));
    // The baseline: those bytes from Node's own http server, in a process of its own like the portal's.
    const bare = spawn(
      process.execPath,
      ['-e', `const b=require('node:fs').readFileSync(process.env.BODY_FILE);const h=JSON.parse(process.env.HEADERS);require('node:http').createServer((q,s)=>{s.writeHead(200,{...h,'content-length':b.length});s.end(b)}).listen(${BARE_PORT},'127.0.0.1')`],
      { detached: true, stdio: 'ignore', env: { ...process.env, BODY_FILE: bodyFile, HEADERS: JSON.stringify(headers) } },
    );
    try {
      await waitFor(`http://127.0.0.1:${BARE_PORT}/`, bare);
      const bareResult = await measure(BARE_PORT, row.path, {}, CONNECTIONS, form);
      const portalResult = row.citizen || form ? await measureUncached(PORT, row.path, session, form) : await measure(PORT, row.path);
      results.push({ row, portal: portalResult, bare: bareResult });
    } finally {
      stop(bare);
    }
  }
} finally {
  stop(portal);
}

const misses: string[] = [];
const lines = results.map(({ row, portal: p, bare: b }) => {
  const share = p.rps / b.rps;
  const ok = share >= row.share && p.p99 <= row.p99;
  if (!ok) misses.push(`${row.name}: ${(share * 100).toFixed(0)} % of bare (budget ${row.share * 100} %), p99 ${p.p99} ms (budget ${row.p99} ms)`);
  const budget = row.share ? `≥ ${row.share * 100} %, p99 ≤ ${row.p99} ms` : Number.isFinite(row.p99) ? `p99 ≤ ${row.p99} ms` : 'reported';
  const latency = p.saturatedP99 === undefined ? `${p.p50} | ${p.p99}` : `${p.p50} | ${p.p99} (at ${CONNECTIONS} connections: ${p.saturatedP99})`;
  return `| ${row.name} | ${p.rps.toFixed(0)} | ${b.rps.toFixed(0)} | ${(share * 100).toFixed(0)} % | ${latency} | ${budget} | ${Number.isFinite(row.p99) ? (ok ? 'met' : '**missed**') : ''} |`;
});
await writeSection(
  'serving',
  `## Serving under load (\`npx tsx bench/serving.ts\`, bench/serving.ts)

\`npm start\` (embedded PGlite, demo data, production build) at ${CONNECTIONS} connections for ${DURATION} s per row after a
2 s warm-up, beside a bare \`node:http\` server in its own process answering the same bytes (body and headers). ${await machine()}.
Before issue 11 (same machine, same method): the page 78 req/s (1 % of bare, p99 3,786 ms), \`load\` 346 req/s
(1 %, p99 366 ms). Logged-in rows: a citizen logged in over HTTP as a browser would; req/s is the most the portal
serves (32 connections), p50/p99 are measured with ${BUSY_CONNECTIONS} pages rendered at once (a busy instance; at 32
connections each page waits behind 31 others, in brackets).

| what | portal req/s | bare req/s | share of bare | p50 ms | p99 ms | budget | |
|---|---|---|---|---|---|---|---|
${lines.join('\n')}
`,
);
console.log(lines.join('\n'));
if (misses.length) {
  console.error(`budget missed:\n${misses.join('\n')}`);
  process.exit(1);
}
process.exit(0);
