import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '@portal/db';

/**
 * A fresh copy of the seeded demo database for one test file: PGlite by default, or a new PostgreSQL
 * database cloned from the run's template when TEST_DATABASE_URL is set. `close()` throws it away.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = await readFile(inject('pgliteDump'));
    return createDatabase({ loadDataDir: new Blob([dump]) });
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await createDatabase({ url: target.toString(), poolSize: 4 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
