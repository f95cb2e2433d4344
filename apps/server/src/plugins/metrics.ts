import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { batchSizes } from '../lib/batch.ts';
import { cacheCounts } from '../lib/cache.ts';
import { publicCacheOutcomes } from './response-cache.ts';
import { rateLimitRefusals } from './limits.ts';
import { credential } from './credentials.ts';

export const METRICS_PATH = '/metrics';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route's pattern (`/v1/catalog/:slug/load`), never the URL: labels hold no slug, id or query. */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time (of equal-length digests). */
function authorized(request: FastifyRequest, token: string): boolean {
  const header = credential(request, 'authorization') ?? '';
  const presented = /^Bearer +(\S+) *$/i.exec(header)?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token));
}

/**
 * Prometheus metrics (prom-client, docs/decisions/012-metrics.md) at /metrics, for operators only: with
 * METRICS_TOKEN set, to `Authorization: Bearer <METRICS_TOKEN>`; otherwise, and to anyone else, the same 404
 * as an unknown path. Request durations by route pattern, Node's process metrics, the in-process caches'
 * hits and misses, rate-limit refusals by limiter, and the database pool. Not in the OpenAPI document and
 * not under the general rate limit (plugins/limits.ts, `limitedKind`). Counts are this process's.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const token = app.config.METRICS_TOKEN;
  if (!token) return;

  // One registry per app, so several apps in one process (tests) do not collide on metric names.
  const register = new Registry();
  collectDefaultMetrics({ register });

  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [register],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const method = METHODS.has(request.method) ? request.method : 'other';
    durations.observe({ method, route: routeLabel(request), status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  new Counter({
    name: 'portal_cache_hits_total',
    help: 'Lookups answered by an in-process cache (lib/cache.ts), by cache name',
    labelNames: ['cache'] as const,
    registers: [register],
    collect() {
      this.reset();
      for (const [cache, { hits }] of cacheCounts()) this.inc({ cache }, hits);
    },
  });
  new Counter({
    name: 'portal_cache_misses_total',
    help: 'Lookups an in-process cache (lib/cache.ts) had to load, by cache name',
    labelNames: ['cache'] as const,
    registers: [register],
    collect() {
      this.reset();
      for (const [cache, { misses }] of cacheCounts()) this.inc({ cache }, misses);
    },
  });
  new Counter({
    name: 'portal_rate_limit_refusals_total',
    help: "Requests refused by a limit (plugins/limits.ts), by limiter name ('api' is the general per-address limit)",
    labelNames: ['limiter'] as const,
    registers: [register],
    collect() {
      this.reset();
      for (const [limiter, count] of rateLimitRefusals()) this.inc({ limiter }, count);
    },
  });

  new Counter({
    name: 'portal_public_cache_total',
    help: "Answers of the public cache (plugins/response-cache.ts) by outcome: hit, stale (served while refreshing), stale-if-error (the origin failed: the last good copy was served), miss, refresh, bypass (a request with a session)",
    labelNames: ['outcome'] as const,
    registers: [register],
    collect() {
      this.reset();
      for (const [outcome, n] of publicCacheOutcomes()) this.inc({ outcome }, n);
    },
  });
  new Gauge({
    name: 'portal_public_cache_entries',
    help: "Copies the public cache keeps in this process's memory",
    registers: [register],
    collect() {
      this.set(app.publicCache.size);
    },
  });
  new Gauge({
    name: 'portal_batch_queue_size',
    help: 'Events waiting to be written in a batch (lib/batch.ts), by batch: views, vitals',
    labelNames: ['batch'] as const,
    registers: [register],
    collect() {
      this.reset();
      for (const [batch, size] of batchSizes()) this.set({ batch }, size());
    },
  });

  const database = app.database;
  new Gauge({
    name: 'portal_db_info',
    help: 'The database driver: postgres (a pg pool) or pglite (embedded: one connection, no pool)',
    labelNames: ['driver'] as const,
    registers: [register],
    collect() {
      this.set({ driver: database.kind }, 1);
    },
  });
  new Gauge({
    name: 'portal_db_pool_clients',
    help: 'Database clients by state: total and idle connections, and queries waiting for one. PGlite is one connection (total 1)',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const client = database.client;
      if (database.kind === 'postgres' && 'totalCount' in client) {
        this.set({ state: 'total' }, client.totalCount);
        this.set({ state: 'idle' }, client.idleCount);
        this.set({ state: 'waiting' }, client.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
      }
    },
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!authorized(request, token)) return reply.callNotFound();
    const body = await register.metrics();
    return reply.type(register.contentType).header('cache-control', 'no-store').send(body);
  });
});
