import { afterEach, describe, expect, it, vi } from 'vitest';
import { MicroCache } from './micro-cache.ts';

afterEach(() => vi.useRealTimers());

describe('MicroCache', () => {
  it('answers equal keys once within the time, then asks again', async () => {
    vi.useFakeTimers();
    const cache = new MicroCache<number>(10_000);
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    vi.advanceTimersByTime(10_001);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('does not keep failures', async () => {
    const cache = new MicroCache<number>(10_000);
    await expect(cache.get('a', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });

  it('keeps at most its size, dropping the least recently used', async () => {
    const cache = new MicroCache<string>(10_000, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'a2');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });

  it('is off with a zero time', async () => {
    const cache = new MicroCache<number>(0);
    let calls = 0;
    await cache.get('a', async () => ++calls);
    await cache.get('a', async () => ++calls);
    expect(calls).toBe(2);
  });
});
