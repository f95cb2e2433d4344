import { afterEach, describe, expect, it, vi } from 'vitest';
import { inFlight, memoryCache } from './cache.ts';

afterEach(() => vi.useRealTimers());

describe('memoryCache', () => {
  it('answers equal keys once within the time, then asks again', async () => {
    vi.useFakeTimers();
    const cache = memoryCache<number>({ ttlMs: 10_000, max: 10 });
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.fetch('a', load)).toBe(1);
    vi.advanceTimersByTime(9_999);
    expect(await cache.fetch('a', load)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await cache.fetch('a', load)).toBe(2);
  });

  it('loads once for concurrent misses of one key', async () => {
    const cache = memoryCache<number>({ ttlMs: 10_000, max: 10 });
    let calls = 0;
    let release!: (n: number) => void;
    const load = () => {
      calls++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const both = Promise.all([cache.fetch('a', load), cache.fetch('a', load)]);
    release(7);
    expect(await both).toEqual([7, 7]);
    expect(calls).toBe(1);
  });

  it('does not keep failures', async () => {
    const cache = memoryCache<number>({ ttlMs: 10_000, max: 10 });
    await expect(cache.fetch('a', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.fetch('a', async () => 7)).toBe(7);
  });

  it('keeps at most its size, dropping the least recently used', async () => {
    const cache = memoryCache<string>({ ttlMs: 10_000, max: 2 });
    await cache.fetch('a', async () => 'a1');
    await cache.fetch('b', async () => 'b1');
    await cache.fetch('a', async () => 'a2');
    await cache.fetch('c', async () => 'c1');
    expect(await cache.fetch('a', async () => 'a3')).toBe('a1');
    expect(await cache.fetch('b', async () => 'b2')).toBe('b2');
  });

  it('keeps answers without a time until they are deleted', async () => {
    vi.useFakeTimers();
    const cache = memoryCache<number>({ max: 1 });
    let calls = 0;
    const load = async () => ++calls;
    await cache.fetch('a', load);
    vi.advanceTimersByTime(24 * 3_600_000);
    expect(await cache.fetch('a', load)).toBe(1);
    await cache.delete('a');
    expect(await cache.fetch('a', load)).toBe(2);
    await cache.clear();
    expect(await cache.fetch('a', load)).toBe(3);
  });

  it('is off with a zero time', async () => {
    const cache = memoryCache<number>({ ttlMs: 0, max: 10 });
    let calls = 0;
    await cache.fetch('a', async () => ++calls);
    await cache.fetch('a', async () => ++calls);
    expect(calls).toBe(2);
  });
});

describe('inFlight', () => {
  it('shares a read under way with whoever asks the same meanwhile, and reads again once it has answered', async () => {
    const reads = inFlight<number>();
    let calls = 0;
    let release!: (n: number) => void;
    const load = () => {
      calls++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const both = Promise.all([reads.fetch('a', load), reads.fetch('a', load)]);
    release(7);
    expect(await both).toEqual([7, 7]);
    expect(calls).toBe(1);
    const again = reads.fetch('a', load);
    release(8);
    expect(await again).toBe(8);
    expect(calls).toBe(2);
  });

  it('keeps no failure: the next caller reads again', async () => {
    const reads = inFlight<number>();
    await expect(reads.fetch('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await reads.fetch('a', async () => 3)).toBe(3);
  });
});
