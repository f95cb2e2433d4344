import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { createDatabase } from '@portal/db';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../../web/scripts/ensure-build.mjs';
import { createTestApp, type TestApp } from './app.ts';

export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether the machine's Redis answers (the two-instance tests need it). */
export async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export interface TwoInstances {
  a: TestApp;
  b: TestApp;
  close(): Promise<void>;
}

/**
 * Two instances of the portal on one database and one Redis (a key namespace of their own), as behind a load
 * balancer, with the web app built. On PostgreSQL (TEST_DATABASE_URL) the second has a pool of its own; on
 * the embedded default both use the one PGlite of the process, which is all PGlite allows.
 */
export async function startTwoInstances(env: Record<string, string> = {}): Promise<TwoInstances> {
  const prefix = `portal-test-${randomUUID()}:`;
  const shared = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, ...env };
  await ensureBuild();
  const a = await createTestApp({ env: shared });
  let database = { ...a.database, close: async () => {} };
  const postgres = process.env.TEST_DATABASE_URL;
  if (postgres) {
    const name = ((await a.app.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!.name;
    const url = new URL(postgres);
    url.pathname = `/${name}`;
    database = await createDatabase({ url: url.toString(), poolSize: 4 });
  }
  const b = await createTestApp({ env: shared, database, keysFrom: a });
  return {
    a,
    b,
    close: async () => {
      await b.close();
      await a.close();
      const cleanup = new Redis(TEST_REDIS_URL);
      const keys = await cleanup.keys(`${prefix}*`);
      if (keys.length) await cleanup.del(...keys);
      await cleanup.quit();
    },
  };
}
