/**
 * A small time-bounded LRU cache for answers that many people ask within seconds (popular searches,
 * top hits). Each process keeps its own; nothing depends on it but speed, and nothing in it is older
 * than `ttlMs`, so several instances behind a load balancer still agree within that time.
 */
export class MicroCache<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  /** The cached answer for `key`, or `load()`'s, shared by concurrent callers; failures are not kept. */
  get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = load();
    this.entries.set(key, { at: now, value });
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear() {
    this.entries.clear();
  }
}
