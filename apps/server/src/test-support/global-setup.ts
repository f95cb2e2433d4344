import { rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, seedTestDemo, writeTestDemoDump } from '@portal/db';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    templateDatabase: string;
  }
}

/**
 * Builds the seeded demo database once per run: a PGlite dump every test file loads (creating and
 * seeding a fresh PGlite takes seconds), or, with TEST_DATABASE_URL, a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'portal-test-'));
  const url = process.env.TEST_DATABASE_URL;
  let templateDatabase = '';
  let admin: pg.Client | undefined;
  if (url) {
    templateDatabase = `portal_template_${process.pid}`;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateDatabase}`);
    await admin.query(`create database ${templateDatabase}`);
    const target = new URL(url);
    target.pathname = `/${templateDatabase}`;
    const handle = await createDatabase({ url: target.toString(), poolSize: 2 });
    await handle.migrate();
    await seedTestDemo(handle.db);
    await handle.close();
    project.provide('pgliteDump', '');
  } else {
    const file = join(dir, 'demo.tar');
    await writeTestDemoDump(file);
    project.provide('pgliteDump', file);
  }
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${templateDatabase} with (force)`);
      await admin.end();
    }
  };
}
