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
  /** the words a typo may be corrected to (no stop word: 'pela', 'meu'), with how often the catalog's names use each */
  grams: { word: string; grams: Set<string>; uses: number }[];
  /** those words by how they sound (soundOf) */
  sounds: Map<string, { word: string; uses: number }[]>;
}

/**
 * How a word sounds in Brazilian Portuguese, for the misspellings that sound right ('doassão' and 'doação',
 * 'licensa' and 'licença', 'empreza', 'desenprego', 'identidadi', 'certidau'): the letters that make one sound
 * written one way, accents and doubled letters dropped (but 'rr'). `word` keeps its accents where it has them (the 'ç').
 */
export function soundOf(word: string): string {
  return word
    .toLowerCase()
    .replace(/ç/g, 's')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^h/, '')
    .replace(/ch/g, 'x')
    .replace(/(?:ss|sc|xc|c)(?=[ei])/g, 's')
    .replace(/ss/g, 's')
    .replace(/qu(?=[ei])/g, 'k')
    .replace(/gu(?=[ei])/g, 'g')
    .replace(/c/g, 'k')
    .replace(/(?<=[aeiou])s(?=[aeiou])/g, 'z')
    .replace(/m(?=[pb])/g, 'n')
    .replace(/l$/, 'u')
    .replace(/o$/, 'u')
    .replace(/i$/, 'e')
    // 'rr' is a sound of its own ('caro', 'carro'); other doubled letters are one
    .replace(/r{2,}/g, 'R')
    .replace(/(.)\1+/g, '$1');
}

/**
 * `stop`: known words no typo is corrected to ('penla' is 'penha', never 'pela'); `uses`: how often the catalog's
 * names use each word, which of two words equally close a typo means ('socil' is 'social' more often than 'socio').
 */
export function buildLexicon(
  words: string[],
  { stop = new Set<string>(), uses = new Map<string, number>(), written = new Map<string, string>() }: { stop?: Set<string>; uses?: Map<string, number>; written?: Map<string, string> } = {},
): Lexicon {
  const grams = words.filter((word) => !stop.has(word)).map((word) => ({ word, grams: trigrams(word), uses: uses.get(word) ?? 0 }));
  const sounds = new Map<string, { word: string; uses: number }[]>();
  for (const { word, uses: count } of grams) {
    const sound = soundOf(written.get(word) ?? word);
    sounds.set(sound, [...(sounds.get(sound) ?? []), { word, uses: count }]);
  }
  return { words: new Set(words), grams, sounds };
}

/** Ends where no Portuguese word ends ('seg', 'cert', 'doc', 'cad'; 'devo' does not): an abbreviation, when it is not a known word. */
export const endsAsAbbreviation = (token: string) => /[bcdfgjkpqtv]$/.test(token);

/**
 * How many known words an abbreviation is read as, at most: more than a typo's `most`, as a short one begins many
 * ('def' is 'defesa', 'deficiência', 'definitiva'…; 'cnh def' is the last). Five: popular names with one word
 * abbreviated, right at rank 1, 92 % with three, 94 % with five, 95 % with eight (bench/relevance.ts).
 */
const BEGUN = 5;

/** The most used first, then alphabetically. */
const byUse = (a: { word: string; uses: number }, b: { word: string; uses: number }) => b.uses - a.uses || (a.word < b.word ? -1 : 1);

/**
 * The known words a typo may mean, most likely first. For an abbreviation (it ends where no Portuguese word ends:
 * 'cert', 'seg', 'cart'), first the known words it begins, the most used first (BEGUN of them). Then the known words one edit away (a
 * letter changed, added, dropped or two swapped), for words of four letters or more: those that keep the typed first
 * letter (it is rarely the wrong one: 'rcurso' is 'recurso' before 'curso'), those that also sound as it does first
 * ('próteze' is 'prótese', not the more used 'protege'), then the ones the catalog's names use most ('tirra' is 'tirar'
 * before 'terra'; 'estaod' is 'estado', not the shorter 'esta' that shares more of its trigrams). Then the known words
 * that sound as it does (soundOf: 'doassão' is two letters from 'doação', 'faicha' one from 'ficha' and sounds as
 * 'faixa'), the most used first. At most `most` (or BEGUN): the other words of the text tell them apart ('temo de apreensão' is
 * 'termo', though 'tempo' is more used). Else the one word at least `threshold` similar by trigrams ('identiadde'),
 * ties to the shorter word.
 */
export function closestWords(lexicon: Lexicon, token: string, { threshold = 0.38, most = 3 } = {}): string[] {
  const alike = token.length >= 4 ? [...(lexicon.sounds.get(soundOf(token)) ?? [])].filter((c) => c.word !== token).sort(byUse) : [];
  const sounds = new Set(alike.map((c) => c.word));
  const near = oneEditAway(lexicon, token).sort((a, b) => Number(sounds.has(b.word)) - Number(sounds.has(a.word)));
  const sameStart = near.filter((c) => c.word[0] === token[0]);
  // An abbreviation ('seg via', 'cert negativa', 'doc do carro': it ends where no Portuguese word ends, 'devo' does
  // not): the known words it begins, the most used first, before the words one edit away ('cart sus' is 'cartão
  // SUS', not the 'CAR' a dropped letter makes).
  const begun = !endsAsAbbreviation(token) ? [] : lexicon.grams.filter((c) => c.word.length > token.length && c.word.startsWith(token)).sort(byUse).slice(0, BEGUN);
  const found = [...new Set([...begun, ...(sameStart.length ? sameStart : near), ...alike].map((c) => c.word))];
  if (found.length) return found.slice(0, Math.max(most, begun.length));
  const similar = closestByTrigrams(lexicon, token, threshold);
  return similar ? [similar] : [];
}

/** The most likely of closestWords, or null. */
export function closestWord(lexicon: Lexicon, token: string, threshold = 0.38): string | null {
  return closestWords(lexicon, token, { threshold })[0] ?? null;
}

/** The known words one edit from `token` (Damerau: change, add, drop, swap), the most used first, then alphabetically. */
function oneEditAway(lexicon: Lexicon, token: string): { word: string; uses: number }[] {
  if (token.length < 4) return [];
  const found = lexicon.grams.filter(({ word }) => Math.abs(word.length - token.length) <= 1 && word !== token && withinOneEdit(word, token));
  return found.sort(byUse);
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
