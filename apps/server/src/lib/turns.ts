/**
 * Work on one thing at a time in this process (the places of one appointment time), in the order it was asked, with
 * a refusal shared: when a turn finds the thing gone (the time full), everyone who was already waiting when that turn
 * began is told the same at once instead of asking the database again. Their answer is as fresh as their own turn's
 * would have been (the look began after they arrived); whoever arrives later takes a turn and looks again. Without
 * it, a rush of people for one time waits in the database on the time's row lock, each holding a connection the
 * others need (decision 039). The database still decides who gets a place; this only spares it the questions it
 * has just answered.
 */
export function turns() {
  const lines = new Map<
    string,
    {
      tail: Promise<void>;
      waiting: number;
      gone?: { error: unknown; turn: number };
    }
  >();
  // Arrivals and turns in order (a counter, not the clock: two in the same millisecond are still in order).
  let tick = 0;
  return async function inTurn<T>(
    key: string,
    work: () => Promise<T>,
    isGone: (error: unknown) => boolean,
  ): Promise<T> {
    const arrived = ++tick;
    let line = lines.get(key);
    if (!line) lines.set(key, (line = { tail: Promise.resolve(), waiting: 0 }));
    line.waiting++;
    const before = line.tail;
    let done!: () => void;
    line.tail = new Promise((resolve) => (done = resolve));
    await before;
    try {
      if (line.gone && line.gone.turn > arrived) throw line.gone.error;
      const turn = ++tick;
      try {
        return await work();
      } catch (error) {
        if (isGone(error)) line.gone = { error, turn };
        throw error;
      }
    } finally {
      done();
      if (--line.waiting === 0) lines.delete(key);
    }
  };
}
