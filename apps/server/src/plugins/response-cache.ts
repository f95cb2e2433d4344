import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { carriesCredentials, isPersonal } from './credentials.ts';

/**
 * The public cache (docs/decisions/016-public-cache.md): anonymous pages and the public catalog API are
 * answered from one cache keyed by everything that changes the answer (method, URL, and the body of the
 * POST routes that declare `body: true`), never for a request with a session or a bearer token. Each
 * process keeps the answers it served in an LRU; with REDIS_URL every instance also shares them through
 * Redis, and an invalidation reaches every instance through Redis pub/sub.
 *
 * Freshness, as a CDN would read our `Cache-Control`: fresh for `maxAge` seconds; then for
 * STALE_WHILE_REVALIDATE seconds the stale copy is served while one background request refreshes it;
 * later, the handler runs again, and if it fails (5xx: the database is down) the last good copy is
 * served for up to STALE_IF_ERROR seconds (GOV.UK's edge does the same), with a log line and a metric.
 * Invalidation is by time: `invalidate(tag)` marks every copy computed before now that carries the tag
 * (`service:12`, or all of them) as no longer fresh; it still beats an error while the database is down.
 * A copy carries the tags of what it was computed from, and a page those of the API answers it used.
 */
export interface PublicCacheRule {
  /** seconds an answer is fresh here and in shared caches; the CACHE_SECONDS setting by default */
  maxAge?: number;
  /** seconds a browser may keep it without asking (pages: 0, they revalidate with their ETag) */
  browserMaxAge?: number;
  /** a POST whose answer depends only on its JSON body (search) */
  body?: boolean;
  /** a page: what the API calls made while rendering it stand for (views) is replayed on each cached hit */
  page?: boolean;
}

/**
 * A side effect an answer stands for (a service's view, a search that found nothing): run when it is computed
 * and on every cached hit, of the answer itself and of the page it is part of.
 */
export type EffectHandler = (arg: string, request: FastifyRequest) => void;

export interface PublicCache {
  /**
   * Every instance stops serving as fresh the copies computed before now that carry `tag` (all of them
   * without one); they remain the fallback while the database is down.
   */
  invalidate(tag?: string): Promise<void>;
  /** Says that this request's answer (and the page it is part of) comes from `tag`'s data. */
  tag(request: FastifyRequest, tag: string): void;
  /** Adds a handler of `kind`'s effects (several may listen to one kind: views count, and tell the search where citizens went). */
  onEffect(kind: string, handler: EffectHandler): void;
  /**
   * Runs `kind`'s handler for this request, unless the request is the cache's own refresh, and keeps the
   * effect with the page being rendered (if any), so each later hit of that page runs it again.
   */
  effect(request: FastifyRequest, kind: string, arg: string): void;
  /** copies kept by this process (tests, metrics) */
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    publicCache?: PublicCacheRule;
  }
  interface FastifyInstance {
    publicCache: PublicCache;
  }
  interface FastifyRequest {
    publicCacheState?: CacheState;
  }
}

export const STALE_WHILE_REVALIDATE = 600;
export const STALE_IF_ERROR = 86_400;
/** After the database failed once, copies are served at once for this long instead of waiting on it again. */
const DEGRADED_MS = 5_000;
/** A request waiting for another's identical miss gives up and computes its own after this long. */
const FOLLOW_TIMEOUT_MS = 10_000;
/** What an answer keeps of its headers: the ones that describe the bytes. */
const KEPT_HEADERS = ['content-type', 'content-disposition', 'content-language', 'content-security-policy', 'link', 'x-robots-tag'];
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg)/;

interface Entry {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  storedAt: number;
  /** when computing it began: a change invalidated after that is in it */
  startedAt: number;
  tags: string[];
  effects: [string, string][];
  /** compressed once per process, when first asked for */
  br?: Buffer;
  gzip?: Buffer;
}

interface CacheState {
  key: string;
  rule: Required<Pick<PublicCacheRule, 'maxAge'>> & PublicCacheRule;
  entry?: Entry;
  /** this request computes the answer others are waiting for */
  leader?: (entry: Entry | undefined) => void;
  /** answered from the cache: onSend leaves it alone */
  served?: boolean;
  refresh: boolean;
  startedAt: number;
  tags: string[];
  /** the effects this answer stands for: a page's, gathered while it renders, or a route's own */
  effects?: [string, string][];
}

/** What counts toward /metrics: per outcome (hit, stale, miss, stale-if-error, bypass). */
const outcomes = new Map<string, number>();
export function publicCacheOutcomes(): ReadonlyMap<string, number> {
  return outcomes;
}
const count = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);

/** The page being rendered, so effects of the API calls inside it are kept with the page's copy. */
const rendering = new AsyncLocalStorage<{ effects: [string, string][]; tags: string[]; refresh: boolean }>();

/** Redis value: 4 bytes of header length, the header (JSON), the body. */
function encode(entry: Entry): Buffer {
  const { body, br: _br, gzip: _gzip, ...meta } = entry;
  const head = Buffer.from(JSON.stringify(meta));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, body]);
}

function decode(value: Buffer): Entry | undefined {
  try {
    const length = value.readUInt32BE(0);
    const meta = JSON.parse(value.subarray(4, 4 + length).toString()) as Omit<Entry, 'body'>;
    return { ...meta, body: value.subarray(4 + length) };
  } catch {
    return undefined;
  }
}

/** Answers larger than this are sent as they come and not kept (a page or a catalog answer is far smaller). */
const MAX_ENTRY_BYTES = 4 * 1024 * 1024;

/** The payload's bytes, or, past MAX_ENTRY_BYTES or for what is not bytes, `pass`: the payload to send untouched. */
async function toBuffer(payload: unknown): Promise<{ body: Buffer } | { pass: unknown }> {
  if (payload == null) return { body: Buffer.alloc(0) };
  if (typeof payload === 'string') return { body: Buffer.from(payload) };
  if (Buffer.isBuffer(payload)) return payload.length > MAX_ENTRY_BYTES ? { pass: payload } : { body: payload };
  if (!(payload instanceof Readable)) return { pass: payload };
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = payload[Symbol.asyncIterator]();
  for (let next = await reader.next(); !next.done; next = await reader.next()) {
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : Buffer.from(next.value as Uint8Array);
    chunks.push(chunk);
    size += chunk.length;
    if (size > MAX_ENTRY_BYTES) {
      // Too big to keep: what was read, then the rest, as one stream.
      return {
        pass: Readable.from(
          (async function* () {
            yield* chunks;
            for (let rest = await reader.next(); !rest.done; rest = await reader.next()) yield rest.value;
          })(),
        ),
      };
    }
  }
  return { body: Buffer.concat(chunks) };
}

/**
 * The page's Content-Security-Policy with its nonce replaced by the SHA-256 hashes of the page's own inline
 * scripts (CSP Level 2 hash sources): exactly those scripts run, whoever gets the copy, and a script that is
 * not in the page (an injection) matches no hash.
 */
export function hashedScriptPolicy(policy: string, html: Buffer): string {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.toString('utf8').matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`);
  }
  return policy.replace(/ ?'nonce-[^']+'/g, hashes.size ? ` ${[...hashes].join(' ')}` : '');
}

const hash = (value: string | Buffer) => createHash('sha256').update(value).digest('base64url');

export const responseCachePlugin = fp(async (app: FastifyInstance) => {
  const config = app.config;
  const seconds = config.CACHE_SECONDS;
  const redis = app.redis;
  const channel = `${redis?.prefix ?? ''}cache:invalidate`;
  const invalidationsKey = `${redis?.prefix ?? ''}cache:invalidations`;
  // Marks this process's own background refreshes: no client can ask to bypass the cache.
  const refreshToken = randomBytes(16).toString('hex');
  /** when each tag was last invalidated ('*': everything), in ms */
  const invalidated = new Map<string, number>();
  let degradedUntil = 0;
  const effects = new Map<string, EffectHandler[]>();
  const run = (kind: string, arg: string, request: FastifyRequest) => {
    for (const handler of effects.get(kind) ?? []) handler(arg, request);
  };
  const inflight = new Map<string, Promise<Entry | undefined>>();
  const local = new LRUCache<string, Entry>({
    maxSize: config.CACHE_MAX_MB * 1024 * 1024,
    // room for the two compressed copies a hit may add
    sizeCalculation: (entry, key) => Math.max(1, Math.ceil(entry.body.length * 1.5) + key.length + 512),
    ttl: (STALE_IF_ERROR + 3600) * 1000,
    ttlResolution: 1000,
  });

  const see = (tag: string, at: number) => {
    if (at > (invalidated.get(tag) ?? 0)) invalidated.set(tag, at);
  };
  const isCurrent = (entry: Entry) => ['*', ...entry.tags].every((tag) => entry.startedAt > (invalidated.get(tag) ?? 0));
  if (redis) {
    // Not awaited: a Redis that is away must not hold the start; the subscriber subscribes once it connects.
    void redis.subscriber.subscribe(channel).catch((err) => app.log.warn({ err }, 'public cache: could not subscribe to invalidations'));
    redis.subscriber.on('message', (from, message) => {
      if (from !== channel) return;
      try {
        const { tag, at } = JSON.parse(message) as { tag: string; at: number };
        see(String(tag), Number(at));
      } catch {
        // not ours
      }
    });
    // After a reconnect, messages missed meanwhile are made up for by reading the invalidations themselves.
    const readInvalidations = () =>
      redis.client
        .hgetall(invalidationsKey)
        .then((all) => {
          for (const [tag, at] of Object.entries(all)) see(tag, Number(at));
        })
        .catch(() => {});
    redis.subscriber.on('ready', () => void readInvalidations());
    await readInvalidations();
  }

  /** A copy shared by another instance (Redis), kept here too once found. */
  const lookupShared = async (key: string): Promise<Entry | undefined> => {
    try {
      const value = await redis!.client.getBuffer(`${redis!.prefix}cache:${hash(key)}`);
      const entry = value ? decode(value) : undefined;
      if (entry) local.set(key, entry);
      return entry;
    } catch {
      return undefined;
    }
  };

  const store = (key: string, entry: Entry) => {
    local.set(key, entry);
    if (redis?.ready()) {
      redis.client.set(`${redis.prefix}cache:${hash(key)}`, encode(entry), 'EX', STALE_IF_ERROR + 3600).catch(() => {});
    }
  };

  // Pages differ by session (a logged-in citizen never gets a shared copy), and every copy by encoding.
  const vary = (rule: CacheState['rule']) => (rule.page ? 'cookie, accept-encoding' : 'accept-encoding');
  const cacheControl = (rule: CacheState['rule']) =>
    `public, max-age=${rule.browserMaxAge ?? rule.maxAge}, s-maxage=${rule.maxAge}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}, stale-if-error=${STALE_IF_ERROR}`;

  /** Sends a copy: 304 when the client has it, otherwise its bytes, compressed as the client accepts. */
  const serve = (request: FastifyRequest, reply: FastifyReply, state: CacheState, entry: Entry, outcome: string): true => {
    state.served = true;
    state.entry = entry;
    const page = rendering.getStore();
    if (page && page.tags !== state.tags) page.tags.push(...entry.tags);
    count(outcome);
    reply.code(entry.status);
    for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
    reply.removeHeader('retry-after');
    reply.header('etag', entry.etag).header('cache-control', cacheControl(state.rule)).header('vary', vary(state.rule)).header('x-cache', outcome);
    reply.header('age', String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000))));
    const inm = request.headers['if-none-match'];
    if (inm && inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
      reply.code(304).removeHeader('content-type').send();
    } else {
      reply.send(encoded(request, reply, entry));
    }
    return true;
  };

  const encoded = (request: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer => {
    const type = entry.headers['content-type'] ?? '';
    if (entry.body.length < 1024 || !COMPRESSIBLE.test(type)) return entry.body;
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) {
      entry.br ??= brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length } });
      reply.header('content-encoding', 'br');
      return entry.br;
    }
    if (/\bgzip\b/.test(accepts)) {
      entry.gzip ??= gzipSync(entry.body, { level: 6 });
      reply.header('content-encoding', 'gzip');
      return entry.gzip;
    }
    return entry.body;
  };

  /** One background request refreshes a copy while everyone else keeps getting the stale one. */
  const refreshing = new Set<string>();
  const refresh = (request: FastifyRequest, key: string) => {
    if (refreshing.has(key)) return;
    refreshing.add(key);
    const body = request.routeOptions.config.publicCache?.body ? JSON.stringify(request.body ?? {}) : undefined;
    app
      .inject({
        method: request.method === 'HEAD' ? 'GET' : request.method,
        url: request.url,
        headers: { 'x-public-cache-refresh': refreshToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        payload: body,
      })
      .catch((err) => app.log.warn({ err }, 'public cache: refresh failed'))
      .finally(() => refreshing.delete(key));
  };

  /**
   * A copy for this request, if there is one (served at once: true), or the start of computing it (false). GET
   * and HEAD are looked up as soon as the route is known (onRequest, after the rate limits and the security
   * headers): a copy needs no parsing, validation or handler, which was most of the time a cached answer took.
   * A POST is keyed by its body, so it waits for it (preHandler). A copy in this process is answered without
   * a promise (a cached answer is a few tens of microseconds of work, and each promise is a few more).
   */
  const lookupCopy = (request: FastifyRequest, reply: FastifyReply): boolean | Promise<boolean> => {
    const rule = request.routeOptions.config.publicCache;
    if (!rule || seconds === 0) return false;
    if (carriesCredentials(request)) {
      count('bypass');
      return false;
    }
    const isRefresh = request.headers['x-public-cache-refresh'] === refreshToken;
    const body = rule.body ? JSON.stringify(request.body ?? {}) : '';
    // The key as it is in this process; shared (Redis) copies are named by its hash (keys of bounded length).
    const key = `${request.method === 'HEAD' ? 'GET' : request.method} ${request.url} ${body}`;
    const state: CacheState = { key, rule: { ...rule, maxAge: rule.maxAge ?? seconds }, refresh: isRefresh, startedAt: Date.now(), tags: [] };
    request.publicCacheState = state;
    const entry = local.get(key);
    if (entry || !redis?.ready()) return answer(request, reply, state, entry);
    return lookupShared(key).then((shared) => answer(request, reply, state, shared));
  };

  const answer = (request: FastifyRequest, reply: FastifyReply, state: CacheState, entry: Entry | undefined): boolean | Promise<boolean> => {
    const { key, refresh: isRefresh } = state;
    state.entry = entry;
    if (entry && !isRefresh) {
      const age = Date.now() - entry.storedAt;
      const current = isCurrent(entry);
      if (current && age < state.rule.maxAge * 1000) return serve(request, reply, state, entry, 'hit');
      if (current && age < (state.rule.maxAge + STALE_WHILE_REVALIDATE) * 1000) {
        refresh(request, key);
        return serve(request, reply, state, entry, 'stale');
      }
      if (Date.now() < degradedUntil && age < STALE_IF_ERROR * 1000) {
        refresh(request, key);
        return serve(request, reply, state, entry, 'stale-if-error');
      }
    }
    // A miss: the first request computes it, identical ones arriving meanwhile wait for its answer.
    const pending = inflight.get(key);
    if (pending && !isRefresh) {
      const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), FOLLOW_TIMEOUT_MS).unref());
      return Promise.race([pending, timeout]).then((computed) => (computed ? serve(request, reply, state, computed, 'hit') : false));
    }
    if (!pending) {
      let resolve!: (entry: Entry | undefined) => void;
      const promise = new Promise<Entry | undefined>((done) => (resolve = done));
      inflight.set(key, promise);
      state.leader = (value) => {
        state.leader = undefined;
        if (inflight.get(key) === promise) inflight.delete(key);
        resolve(value);
      };
    }
    return false;
  };

  /** The lookup as a callback hook: an answered request goes no further (Fastify: send, and do not call done). */
  const lookupHook = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const answered = lookupCopy(request, reply);
    if (answered === true) return;
    if (answered === false) return done();
    answered.then((served) => served || done(), done);
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') return lookupHook(request, reply, done);
    done();
  });
  app.addHook('preHandler', (request, reply, done) => {
    if (request.method === 'POST' && request.routeOptions.config.publicCache?.body) return lookupHook(request, reply, done);
    done();
  });

  // A page about to render: the API calls inside it (in-process, same async context) add their effects to it.
  // Callback style, so that the context reaches the handler (an async hook's context would stay behind).
  app.addHook('preHandler', (request, _reply, done) => {
    const state = request.publicCacheState;
    if (!state || state.served || !state.rule.page || rendering.getStore()) return done();
    state.effects = [];
    rendering.run({ effects: state.effects, tags: state.tags, refresh: state.refresh }, done);
  });

  // Callback style: most answers pass this hook untouched (not cacheable, or already a copy), without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const state = request.publicCacheState;
    if (!state || state.served) return done(null, payload);
    keep(request, reply, state, payload).then((kept) => done(null, kept), done);
  });

  /** An answer just computed: kept as a copy when it may be (or, when the origin failed, the last good copy instead). */
  const keep = async (request: FastifyRequest, reply: FastifyReply, state: CacheState, payload: unknown): Promise<unknown> => {
    if (reply.sharedStatic || ![undefined, 'identity'].includes(reply.getHeader('content-encoding') as string | undefined)) {
      // the browser's files keep their own long caching (hashed names), and bytes already compressed are not kept
      state.leader?.(undefined);
      return payload;
    }
    const status = reply.statusCode;
    const entry = state.entry;
    if (status >= 500 && entry && Date.now() - entry.storedAt < STALE_IF_ERROR * 1000) {
      // The origin failed (the database is down): the last good copy beats an error page.
      degradedUntil = Date.now() + DEGRADED_MS;
      request.log.warn({ status, ageSeconds: Math.round((Date.now() - entry.storedAt) / 1000) }, 'public cache: origin failed, serving the last good copy');
      state.leader?.(entry);
      state.served = true;
      count('stale-if-error');
      reply.code(entry.status);
      for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
      reply.removeHeader('retry-after');
      reply.removeHeader('content-length');
      reply.header('etag', entry.etag).header('cache-control', cacheControl(state.rule)).header('vary', vary(state.rule)).header('x-cache', 'stale-if-error');
      return encoded(request, reply, entry);
    }
    // Routes opt in (the security plugin's default `no-store` for the API is replaced); a personal answer, or one
    // made private, is not kept.
    const cacheable = status === 200 && !isPersonal(request) && !reply.hasHeader('set-cookie') && !/private/.test(String(reply.getHeader('cache-control') ?? ''));
    if (!cacheable) {
      state.leader?.(undefined);
      return payload;
    }
    const read = await toBuffer(payload);
    if ('pass' in read) {
      state.leader?.(undefined);
      return read.pass;
    }
    const body = read.body;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    if (state.rule.page && headers['content-security-policy']) {
      // One copy for many visitors (and for a CDN): its scripts are allowed by their hashes, not by this
      // render's nonce, which would otherwise be the same for everyone who gets the copy.
      headers['content-security-policy'] = hashedScriptPolicy(headers['content-security-policy'], body);
      reply.header('content-security-policy', headers['content-security-policy']);
    }
    const stored: Entry = {
      status,
      headers,
      body,
      etag: `"${hash(body).slice(0, 27)}"`,
      storedAt: Date.now(),
      startedAt: state.startedAt,
      tags: [...new Set(state.tags)],
      effects: state.effects ?? [],
    };
    store(state.key, stored);
    state.leader?.(stored);
    count(state.refresh ? 'refresh' : 'miss');
    reply.removeHeader('content-length');
    reply.header('etag', stored.etag).header('cache-control', cacheControl(state.rule)).header('vary', vary(state.rule)).header('x-cache', state.refresh ? 'refresh' : 'miss');
    const inm = request.headers['if-none-match'];
    if (inm && inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === stored.etag)) {
      reply.code(304).removeHeader('content-type');
      return '';
    }
    return encoded(request, reply, stored);
  };

  app.addHook('onResponse', (request, _reply, done) => {
    const state = request.publicCacheState;
    // A request that ended without onSend (the client went away) must not leave followers waiting.
    state?.leader?.(undefined);
    // Each cached answer of a page replays what its render did (a view of the service it shows).
    if (state?.served && !state.refresh) {
      const entry = state.entry && state.entry.effects.length ? state.entry : local.get(state.key);
      for (const [kind, arg] of entry?.effects ?? []) run(kind, arg, request);
    }
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    request.publicCacheState?.leader?.(undefined);
    done();
  });

  const publicCache: PublicCache = {
    async invalidate(tag = '*') {
      const at = Date.now();
      see(tag, at);
      if (redis?.ready()) {
        try {
          await redis.client.multi().hset(invalidationsKey, tag, String(at)).expire(invalidationsKey, STALE_IF_ERROR + 3600).exec();
          await redis.client.publish(channel, JSON.stringify({ tag, at }));
        } catch (err) {
          app.log.warn({ err, tag }, 'public cache: invalidation not shared (Redis not answering)');
        }
      }
      app.log.info({ tag }, 'public cache invalidated');
    },
    tag(request, tag) {
      request.publicCacheState?.tags.push(tag);
      const page = rendering.getStore();
      if (page && page.tags !== request.publicCacheState?.tags) page.tags.push(tag);
    },
    onEffect(kind, handler) {
      effects.set(kind, [...(effects.get(kind) ?? []), handler]);
    },
    effect(request, kind, arg) {
      const page = rendering.getStore();
      page?.effects.push([kind, arg]);
      const own = request.publicCacheState;
      // kept with the route's own copy too (a search's), unless that copy is the page itself
      if (own && !own.served && (!page || own.effects !== page.effects)) (own.effects ??= []).push([kind, arg]);
      if (own?.refresh || page?.refresh) return;
      run(kind, arg, request);
    },
    get size() {
      return local.size;
    },
  };
  app.decorate('publicCache', publicCache);
});
