import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatch } from './batch.ts';

const log = { warn: vi.fn() } as unknown as Parameters<typeof createBatch>[0]['log'];

afterEach(() => vi.useRealTimers());

describe('a batch of anonymous events', () => {
  it('writes once per interval, whatever the number of events', async () => {
    vi.useFakeTimers();
    const writes: number[][] = [];
    const batch = createBatch<number>({ name: 'test-interval', log, intervalMs: 1000, maxItems: 10_000, write: async (items) => void writes.push(items) });
    for (let i = 0; i < 300; i++) batch.add(i);
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toHaveLength(300);
    await batch.close();
  });

  it('writes as soon as maxItems are waiting', async () => {
    const writes: number[][] = [];
    const batch = createBatch<number>({ name: 'test-max', log, intervalMs: 60_000, maxItems: 100, write: async (items) => void writes.push(items) });
    for (let i = 0; i < 99; i++) batch.add(i);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes).toEqual([]);
    for (let i = 99; i < 250; i++) batch.add(i);
    // long before the minute's interval: everything added before the write began, in one statement
    await vi.waitFor(() => expect(writes.flat()).toHaveLength(250), { timeout: 500 });
    expect(writes).toHaveLength(1);
    await batch.close();
  });

  it('keeps the events of a failed write for the next one, and writes what is left when closed', async () => {
    let failing = true;
    const written: number[] = [];
    const batch = createBatch<number>({
      name: 'test-retry',
      log,
      intervalMs: 60_000,
      write: async (items) => {
        if (failing) throw new Error('database restarting');
        written.push(...items);
      },
    });
    batch.add(1);
    batch.add(2);
    await batch.flush();
    expect(batch.size).toBe(2);
    expect(log.warn).toHaveBeenCalled();
    failing = false;
    batch.add(3);
    await batch.close();
    expect(written).toEqual([1, 2, 3]);
    expect(batch.size).toBe(0);
  });

  it('drops the oldest events past maxQueued while the database stays away', async () => {
    const batch = createBatch<number>({ name: 'test-cap', log, intervalMs: 60_000, maxQueued: 5, write: async () => Promise.reject(new Error('down')) });
    for (let i = 0; i < 8; i++) batch.add(i);
    await batch.flush();
    expect(batch.size).toBe(5);
  });
});
