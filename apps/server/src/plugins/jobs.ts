import type { PGlite } from '@electric-sql/pglite';
import { PIAUI_TIME_ZONE } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rows } from '../lib/rows.ts';
import PgBoss from 'pg-boss';
import type pg from 'pg';

/**
 * Background work as jobs in the database (ARCHITECTURE.md principle 10, docs/decisions/030-job-queue.md):
 * pg-boss, on the portal's own database, embedded PGlite or the PostgreSQL server. A job is a row: sending one
 * inside a transaction (`send(…, { db: tx })`) makes it exist exactly when the change that asks for it does;
 * every instance works every queue, and the database hands each job to one of them (`SKIP LOCKED`); a job whose
 * worker died is given again once it expires; a schedule runs on one instance at a time. No module keeps a timer
 * of its own.
 */
export interface JobDefinition<T> {
  /** does the work; throwing makes the job be tried again later (up to `retryLimit` times) */
  run(data: T, log: FastifyBaseLogger): Promise<void>;
  /** how often a failed job is tried again (default 3), and how long a try may last before another worker takes the job */
  retryLimit?: number;
  expireInSeconds?: number;
  /** `singleton`: at most one job of this kind runs at a time (a link check, an export of everything) */
  policy?: 'standard' | 'singleton';
}

export interface SendOptions {
  /** not before this moment (a scheduled publication) */
  startAfter?: Date;
  /** one waiting job per key: sending it again while one waits does nothing */
  singletonKey?: string;
  /** send it as part of this transaction: it exists if and only if the transaction commits */
  db?: { execute(query: unknown): Promise<unknown> };
}

export interface Jobs {
  /** Declares a kind of job; every instance works it once started. Call while the app is being built. */
  define<T extends object>(name: string, definition: JobDefinition<T>): void;
  /** Runs `name` on this cron (minutes, hours…, in Piauí's time), on one instance at a time. */
  schedule(name: string, cron: string, data?: object): void;
  /** Asks for a job; its id, or null when a singleton of it already waits. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Waits until no job of these kinds is waiting or running (tests, and `npm run` tasks that need the work done). */
  settle(names: string[], timeoutMs?: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** pg-boss speaks SQL through one function: the pool's `query`, or PGlite's (several statements without parameters go to `exec`). */
function executor(client: pg.Pool | PGlite, log: FastifyBaseLogger): PgBoss.Db {
  const pglite = client as PGlite;
  const execute: PgBoss.Db['executeSql'] =
    'totalCount' in client
      ? (text, values) => client.query(text, values)
      : async (text, values) => {
          if (values?.length) return pglite.query(text, values);
          const results = await pglite.exec(text);
          return results[results.length - 1] ?? { rows: [] };
        };
  return {
    executeSql: async (text, values) => {
      try {
        return await execute(text, values);
      } catch (err) {
        // pg-boss 10 ends each job it handed to a worker with a complete or a fail that it does not await
        // (manager.js, onFetch): if the database cannot be reached at that moment (a restart, a cut, the app
        // closing), the rejection would end the process. Those two statements' failures are logged instead: the
        // job stays active, expires and is given again, as a job whose worker died is.
        if (!endsAJob(text)) throw err;
        log.warn({ err }, 'a job could not be marked as ended; it expires and is tried again');
        return { rows: [{ count: '0' }] };
      }
    },
  };
}

/** pg-boss's statements that end jobs by id (plans.js completeJobs and failJobsById; jobs.test.ts checks they are recognised). */
export const endsAJob = (text: string) =>
  /SET completed_on = now\(\),\s*state = 'completed'/.test(text) || /WITH deleted_jobs AS \(\s*DELETE FROM \S+\s+WHERE name = \$1 AND id IN/.test(text);

/** A transaction of the app's Drizzle database, as pg-boss's `db` option wants it. */
function inTransaction(tx: NonNullable<SendOptions['db']>): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      // Drizzle's sql`` with the statement's own $1… placeholders: parameters bound in order.
      // (pg turns an object into JSON and undefined into null by itself; Drizzle's binding does not.)
      const bound = (value: unknown) => (value === undefined ? null : value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value);
      const chunks = text.split(/\$(\d+)/);
      const query = sql.join(
        chunks.map((chunk, i) => (i % 2 === 0 ? sql.raw(chunk) : sql`${bound(values[Number(chunk) - 1])}`)),
        sql.raw(''),
      );
      const result = (await tx.execute(query)) as { rows?: unknown[] };
      return { rows: result.rows ?? [] };
    },
  };
}

export const jobsPlugin = fp(async (app: FastifyInstance) => {
  const definitions = new Map<string, JobDefinition<object>>();
  /** this instance's worker of each queue: told to look at once when this instance sends a job */
  const workers = new Map<string, string>();
  const schedules: { name: string; cron: string; data: object }[] = [];
  const boss = new PgBoss({
    db: executor(app.database.client, app.log),
    schema: 'pgboss',
    // the schema comes from the portal's migrations (packages/db/drizzle/0030_job_queue.sql)
    migrate: true,
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: app.config.JOBS_CHECK_SECONDS,
    monitorStateIntervalSeconds: Math.max(app.config.JOBS_CHECK_SECONDS, 10),
    cronMonitorIntervalSeconds: Math.max(app.config.JOBS_CHECK_SECONDS, 1),
    cronWorkerIntervalSeconds: Math.max(app.config.JOBS_CHECK_SECONDS, 1),
  });
  boss.on('error', (err) => app.log.warn({ err }, 'job queue error; it carries on'));
  let started = false;

  const jobs: Jobs = {
    define(name, definition) {
      if (started) throw new Error(`job ${name} defined after the queue started`);
      definitions.set(name, definition as JobDefinition<object>);
    },
    schedule(name, cron, data = {}) {
      if (started) throw new Error(`schedule ${name} declared after the queue started`);
      schedules.push({ name, cron, data });
    },
    async send(name, data, options = {}) {
      if (!definitions.has(name)) throw new Error(`no job named ${name}`);
      const { db, ...rest } = options;
      const id = await boss.send(name, data, { ...rest, ...(db ? { db: inTransaction(db) } : {}) });
      // A job sent in a transaction is there once it commits: the worker's next regular look finds it.
      const worker = workers.get(name);
      if (worker && !db && !rest.startAfter) boss.notifyWorker(worker);
      return id;
    },
    async settle(names, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [pending] = await rows<{ n: number }>(
          app.db,
          sql`select count(*)::int as n from pgboss.job where name in ${names} and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
        );
        if (!pending || pending.n === 0) return;
        if (Date.now() > until) throw new Error(`jobs ${names.join(', ')} still waiting after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  app.decorate('jobs', jobs);

  app.addHook('onReady', async () => {
    await boss.start();
    started = true;
    for (const [name, definition] of definitions) {
      await boss.createQueue(name, {
        name,
        policy: definition.policy ?? 'standard',
        retryLimit: definition.retryLimit ?? 3,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds ?? 300,
      });
      // A few jobs a look, each completed or failed on its own (pg-boss completes what the handler did not fail).
      const worker = await boss.work<object>(name, { pollingIntervalSeconds: app.config.JOBS_POLL_SECONDS, batchSize: 5 }, async (batch) => {
        for (const job of batch) {
          const log = app.log.child({ job: name, jobId: job.id });
          try {
            await definition.run(job.data, log);
          } catch (err) {
            log.warn({ err }, 'job failed: it will be tried again');
            await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
          }
        }
      });
      workers.set(name, worker);
    }
    for (const { name, cron, data } of schedules) await boss.schedule(name, cron, data, { tz: PIAUI_TIME_ZONE });
  });
  app.addHook('onClose', async () => {
    if (!started) return;
    // Jobs in progress finish (within the stop's deadline); those that do not are given to another worker later.
    await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
  });
});
