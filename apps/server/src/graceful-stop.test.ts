import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { freePort } from './test-support/free-port.ts';

/**
 * The real server in its own process (`node --import tsx apps/server/src/server.ts`, what `npm start` runs)
 * over a copy of the test demo database, stopped with SIGTERM while requests are in flight.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let dataDir = '';
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;


beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    // a database of its own, cloned from the run's seeded template
    const name = `portal_stop_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    // a PGlite data directory holding the seeded test demo: the server finds it ready and seeds nothing
    dataDir = await mkdtemp(join(tmpdir(), 'portal-stop-'));
    const handle = await createDatabase({ dataDir, loadDataDir: new Blob([await readFile(inject('pgliteDump'))]) });
    await handle.close();
  }
});

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await dropDatabase?.();
});

interface Server {
  child: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir || join(tmpdir(), 'portal-stop-unused'),
      DATABASE_URL: databaseUrl ?? '',
      WORKERS: '1',
      METRICS_TOKEN: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start in 45 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, exited, output: () => output };
}

/**
 * A request on a raw connection whose body is sent in two halves, so that it is in flight (headers read,
 * handler waiting for the body) for as long as the test likes. `finish()` sends the rest, optionally followed
 * by a second request on the same kept-alive connection, and resolves with everything the server sent
 * until it closed the connection.
 */
function slowRequest(port: number, head: string, body: string) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => (received += chunk));
  const closed = new Promise<string>((resolve, reject) => {
    socket.once('close', () => resolve(received));
    socket.once('error', reject);
  });
  const half = Math.floor(body.length / 2);
  const connected = new Promise<void>((resolve) => socket.once('connect', resolve));
  return {
    sent: connected.then(
      () =>
        new Promise<void>((resolve) => socket.write(`${head}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`, () => resolve())),
    ),
    finish(next = '') {
      socket.write(body.slice(half) + next);
      return closed;
    },
  };
}

const statusLines = (raw: string) => [...raw.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));

describe('SIGTERM', () => {
  it('drains requests in flight (API and page), refuses new ones, and exits 0', { timeout: 60_000 }, async () => {
    const server = await startServer();
    const { port } = server;
    try {
      // the categories are in the public cache: a copy is refused too while stopping, or busy connections never close
      expect((await fetch(`http://127.0.0.1:${port}/v1/category`)).headers.get('x-cache')).toBe('miss');
      expect((await fetch(`http://127.0.0.1:${port}/v1/category`)).headers.get('x-cache')).toBe('hit');
      // an API search, and a page's form post whose action calls the API in-process
      const search = slowRequest(port, `POST /v1/search HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json`, JSON.stringify({ query: 'histórico escolar' }));
      const page = slowRequest(
        port,
        // HTTP/1.0: the page comes whole (not chunked) and the connection closes after it
        `POST /app/catalog/educacao/historico-escolar HTTP/1.0\r\nhost: 127.0.0.1:${port}\r\nsec-fetch-site: same-origin\r\naccept: text/html\r\ncontent-type: application/x-www-form-urlencoded`,
        'value=5',
      );
      await Promise.all([search.sent, page.sent]);
      await new Promise((r) => setTimeout(r, 500)); // the server has read both requests' headers

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));

      // no new connections
      expect(server.child.exitCode).toBeNull();
      const refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (res) => res.status,
        (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
      );
      expect([503, 'ECONNREFUSED']).toContain(refused);

      // the requests in flight complete; a second request on the kept-alive connection is answered 503
      const [searchRaw, pageRaw] = await Promise.all([
        search.finish(`GET /v1/category HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`),
        page.finish(),
      ]);
      const [first, second] = statusLines(searchRaw);
      expect(first, searchRaw.slice(0, 300)).toBe(200);
      expect(searchRaw).toContain('"slug":"historico-escolar"');
      expect([503, undefined]).toContain(second);
      if (second === 503) expect(searchRaw).toMatch(/reiniciando/);

      // the rating form: its action's in-process API call still worked
      expect(statusLines(pageRaw)[0], pageRaw.slice(0, 300)).toBe(200);
      expect(pageRaw).toContain('Avaliação registrada com sucesso!');

      const { code, signal } = await server.exited;
      expect({ code, signal }, server.output()).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeLessThan(5_000);
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
  });

  it('writes the views and web vitals waiting in their batches before it exits, not held by an unused or an answered connection', { timeout: 60_000 }, async () => {
    // Batches written only every minute: whatever is stored came from the stop's own flush.
    const server = await startServer({ BATCH_SECONDS: '60' });
    const base = `http://127.0.0.1:${server.port}`;
    const views = async () => {
      const handle = databaseUrl ? await createDatabase({ url: databaseUrl, poolSize: 1 }) : await createDatabase({ dataDir });
      try {
        const result = (await handle.db.execute(
          sql`select (select access_count from services where slug = 'renovacao-da-cnh') as views, (select count(*)::int from web_vitals where page = '/graceful-stop') as vitals`,
        )) as unknown as { rows: { views: number; vitals: number }[] };
        return result.rows[0]!;
      } finally {
        await handle.close();
      }
    };
    try {
      expect((await fetch(`${base}/v1/catalog/renovacao-da-cnh/load`)).status).toBe(200);
      const vital = await fetch(`${base}/v1/vitals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ name: 'LCP', value: 900, rating: 'good', page: '/graceful-stop' }]),
      });
      expect(vital.status).toBe(204);
      // A connection opened ahead of need, as browsers do, on which no request ever comes: it does not hold the
      // stop until the drain deadline (which would exit 1, 'requests still in flight').
      const preconnected = connect(server.port, '127.0.0.1');
      await new Promise((resolve) => preconnected.once('connect', resolve));
      const cut = new Promise((resolve) => preconnected.once('close', resolve));
      // And a request in flight as the stop begins, whose client would keep the connection for later: answered,
      // then its connection closed, not kept until the deadline.
      const search = slowRequest(server.port, `POST /v1/search HTTP/1.1\r\nhost: 127.0.0.1:${server.port}\r\ncontent-type: application/json`, JSON.stringify({ query: 'cnh' }));
      await search.sent;
      await new Promise((r) => setTimeout(r, 300)); // the server has read its headers
      server.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      expect(statusLines(await search.finish())).toEqual([200]);
      const { code } = await server.exited;
      expect(code, server.output()).toBe(0);
      await cut;
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
    // PGlite belongs to one process: read it only once the server is gone.
    const after = await views();
    expect(after.vitals).toBe(1);
    // the demo's count plus this one view (compared with a fresh copy of the same template)
    const template = databaseUrl ? null : await createDatabase({ loadDataDir: new Blob([await readFile(inject('pgliteDump'))]) });
    if (template) {
      const seeded = ((await template.db.execute(sql`select access_count from services where slug = 'renovacao-da-cnh'`)) as unknown as { rows: { access_count: number }[] }).rows[0]!.access_count;
      await template.close();
      expect(after.views).toBe(seeded + 1);
    } else {
      expect(after.views).toBeGreaterThan(0);
    }
  });
});
