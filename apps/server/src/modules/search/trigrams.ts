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

/** The known word closest to `token`, when at least `threshold` similar; ties go to the shorter word. */
export function closestWord(lexicon: Lexicon, token: string, threshold = 0.38): string | null {
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
