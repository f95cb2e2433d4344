import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** the driver's own client (the pg pool, or the PGlite instance), for libraries that speak SQL themselves (rate limits) */
  client: pg.Pool | PGlite;
  /** runs the committed migrations; safe to call on an up-to-date database */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; when set, PGlite is not used */
  url?: string;
  /** PGlite data directory; undefined keeps it in memory */
  dataDir?: string;
  /** a PGlite data directory dump to start from (tests) */
  loadDataDir?: Blob | File;
  /** connections in the pool (PostgreSQL only) */
  poolSize?: number;
}

export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

// PGlite must always be opened with the same extensions, or a data directory that uses them fails to load.
export const pgliteExtensions = { unaccent, pg_trgm };

/**
 * PostgreSQL settings of the embedded database. PGlite runs inside the server's process, so whatever
 * PostgreSQL keeps in shared memory is the server's resident memory, and WASM memory never shrinks. The
 * default 128 MB of shared buffers filled up with open-data pages (hundreds of thousands of rows) and
 * held about as much RSS for good; 16 MB keeps the hot catalog and index pages, and the rest of the tables
 * stay in the operating system's file cache, which PGlite reads from the data directory (NODEFS) for a
 * system call per page (docs/decisions/014-embedded-memory.md).
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = { shared_buffers: '16MB' };

/**
 * Planner settings of every connection, embedded or server. random_page_cost 1.1 is PostgreSQL's advice for
 * storage where a random read costs about a sequential one (SSDs, and PGlite's files in the page cache). With
 * the default 4, a broad full-text search ('carteira' or 'sangue': 2,728 of 20,000 services) is planned as a
 * sequential scan matching every row's search vector, 41 ms, instead of the GIN index, 6.5 ms (bench/search.ts).
 */
export const PLANNER_SETTINGS: Readonly<Record<string, string>> = { random_page_cost: '1.1' };

const startOptions = (settings: Readonly<Record<string, string>>) => Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);

export async function createDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    // A server that does not answer (a network cut, not a refusal) fails a request within seconds instead of
    // holding it forever (pg's default): the public cache then answers from its copies (decision 016).
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, connectionTimeoutMillis: 5000, options: startOptions(PLANNER_SETTINGS).join(' ') });
    // A client that loses its server (a restart, a cut) must not crash the process. The pool listens on its idle
    // clients; one checked out (a transaction, a held lock) has no listener of the pool's, and pg emits the loss
    // there when no query is waiting: every client keeps a listener of its own. The query in progress fails on
    // its own, and the pool replaces the client.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      client: pool,
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create({
    dataDir: options.dataDir,
    extensions: pgliteExtensions,
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...startOptions({ ...PGLITE_SETTINGS, ...PLANNER_SETTINGS })],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    client,
    // PGlite has no autovacuum: a migration that rewrites rows (0022 updates every service) would leave them dead
    // and searches reading twice the pages until something vacuums. Cheap at the catalog's size.
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      await client.exec('vacuum analyze services');
    },
    close: () => client.close(),
  };
}

/** A PGlite dump of a migrated (and optionally seeded) database, for tests that need many fresh copies. */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
