import { sql } from 'drizzle-orm';
import { createDatabase } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { rows } from '../lib/rows.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { endsAJob } from './jobs.ts';
// @ts-expect-error: pg-boss's statements, a CommonJS module without type declarations
import plans from 'pg-boss/src/plans.js';

/**
 * The job queue (docs/decisions/030-job-queue.md), on two instances of the portal sharing one database (a pool
 * each on PostgreSQL, the process's one PGlite otherwise): each job runs once whichever instance takes it, a job
 * sent in a transaction exists only if it commits, a job waits for its time, and a job whose worker died is
 * given to another once it expires.
 */
const ran: { instance: string; n: number }[] = [];
const tried = new Set<number>();
let release: () => void = () => {};
const stuck = new Promise<void>((resolve) => (release = resolve));

function testJobs(instance: string) {
  return (app: App) => {
    app.jobs.define<{ n: number }>('teste-contar', { run: async ({ n }) => void ran.push({ instance, n }) });
    // The first try of a 'teste-preso' job hangs (a worker that died holding it), on whichever instance took it;
    // whoever tries it again once it expired succeeds. (pg-boss stops waiting for a try at its expiry, so the same
    // instance may be the one that tries again: which one is a race, and not what this test is about.)
    app.jobs.define<{ n: number }>('teste-preso', {
      expireInSeconds: 2,
      run: async ({ n }) => {
        if (!tried.has(n)) {
          tried.add(n);
          await stuck;
        }
        ran.push({ instance, n });
      },
    });
  };
}

const env = { JOBS_POLL_SECONDS: '0.5', JOBS_CHECK_SECONDS: '1' };
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ env, beforeReady: testJobs('a') });
  let database = { ...a.database, close: async () => {} };
  if (process.env.TEST_DATABASE_URL) {
    const name = (await rows<{ name: string }>(a.app.db, sql`select current_database() as name`))[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    database = await createDatabase({ url: url.toString(), poolSize: 4 });
  }
  b = await createTestApp({ env, database, keysFrom: a, beforeReady: testJobs('b') });
});
afterAll(async () => {
  release();
  await b?.close();
  await a?.close();
});

describe('the job queue, on two instances', () => {
  it('runs each of 30 jobs exactly once, whichever instance takes it', async () => {
    for (let n = 0; n < 30; n++) await (n % 2 ? a : b).app.jobs.send('teste-contar', { n });
    await vi.waitFor(() => expect(ran.filter((r) => r.n < 30)).toHaveLength(30), { timeout: 20_000, interval: 100 });
    expect(new Set(ran.map((r) => r.n)).size).toBe(30);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ran.filter((r) => r.n < 30)).toHaveLength(30);
  });

  it('keeps a job sent in a transaction only if the transaction commits', async () => {
    await expect(
      a.app.db.transaction(async (tx) => {
        await a.app.jobs.send('teste-contar', { n: 100 }, { db: tx });
        throw new Error('desfeita');
      }),
    ).rejects.toThrow('desfeita');
    await a.app.db.transaction(async (tx) => {
      await a.app.jobs.send('teste-contar', { n: 101 }, { db: tx });
    });
    await vi.waitFor(() => expect(ran.some((r) => r.n === 101)).toBe(true), { timeout: 10_000, interval: 100 });
    await a.app.jobs.settle(['teste-contar']);
    expect(ran.some((r) => r.n === 100)).toBe(false);
  });

  it('waits for its time', async () => {
    const at = new Date(Date.now() + 2500);
    await b.app.jobs.send('teste-contar', { n: 200 }, { startAfter: at });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(ran.some((r) => r.n === 200)).toBe(false);
    await vi.waitFor(() => expect(ran.some((r) => r.n === 200)).toBe(true), { timeout: 10_000, interval: 100 });
  });

  it("gives a dead worker's job to another once it expires", async () => {
    await a.app.jobs.send('teste-preso', { n: 300 });
    await vi.waitFor(
      async () => {
        const [job] = await rows<{ state: string }>(a.app.db, sql`select state::text from pgboss.job where name = 'teste-preso' order by created_on desc limit 1`);
        expect(job?.state).toBe('active');
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(ran.filter((r) => r.n === 300)).toEqual([]);
    // The first try never ends; after its 2 s the job is given again, and runs, once.
    await vi.waitFor(() => expect(ran.filter((r) => r.n === 300).map((r) => r.n)).toEqual([300]), { timeout: 20_000, interval: 200 });
    const [job] = await rows<{ state: string; retries: number }>(a.app.db, sql`select state::text, retry_count as retries from pgboss.job where name = 'teste-preso' order by created_on desc limit 1`);
    expect(job).toMatchObject({ state: 'completed', retries: 1 });
  });
});

describe("the queue's statements that end a job", () => {
  // pg-boss does not await them when a worker's try ends: their failure (the database unreachable) is logged by the
  // executor instead of ending the process (database-down.test.ts cuts the database under running jobs).
  it('are the complete and the fail by id, and no other', () => {
    expect(endsAJob(plans.completeJobs('pgboss'))).toBe(true);
    expect(endsAJob(plans.failJobsById('pgboss'))).toBe(true);
    for (const other of ['cancelJobs', 'failJobsByTimeout', 'insertJob', 'resumeJobs', 'deleteJobs'] as const) {
      expect(endsAJob(plans[other]('pgboss')), other).toBe(false);
    }
    expect(endsAJob(plans.fetchNextJob('pgboss')({}))).toBe(false);
  });
});
