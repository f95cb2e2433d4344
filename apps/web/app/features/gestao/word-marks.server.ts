import type { FieldChange } from '@portal/contracts';
import { diffWordsWithSpace } from 'diff';

/** A run of a changed field's text: kept, removed or added. */
export interface WordMark {
  kind: 'same' | 'del' | 'ins';
  text: string;
}
export type MarkedChange = FieldChange & { marks: WordMark[] };

/** Past this many milliseconds a comparison gives up on words and marks the whole text as replaced. */
const DIFF_TIMEOUT_MS = 200;

/**
 * Each changed field with its words marked, as the reviewer reads it: a step renamed from 'Pague a taxa' to
 * 'Pague a taxa (DAR)' is the old text with ' (DAR)' added, not two blocks of 20 lines. Worked out on the server
 * (jsdiff), so the page needs no script.
 */
export function withWordMarks(changes: FieldChange[]): MarkedChange[] {
  return changes.map((change) => {
    const parts = diffWordsWithSpace(change.before, change.after, { timeout: DIFF_TIMEOUT_MS });
    const marks: WordMark[] = parts
      ? parts.map((part) => ({ kind: part.added ? 'ins' : part.removed ? 'del' : 'same', text: part.value }))
      : [
          { kind: 'del', text: change.before },
          { kind: 'ins', text: change.after },
        ];
    return { ...change, marks: slideLeft(marks).filter((mark) => mark.text) };
  });
}

/**
 * An insertion or a removal between two kept runs is moved as far left as its text allows, which puts its edges
 * on the words' edges: 'taxa (' + 'DAR) (' + 'online)', as the comparison may align it, reads 'taxa' + ' (DAR)' +
 * ' (online)'. The texts before and after are the same either way.
 */
function slideLeft(marks: WordMark[]): WordMark[] {
  for (let i = 1; i < marks.length - 1; i++) {
    const [kept, mark, next] = [marks[i - 1]!, marks[i]!, marks[i + 1]!];
    if (kept.kind !== 'same' || mark.kind === 'same' || next.kind !== 'same') continue;
    let k = 0;
    while (k < kept.text.length && k < mark.text.length && kept.text[kept.text.length - 1 - k] === mark.text[mark.text.length - 1 - k]) k++;
    if (!k) continue;
    const moved = mark.text.slice(mark.text.length - k);
    kept.text = kept.text.slice(0, kept.text.length - k);
    mark.text = moved + mark.text.slice(0, mark.text.length - k);
    next.text = moved + next.text;
  }
  return marks;
}
