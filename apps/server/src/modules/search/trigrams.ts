// Trigram similarity as pg_trgm computes it for one word: the word padded with two spaces before and
// one after, its three-letter windows as a set, and |A ∩ B| / |A ∪ B|. Used on the small search
// lexicon kept in memory, where a round trip per word would cost more than the comparison.

export function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

export function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  const union = a.size + b.size - shared;
  return union ? shared / union : 0;
}

export interface Lexicon {
  words: Set<string>;
  grams: { word: string; grams: Set<string> }[];
}

export function buildLexicon(words: string[]): Lexicon {
  return { words: new Set(words), grams: words.map((word) => ({ word, grams: trigrams(word) })) };
}

/**
 * The known word closest to `token`, when at least `threshold` similar; ties go to the shorter word. A short word
 * with one letter wrong shares few trigrams ('anuel' and 'anual', 'idozo' and 'idoso': 0.33): then a known word one
 * edit away (a letter changed, added, dropped or two swapped), the first in alphabetical order when several are.
 */
export function closestWord(lexicon: Lexicon, token: string, threshold = 0.38): string | null {
  return closestByTrigrams(lexicon, token, threshold) ?? oneEditAway(lexicon, token);
}

/** The first known word (alphabetically) one edit from `token` (Damerau: change, add, drop, swap), for words of four letters or more. */
function oneEditAway(lexicon: Lexicon, token: string): string | null {
  if (token.length < 4) return null;
  let best: string | null = null;
  for (const { word } of lexicon.grams) {
    if (Math.abs(word.length - token.length) > 1 || word === token || (best !== null && word >= best)) continue;
    if (withinOneEdit(word, token)) best = word;
  }
  return best;
}

function withinOneEdit(a: string, b: string): boolean {
  if (a.length === b.length) {
    const diff: number[] = [];
    for (let i = 0; i < a.length && diff.length <= 2; i++) if (a[i] !== b[i]) diff.push(i);
    if (diff.length === 1) return true;
    return diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!];
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}

function closestByTrigrams(lexicon: Lexicon, token: string, threshold: number): string | null {
  const target = trigrams(token);
  let best: string | null = null;
  let bestScore = -1;
  for (const { word, grams } of lexicon.grams) {
    const score = similarity(target, grams);
    if (score < threshold) continue;
    const better =
      score > bestScore || (score === bestScore && (word.length < best!.length || (word.length === best!.length && word < best!)));
    if (better) {
      best = word;
      bestScore = score;
    }
  }
  return best;
}
