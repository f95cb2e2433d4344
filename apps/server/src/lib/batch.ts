import type { FastifyBaseLogger } from 'fastify';

/**
 * Anonymous events many citizens cause at once (a service's views, web vitals) are written together:
 * one statement per second, or as soon as `maxItems` are waiting, instead of a write per request. A write
 * that fails keeps its items for the next one (up to `maxQueued`, then the oldest are dropped with a
 * warning), so a database restart loses nothing that fits; `close()` writes what is left on a stop.
 */
export interface Batch<T> {
  add(item: T): void;
  /** writes what is waiting now (and waits for a write under way) */
  flush(): Promise<void>;
  /** stops the timer and writes what is left: the app's onClose, before the database closes */
  close(): Promise<void>;
  readonly size: number;
}

export interface BatchOptions<T> {
  /** what the batch holds ('views'): the label of its queue size on /metrics */
  name: string;
  write(items: T[]): Promise<void>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  maxItems?: number;
  maxQueued?: number;
}

const sizes = new Map<string, () => number>();

/** Items waiting to be written in this process, by batch name: read by /metrics. */
export function batchSizes(): ReadonlyMap<string, () => number> {
  return sizes;
}

export function createBatch<T>({ name, write, log, intervalMs = 1000, maxItems = 500, maxQueued = 50_000 }: BatchOptions<T>): Batch<T> {
  let queue: T[] = [];
  let writing: Promise<void> = Promise.resolve();
  let soon = false;

  const writeNow = async () => {
    soon = false;
    if (!queue.length) return;
    const items = queue;
    queue = [];
    try {
      await write(items);
    } catch (err) {
      queue = items.concat(queue);
      const dropped = queue.length - maxQueued;
      if (dropped > 0) queue.splice(0, dropped);
      log.warn({ err, batch: name, waiting: queue.length, dropped: Math.max(0, dropped) }, 'batch write failed: keeping the items for the next one');
    }
  };
  const flush = () => (writing = writing.then(writeNow));

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  const size = () => queue.length;
  sizes.set(name, size);

  return {
    add(item) {
      queue.push(item);
      if (queue.length >= maxItems && !soon) {
        soon = true;
        setImmediate(() => void flush());
      }
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
      if (sizes.get(name) === size) sizes.delete(name);
    },
    get size() {
      return queue.length;
    },
  };
}
