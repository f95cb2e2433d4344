// Measuring the relevance cases (relevance-cases.ts) through the API, and the typo kind made from the catalog's
// popular names. Read by honest-search.test.ts (floors) and bench/relevance.ts (the figures in bench/README.md).

import type { SearchItem } from '@portal/contracts';
import type { Database } from '@portal/db';
import { sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { rows } from '../../lib/rows.ts';
import type { Case } from './relevance-cases.ts';

/**
 * The typo kind, made from the catalog rather than written (session 22): each popular name with one word of five
 * letters or more typed with one letter wrong (dropped, doubled, changed, or swapped with the next, never the first),
 * or (`how`) misspelt as it sounds, or abbreviated, the word and the mistake drawn from `seed`. Right when the first answer is a service of that popular name. Only
 * names the search gets right as written count: what is measured is the typo. No seed was tuned on but 7.
 */
export type Misspelling = 'letter' | 'sound' | 'short';

export function typoCases(names: { slug: string; name: string }[], seed: number, how: Misspelling = 'letter'): Case[] {
  const owners = new Map<string, Set<string>>();
  for (const { slug, name } of names) {
    const key = name.toLowerCase();
    if (!owners.has(key)) owners.set(key, new Set());
    owners.get(key)!.add(slug);
  }
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const mistype = (word: string) => {
    const i = 1 + Math.floor(random() * (word.length - 2));
    const mistakes = [
      () => word.slice(0, i) + word.slice(i + 1),
      () => word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2),
      () => word.slice(0, i) + pick([...'abcdefghijlmnopqrstuvxz']) + word.slice(i + 1),
      () => word.slice(0, i) + word[i] + word.slice(i),
    ];
    return pick(mistakes)();
  };
  const cases: Case[] = [];
  for (const [name, slugs] of owners) {
    const words = name.split(/\s+/);
    const change = (word: string) => (how === 'sound' ? misspell(word, random) : how === 'short' ? abbreviate(word) : mistype(word));
    const long = words.flatMap((word, i) => (word.length >= 5 && /^\p{L}+$/u.test(word) && (how === 'letter' || change(word) !== word) ? [i] : []));
    if (!long.length) continue;
    const i = pick(long);
    cases.push({ kind: 'typo', query: words.map((word, j) => (j === i ? change(word) : word)).join(' '), slugs: [...slugs] });
    cases.push({ kind: 'popular', query: name, slugs: [...slugs] });
  }
  return cases;
}

export interface Outcome {
  kase: Case;
  rank1: boolean;
  top3: boolean;
  /** the API said no result answers the query */
  unanswered: boolean;
  /** a best bet naming the expected provider came with the answer */
  bestBet: boolean;
  ms: number;
}

type Answer = SearchItem & { answers?: boolean };

const right = (kase: Case, item: Answer | undefined) =>
  !!item &&
  (kase.slugs ? kase.slugs.includes(item.slug) : true) &&
  (kase.departments ? kase.departments.includes(item.departmentSlug) : true) &&
  // Targets come by name ('Servidor Público'): the audience's slug is its first word, unaccented.
  (kase.audience ? item.targets.some((name) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().startsWith(kase.audience!)) : true);

export async function measure(app: App, cases: Case[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const kase of cases) {
    const started = performance.now();
    const res = await app.inject({ method: 'POST', url: '/v1/search', payload: { query: kase.query, groups: ['CATALOG'], from: 0 } });
    const ms = performance.now() - started;
    const items = (res.statusCode === 200 ? res.json() : []) as Answer[];
    // Before issue 25 the API had no `answers`: every result counted as an answer.
    const answering = items.filter((item) => item.answers ?? true);
    const bets = await app.inject({ method: 'GET', url: `/v1/search/best-bets?q=${encodeURIComponent(kase.query)}` });
    const providers = bets.statusCode === 200 ? (bets.json() as { provider: string }[]).map((b) => b.provider.toLowerCase()) : [];
    outcomes.push({
      kase,
      rank1: right(kase, answering[0]),
      top3: answering.slice(0, 3).some((item) => right(kase, item)),
      unanswered: answering.length === 0,
      bestBet: !!kase.bestBet && providers.some((p) => p.includes(kase.bestBet!.toLowerCase())),
      ms,
    });
  }
  return outcomes;
}

/**
 * A word of seven letters or more as it is abbreviated: cut after its first consonant past the third letter that
 * no Portuguese word ends with ('certidão' 'cert', 'segunda' 'seg', 'transferência' 'transf', 'documento' 'doc');
 * the word itself when it has none.
 */
function abbreviate(word: string): string {
  if (word.length < 7) return word;
  const plain = word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const cut = /^.{2,}?[bcdfgjkpqtv]/.exec(plain.slice(0, word.length - 2));
  return cut ? cut[0] : word;
}

/**
 * A word misspelt as it sounds, as Brazilians most often misspell (one of the spots it has, drawn by `random`):
 * 'ç' and 'ção' as 'ss' and 'ssão', an 's' between vowels as 'z' and a 'z' as 's', 'ce'/'ci' as 'se'/'si', a final
 * 'e' as 'i' and 'o' as 'u', 'm' before 'p' or 'b' as 'n', 'x' as 'ch' and 'ch' as 'x'. The word itself when it has none.
 */
function misspell(word: string, random: () => number): string {
  const rules: [RegExp, string][] = [
    [/ç/, 'ss'],
    [/(?<=[aeiouáéíóúâêôãõ])s(?=[aeiouáéíóúâêôãõ])/, 'z'],
    [/z/, 's'],
    [/c(?=[ei])/, 's'],
    [/e$/, 'i'],
    [/o$/, 'u'],
    [/m(?=[pb])/, 'n'],
    [/x/, 'ch'],
    [/ch/, 'x'],
  ];
  const spots = rules.filter(([pattern]) => pattern.test(word));
  if (!spots.length) return word;
  const [pattern, replacement] = spots[Math.floor(random() * spots.length)]!;
  return word.replace(pattern, replacement);
}

/** Every popular name of an active service, for typoCases. */
export function popularNames(db: Database) {
  return rows<{ slug: string; name: string }>(db, sql`select s.slug, p.name from service_popular_names p join services s on s.id = p.service_id where s.active order by s.slug, p.name`);
}

/** typoCases measured: of the names the search gets right as written, how many it gets right with the typo. */
export async function measureTypos(app: App, db: Database, seed: number, how: Misspelling = 'letter') {
  const outcomes = await measure(app, typoCases(await popularNames(db), seed, how));
  const pairs = outcomes.flatMap((typo, i) => (i % 2 === 0 && outcomes[i + 1]!.rank1 ? [typo] : []));
  return { of: pairs.length, rank1: pairs.filter((o) => o.rank1).length, top3: pairs.filter((o) => o.top3).length, wrong: pairs.filter((o) => !o.rank1).map((o) => o.kase.query) };
}
