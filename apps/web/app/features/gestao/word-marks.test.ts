import { describe, expect, it } from 'vitest';
import { withWordMarks } from './word-marks.server.ts';

const marks = (before: string, after: string) => withWordMarks([{ field: 'f', label: 'Campo', before, after }])[0]!.marks;
const text = (kind: 'del' | 'ins', list: ReturnType<typeof marks>) => list.filter((m) => m.kind !== kind).map((m) => m.text).join('');

describe("a changed field's words, as the reviewer reads them", () => {
  it('marks the words added, on the words’ edges, not the whole line', () => {
    const renamed = marks('2. Pague a taxa (online)', '2. Pague a taxa (DAR) (online)');
    expect(renamed).toEqual([
      { kind: 'same', text: '2. Pague a taxa' },
      { kind: 'ins', text: ' (DAR)' },
      { kind: 'same', text: ' (online)' },
    ]);
  });

  it('marks each number replaced in a cost, and both texts read back whole', () => {
    const before = 'R$ 84,68 (DAR – taxa do DETRAN-PI)';
    const after = 'R$ 98,47 (DAR – taxa do DETRAN-PI)';
    const cost = marks(before, after);
    expect(cost.filter((m) => m.kind === 'del').map((m) => m.text)).toEqual(['84', '68']);
    expect(cost.filter((m) => m.kind === 'ins').map((m) => m.text)).toEqual(['98', '47']);
    expect(text('ins', cost)).toBe(before);
    expect(text('del', cost)).toBe(after);
  });

  it('marks a field that was empty, or emptied, as wholly added or removed', () => {
    expect(marks('', 'CPF')).toEqual([{ kind: 'ins', text: 'CPF' }]);
    expect(marks('CPF', '')).toEqual([{ kind: 'del', text: 'CPF' }]);
  });
});
