import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from '../lib/http-error.ts';
import { plainPage } from '../lib/plain-page.ts';

/** At most `points` per key in `seconds`. */
export interface LimitRule {
  points: number;
  seconds: number;
}

export interface Limits {
  /** where the counters live: Redis, or the database (a PostgreSQL server shared by every process, or embedded PGlite: one process by construction) */
  readonly store: 'redis' | 'postgres' | 'pglite';
  /**
   * The limiter called `name` (created once, then the same one): one atomic counter per key in the
   * configured store. `{ exact: false }` is for anonymous telemetry (views, vitals) whose caps need not be
   * exact across instances: Redis when configured, otherwise this process's memory, never a database write.
   */
  limiter(name: string, rule: LimitRule, options?: { exact?: boolean }): RateLimiterAbstract;
  /** a one-way key for a counter: peppered, so the store never holds an address, a username or an id */
  key(...parts: (string | number)[]): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
}

export type Outcome = { allowed: true; res: RateLimiterRes } | { allowed: false; res: RateLimiterRes; retryAfter: number };

/** Whole seconds to wait, never 0 (Retry-After and the messages). */
export const secondsToWait = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Each limiter's name (given to `limits.limiter`), for counting its refusals. */
const limiterNames = new WeakMap<RateLimiterAbstract, string>();
const refusals = new Map<string, number>();

/** Refusals so far in this process, by limiter name ('api', 'votes', ...): read by /metrics. */
export function rateLimitRefusals(): ReadonlyMap<string, number> {
  return refusals;
}

/** Takes `points` from the key's allowance in one atomic step: the answer says whether they were there. */
export async function take(limiter: RateLimiterAbstract, key: string, points = 1): Promise<Outcome> {
  try {
    return { allowed: true, res: await limiter.consume(key, points) };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      const name = limiterNames.get(limiter) ?? 'unnamed';
      refusals.set(name, (refusals.get(name) ?? 0) + 1);
      return { allowed: false, res: rejection, retryAfter: secondsToWait(rejection.msBeforeNext) };
    }
    throw rejection;
  }
}

/** "30 segundos", "1 minuto", "2 horas": how long to wait, as the citizen reads it. */
export function formatWait(seconds: number): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'segundo', 'segundos');
  if (seconds < 3600) return plural(Math.ceil(seconds / 60), 'minuto', 'minutos');
  return plural(Math.ceil(seconds / 3600), 'hora', 'horas');
}

/** A 429 for a limit a route checks itself: the error shape with the message, and Retry-After. */
export function limitReached(reply: FastifyReply, retryAfter: number, message: string) {
  reply.header('retry-after', String(retryAfter));
  return tooManyRequests(message);
}

/**
 * The store's stand-in while it does not answer (Redis down, database unreachable): the same limits,
 * counted in this process's memory, with a warning in the log. Limits keep holding (per process) and no
 * page fails because a counter could not be reached.
 */
class ProcessMemoryFallback extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(options);
  }
  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.onUse();
    return super.consume(...args);
  }
  override penalty(...args: Parameters<RateLimiterMemory['penalty']>) {
    this.onUse();
    return super.penalty(...args);
  }
  override reward(...args: Parameters<RateLimiterMemory['reward']>) {
    this.onUse();
    return super.reward(...args);
  }
  override get(...args: Parameters<RateLimiterMemory['get']>) {
    this.onUse();
    return super.get(...args);
  }
  override block(...args: Parameters<RateLimiterMemory['block']>) {
    this.onUse();
    return super.block(...args);
  }
  override delete(...args: Parameters<RateLimiterMemory['delete']>) {
    this.onUse();
    return super.delete(...args);
  }
}

/** rate-limiter-flexible's Postgres store speaks to a client through `query({ text, values })`; PGlite takes them apart. */
function pgliteClient(client: unknown) {
  const pglite = client as { query(text: string, params?: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }> };
  return {
    query: async ({ text, values }: { text: string; values?: unknown[] }) => {
      const result = await pglite.query(text, values);
      return { rows: result.rows, rowCount: result.rows.length || result.affectedRows || 0 };
    },
  };
}

/** Paths that count against the general limit: the public API, and each page view once. */
export function limitedKind(url: string): 'api' | 'page' | null {
  const path = url.split('?')[0]!;
  if (path.startsWith('/v1/') || path.startsWith('/api/')) return 'api';
  // the identity provider (its login has its own throttle), the API's documentation and the operators' endpoints
  if (['/auth', '/docs', '/healthz', '/openapi.json', '/metrics'].some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return null;
  // the browser's files (scripts, styles, images, fonts); React Router's `.data` requests are page views
  if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith('.data')) return null;
  return 'page';
}

const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

/**
 * Every limit of the portal, on one mechanism (rate-limiter-flexible, docs/decisions/007-rate-limits.md):
 * counters in Redis when REDIS_URL is set, otherwise in the database (the PostgreSQL server's, shared by
 * every process, or embedded PGlite's). Decorates `app.limits` and applies the general per-address limit.
 */
export const limitsPlugin = fp(async (app: FastifyInstance) => {
  const config = app.config;
  const database = app.database;

  let lastWarning = 0;
  const warn = (err?: unknown) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    app.log.warn({ err }, 'rate-limit store not answering: counting in this process until it answers again');
  };

  const redis = app.redis?.client;

  const limiters = new Map<string, { rule: LimitRule; limiter: RateLimiterAbstract }>();
  const limiter = (name: string, rule: LimitRule, { exact = true } = {}): RateLimiterAbstract => {
    const known = limiters.get(name);
    if (known) {
      if (known.rule.points !== rule.points || known.rule.seconds !== rule.seconds) throw new Error(`limit ${name} declared twice with different rules`);
      return known.limiter;
    }
    const common = { points: rule.points, duration: rule.seconds };
    const insuranceLimiter = new ProcessMemoryFallback({ ...common, keyPrefix: name }, warn);
    const created: RateLimiterAbstract = redis
      ? new RateLimiterRedis({ ...common, keyPrefix: `${app.redis!.prefix}limits:${name}`, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter })
      : !exact
        ? new RateLimiterMemory({ ...common, keyPrefix: name })
        : new RateLimiterPostgres({
          ...common,
          keyPrefix: name,
          storeClient: database.kind === 'postgres' ? database.client : pgliteClient(database.client),
          storeType: database.kind === 'postgres' ? 'pool' : 'client',
          // the table comes from the migrations (0011_rate_limits); modules/retention deletes expired rows
          tableName: 'rate_limits',
          tableCreated: true,
          clearExpiredByTimeout: false,
          insuranceLimiter,
        });
    limiters.set(name, { rule, limiter: created });
    limiterNames.set(created, name);
    return created;
  };

  const limits: Limits = {
    store: redis ? 'redis' : database.kind,
    limiter,
    key: (...parts) => createHash('sha256').update(`${config.VOTER_SECRET}:${parts.join('\u0000')}`).digest('base64url'),
  };
  app.decorate('limits', limits);

  if (config.API_RATE_LIMIT > 0) generalLimit(app, limiter('api', { points: config.API_RATE_LIMIT, seconds: config.API_RATE_LIMIT_WINDOW_SECONDS }));
});

/**
 * The general per-address limit on the API and the pages. A page's loaders call the API in-process
 * (app.inject, plugins/web.ts) with the page's address: the page request is counted once, and what runs
 * inside it is not counted again. Loopback is not limited: it is this machine (health checks, benchmarks,
 * a proxy on the same host whose hops TRUST_PROXY does not name).
 */
function generalLimit(app: FastifyInstance, limiter: RateLimiterAbstract) {
  const insidePage = new AsyncLocalStorage<true>();

  app.addHook('onRequest', (request, reply, done) => {
    const kind = limitedKind(request.url);
    if (!kind || insidePage.getStore() || isLoopback(request.ip)) return done();
    take(limiter, app.limits.key('api', request.ip)).then(
      (outcome) => {
        if (outcome.allowed) return done();
        request.log.warn({ kind }, 'general rate limit reached');
        refuse(request, reply, kind, outcome.retryAfter);
      },
      (err) => {
        request.log.warn({ err }, 'general rate limit not checked');
        done();
      },
    );
  });

  // Entered just before the handler (not at onRequest): a body being read would lose the context.
  app.addHook('preHandler', (request, _reply, done) => {
    if (limitedKind(request.url) === 'page') insidePage.run(true, done);
    else done();
  });
}

function refuse(request: FastifyRequest, reply: FastifyReply, kind: 'api' | 'page', retryAfter: number) {
  const message = `Muitas requisições deste endereço em pouco tempo. Aguarde ${formatWait(retryAfter)} e tente novamente.`;
  reply.code(429).header('retry-after', String(retryAfter)).header('cache-control', 'no-store');
  if (kind === 'page' && /text\/html/.test(String(request.headers.accept ?? ''))) {
    return reply.type('text/html; charset=utf-8').send(plainPage('Muitas requisições', message));
  }
  return reply.send({ statusCode: 429, error: 'Too Many Requests', message });
}
