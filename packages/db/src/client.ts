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

export async function createDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its server (restart) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
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
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    client,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

/** A PGlite dump of a migrated (and optionally seeded) database, for tests that need many fresh copies. */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
