import type { SearchSuggestions } from '@portal/contracts';
import { normalizeSearchText, type Database } from '@portal/db';
import * as repository from './search.repository.ts';
import { correctionOf, isSearchable, type Dictionary } from './search.service.ts';

// Suggestions as one types: every active service's title and popular names, normalised, kept in memory
// (a copy of the catalog, refreshed with the search dictionary), so a prefix is answered in well under a
// millisecond without the database, even at 20,000 services.

type Suggestion = SearchSuggestions['services'][number];

interface Entry {
  service: Suggestion;
  title: string;
  names: string[];
}

/**
 * Active services, most accessed first, and every word of their titles and popular names in alphabetical order
 * with the services that have it (ascending, so most accessed first): the services whose words begin with a
 * prefix are a binary search and a few lists away, not a scan of the catalog.
 */
export interface SuggestionIndex {
  entries: Entry[];
  words: string[];
  postings: number[][];
}

/** The index, most accessed services first (the order suggestions keep within a tier). */
export async function loadSuggestionIndex(db: Database): Promise<SuggestionIndex> {
  const entries: Entry[] = (await repository.listSuggestible(db)).map(({ popularNames, ...service }) => ({
    service,
    title: normalizeSearchText(service.title),
    names: popularNames.map(normalizeSearchText).filter(Boolean),
  }));
  const byWord = new Map<string, number[]>();
  entries.forEach((entry, id) => {
    for (const word of new Set([entry.title, ...entry.names].flatMap((text) => text.split(' ')).filter(Boolean))) {
      let list = byWord.get(word);
      if (!list) byWord.set(word, (list = []));
      list.push(id);
    }
  });
  const words = [...byWord.keys()].sort();
  return { entries, words, postings: words.map((word) => byWord.get(word)!) };
}

/** The first word ≥ `prefix`, by binary search. */
function firstAtLeast(words: string[], prefix: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Tokens considered at most: a longer text is a search, not something being typed. */
const MAX_TOKENS = 8;

/**
 * Services each of whose typed words begins a word of their title or names, most accessed first, in four tiers:
 * 0 the title begins with the text, 1 the title has it as a whole word ('cnh': 'Primeira Habilitação – CNH', issue 25),
 * 2 a popular name begins with it, 3 the words match anywhere.
 */
function matching(index: SuggestionIndex, text: string, size: number, unfinished = false): Suggestion[] {
  const tokens = [...new Set(text.split(' '))].slice(0, MAX_TOKENS);
  const marks = new Uint8Array(index.entries.length);
  tokens.forEach((token, k) => {
    for (let i = firstAtLeast(index.words, token); i < index.words.length && index.words[i]!.startsWith(token); i++) {
      for (const id of index.postings[i]!) marks[id]! |= 1 << k;
    }
  });
  const all = (1 << tokens.length) - 1;
  const tiers: Suggestion[][] = [[], [], [], []];
  for (let id = 0; id < marks.length && tiers[0]!.length < size; id++) {
    if (marks[id] !== all) continue;
    const entry = index.entries[id]!;
    const tier = entry.title.startsWith(text) ? 0 : ` ${entry.title} `.includes(` ${text} `) ? 1 : entry.names.some((name) => name.startsWith(text)) ? 2 : 3;
    // One word still being typed could become any of the words it begins ('cada': cadastro of what?): what its
    // title or a popular name begins with, most accessed first ('Cadastro Único' before 'Cadastro de agrotóxicos').
    const chosen = unfinished && tier < 3 ? 0 : tier;
    if (tiers[chosen]!.length < size) tiers[chosen]!.push(entry.service);
  }
  return tiers.flat().slice(0, size);
}

/** True when the text's last word, not followed by a space, begins a word of the index: it is still being typed. */
function typingLastWord(index: SuggestionIndex, query: string): boolean {
  if (/\s$/.test(query)) return false;
  const last = normalizeSearchText(query).split(' ').pop() ?? '';
  const at = firstAtLeast(index.words, last);
  return !!last && at < index.words.length && index.words[at]!.startsWith(last) && index.words[at] !== last;
}

/**
 * 'Você quis dizer' for the words already typed, never for the one being typed ('renov', 'bols': issue 25): that
 * word is read as the beginning of the catalog's words, and the correction, if any, keeps it as typed.
 */
function correctionWhileTyping(index: SuggestionIndex, dictionary: Dictionary, query: string): string | null {
  if (!typingLastWord(index, query)) return correctionOf(query, dictionary);
  const words = query.trim().split(/\s+/);
  const last = words.pop()!;
  const before = words.length ? correctionOf(words.join(' '), dictionary) : null;
  return before ? `${before} ${last.toLowerCase()}` : null;
}

export function suggest(index: SuggestionIndex, dictionary: Dictionary, query: string, size: number): SearchSuggestions {
  if (!isSearchable(query)) return { searchable: false, correction: null, services: [] };
  const correction = correctionWhileTyping(index, dictionary, query);
  const text = normalizeSearchText(query);
  let services = matching(index, text, size, !text.includes(' ') && typingLastWord(index, query));
  // Nothing begins with what was typed: what its correction names ('identiadde' → 'identidade').
  if (!services.length && correction) services = matching(index, normalizeSearchText(correction), size);
  return { searchable: true, correction, services };
}
