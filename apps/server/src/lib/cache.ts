import { LRUCache } from 'lru-cache';

/**
 * The one in-process cache: answers many people ask within seconds (popular searches), and data that
 * changes only with the catalog (search dictionary, recommendation features, signing keys). Each process
 * keeps its own and nothing depends on it but speed; nothing in it is older than `ttlMs`, so instances
 * behind a load balancer still agree within that time. Async throughout, so a shared (Redis) variant can
 * stand behind the same interface.
 */
export interface Cache<V> {
  /** The cached answer for `key`, or `load()`'s, shared by concurrent callers; failures are not kept. */
  fetch(key: string, load: () => Promise<V>): Promise<V>;
  delete(key: string): Promise<void>;
  clear(): Promise<void>;
}

export interface CacheOptions {
  /** what the cache holds ('search', 'dictionary'): the label of its hits and misses on /metrics (plugins/metrics.ts) */
  name?: string;
  /** how long an answer is kept; omitted, until it is evicted or deleted; 0 keeps nothing (caching off) */
  ttlMs?: number;
  /** entries kept at most; the least recently used goes first */
  max: number;
}

/** Hits and misses of every cache of this process, by cache name (a name, never a key). */
export interface CacheCounts {
  hits: number;
  misses: number;
}
const counts = new Map<string, CacheCounts>();

/** Lookups so far in this process, by cache name: read by /metrics. */
export function cacheCounts(): ReadonlyMap<string, Readonly<CacheCounts>> {
  return counts;
}

function counter(name: string): CacheCounts {
  let entry = counts.get(name);
  if (!entry) counts.set(name, (entry = { hits: 0, misses: 0 }));
  return entry;
}

export function memoryCache<V>({ name = 'unnamed', ttlMs, max }: CacheOptions): Cache<V> {
  const count = counter(name);
  if (ttlMs === 0) {
    // caching off: every lookup is a miss
    return {
      fetch: (_key, load) => {
        count.misses++;
        return load();
      },
      delete: async () => {},
      clear: async () => {},
    };
  }
  // Promises are kept, so concurrent misses of one key share one load. Date.now, not performance.now, so
  // that fake timers (tests) move time for the cache too; ttlResolution 0 reads the clock every time.
  const entries = new LRUCache<string, Promise<V>>({ max, ttl: ttlMs === undefined ? undefined : Math.ceil(ttlMs), ttlResolution: 0, perf: { now: () => Date.now() } });
  return {
    fetch(key, load) {
      const hit = entries.get(key);
      if (hit) {
        count.hits++;
        return hit;
      }
      count.misses++;
      const value = load();
      entries.set(key, value);
      value.catch(() => {
        if (entries.peek(key) === value) entries.delete(key);
      });
      return value;
    },
    async delete(key) {
      entries.delete(key);
    },
    async clear() {
      entries.clear();
    },
  };
}

/**
 * Identical reads at the same moment share one, and nothing is kept after it: a caller who asks while the same read
 * is under way gets its answer, then the next caller reads again. For reads many citizens make in the same second
 * (an agenda opening: its times, its free places), where a kept answer, even for a second, could show a place that
 * is gone.
 */
export function inFlight<V>({ name = 'unnamed' }: Pick<CacheOptions, 'name'> = {}): Cache<V> {
  const count = counter(name);
  const running = new Map<string, Promise<V>>();
  return {
    fetch(key, load) {
      const shared = running.get(key);
      if (shared) {
        count.hits++;
        return shared;
      }
      count.misses++;
      const value = load().finally(() => running.delete(key));
      running.set(key, value);
      return value;
    },
    async delete(key) {
      running.delete(key);
    },
    async clear() {
      running.clear();
    },
  };
}
