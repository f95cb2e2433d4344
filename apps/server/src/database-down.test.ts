import { createServer, connect, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { createDatabase, type DatabaseHandle } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import { loadConfig } from './plugins/config.ts';
import { publicCacheOutcomes } from './plugins/response-cache.ts';
import { createTestDatabase } from './test-support/database.ts';
import { SESSION_COOKIE } from './plugins/credentials.ts';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../web/scripts/ensure-build.mjs';

/**
 * The database goes away under a running portal: on PostgreSQL (TEST_DATABASE_URL) a TCP proxy between
 * the portal and the server is cut, so connections drop and new ones are refused; on the embedded PGlite
 * the database is closed under the app. Catalog reads keep answering from their last good copies.
 */
async function cuttableDatabase(): Promise<{ database: DatabaseHandle; cut(): Promise<void>; dispose(): Promise<void> }> {
  const owned = await createTestDatabase();
  if (owned.kind === 'pglite') {
    let closed = false;
    return {
      database: { ...owned, close: async () => {} },
      cut: async () => {
        if (closed) return;
        closed = true;
        await owned.close();
      },
      dispose: async () => {
        if (!closed) await owned.close();
      },
    };
  }
  const name = ((await owned.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!.name;
  const target = new URL(process.env.TEST_DATABASE_URL!);
  const sockets = new Set<Socket>();
  const proxy: Server = createServer((client) => {
    const server = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(server);
    client.pipe(server).pipe(client);
    const end = () => {
      client.destroy();
      server.destroy();
    };
    client.on('error', end).on('close', end);
    server.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as { port: number }).port;
  const viaProxy = new URL(target);
  viaProxy.host = `127.0.0.1:${port}`;
  viaProxy.pathname = `/${name}`;
  const database = await createDatabase({ url: viaProxy.toString(), poolSize: 4 });
  return {
    database,
    cut: async () => {
      if (!proxy.listening) return;
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    dispose: async () => {
      await database.close().catch(() => {});
      await owned.close();
    },
  };
}

let app: App;
let db: Awaited<ReturnType<typeof cuttableDatabase>>;
const logs: string[] = [];

beforeAll(async () => {
  await ensureBuild();
  db = await cuttableDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', CACHE_SECONDS: '60' }), database: db.database, logger: { level: 'warn', stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.dispose();
});

const SEARCH = { query: 'segunda via rg' };

describe('with the database down', () => {
  it('catalog reads answer from their last good copy, with a log line and a metric; what was never read says so in Portuguese', async () => {
    const reads = [
      () => app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' }),
      () => app.inject({ url: '/v1/category' }),
      () => app.inject({ method: 'POST', url: '/v1/search', payload: SEARCH }),
      () => app.inject({ url: '/app/catalog/transito-e-veiculos/renovacao-da-cnh' }),
    ];
    const before = await Promise.all(reads.map((read) => read()));
    expect(before.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // A published change: no copy may be served as fresh any more, so each read has to ask the database.
    await app.publicCache.invalidate();
    const served = publicCacheOutcomes().get('stale-if-error') ?? 0;

    await db.cut();

    const after = await Promise.all(reads.map((read) => read()));
    expect(after.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const [load, categories, search, page] = after;
    expect([load, categories, search].map((r) => r!.body)).toEqual(before.slice(0, 3).map((r) => r.body));
    expect([load, categories, search].map((r) => r!.headers['x-cache'])).toEqual(['stale-if-error', 'stale-if-error', 'stale-if-error']);
    // The page renders again from the API's copies (its loaders' calls are answered by them): whole, not an error page.
    expect(page!.body).toContain('Renovação da CNH');
    expect(page!.body).toContain('Solicite a renovação pela internet');
    expect(publicCacheOutcomes().get('stale-if-error')).toBeGreaterThanOrEqual(served + 3);
    expect(logs.join('')).toContain('public cache: origin failed, serving the last good copy');

    // Read again while the database is still away: answered at once from the copies.
    const again = await app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-cache']).toBe('stale-if-error');

    const never = await app.inject({ url: '/v1/catalog/historico-escolar/load' });
    expect(never.statusCode).toBe(503);
    expect(never.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'Serviço temporariamente indisponível. Tente novamente em instantes.' });
    // A page never read: unavailable (503, as the README says), in Portuguese, not a gateway error (issue 23).
    const neverPage = await app.inject({ url: '/app/catalog/orgao/seduc', headers: { accept: 'text/html' } });
    expect(neverPage.statusCode).toBe(503);
    expect(neverPage.body).toContain('lang="pt-BR"');
  });

  it("the bell's list says it is unavailable, never that there is nothing new", async () => {
    await db.cut();
    const list = await app.inject({ url: '/app/minha-area/notificacoes.data', headers: { cookie: `${SESSION_COOKIE}=sessao-de-um-cidadao` } });
    expect(list.statusCode).toBe(503);
    expect(list.body).toContain('Não foi possível carregar as suas notificações agora');
    expect(list.body).not.toMatch(/"unread",0\]|unread":0\}/);
  });

  it('the personal area says, in Portuguese, that it is unavailable, instead of asking for a login that cannot work', async () => {
    await db.cut();
    const page = await app.inject({ url: '/app/dashboard', headers: { cookie: `${SESSION_COOKIE}=sessao-de-um-cidadao`, accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toContain('Sua área pessoal está temporariamente indisponível');
    expect(page.headers['cache-control']).toBe('private, no-store');
  });
});
