import { describe, expect, it } from 'vitest';
import { turns } from './turns.ts';

class Full extends Error {}
const isFull = (error: unknown) => error instanceof Full;

/** A piece of work that waits until released, and counts how many run at once. */
function gate() {
  let running = 0;
  let most = 0;
  const releases: (() => void)[] = [];
  const work = (answer: () => string) => async () => {
    running++;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => releases.push(resolve));
    running--;
    return answer();
  };
  const next = async () => {
    while (!releases.length) await new Promise((resolve) => setImmediate(resolve));
    releases.shift()!();
  };
  return { work, next, most: () => most };
}

describe('turns', () => {
  it('does the work of one key one at a time, in the order asked, and other keys meanwhile', async () => {
    const inTurn = turns();
    const g = gate();
    const done: string[] = [];
    const asked = ['a1', 'a2', 'a3'].map((name) => inTurn('a', g.work(() => name), isFull).then((n) => done.push(n)));
    const other = inTurn('b', async () => 'b1', isFull).then((n) => done.push(n));
    await other;
    for (let i = 0; i < 3; i++) await g.next();
    await Promise.all(asked);
    expect(done).toEqual(['b1', 'a1', 'a2', 'a3']);
    expect(g.most()).toBe(1);
  });

  it('tells those already waiting at once when a turn that began after they arrived finds the thing gone, without doing their work', async () => {
    const inTurn = turns();
    let runs = 0;
    let release!: () => void;
    const first = inTurn(
      'a',
      async () => {
        runs++;
        await new Promise<void>((resolve) => (release = resolve));
        throw new Full('Este horário acabou de ser preenchido.');
      },
      isFull,
    );
    await new Promise((resolve) => setImmediate(resolve));
    // These arrive while the first looks, so the first's look began before them: they look for themselves, in turn.
    const during = [1, 2].map(() => inTurn('a', async () => (runs++, Promise.reject(new Full('cheio'))), isFull));
    release();
    await expect(first).rejects.toThrow('acabou de ser preenchido');
    // The second's look (began after the third arrived) answers the third: only two looks for three people.
    await expect(during[0]).rejects.toThrow('cheio');
    await expect(during[1]).rejects.toThrow('cheio');
    expect(runs).toBe(2);
  });

  it('lets whoever comes after the line has emptied look again (a place may have been given back)', async () => {
    const inTurn = turns();
    await expect(inTurn('a', async () => Promise.reject(new Full('cheio')), isFull)).rejects.toThrow('cheio');
    expect(await inTurn('a', async () => 'vaga', isFull)).toBe('vaga');
  });

  it('shares only the refusal it is told to share: another failure is each one’s own', async () => {
    const inTurn = turns();
    let runs = 0;
    const all = [1, 2, 3].map(() => inTurn('a', async () => (runs++, Promise.reject(new Error('outro'))), isFull));
    for (const one of all) await expect(one).rejects.toThrow('outro');
    expect(runs).toBe(3);
  });
});
