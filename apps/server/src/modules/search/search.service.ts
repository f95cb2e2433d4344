import { SEARCH_PAGE_SIZE, type SearchItem, type SearchRequest } from '@portal/contracts';
import { normalizeSearchText, type Database } from '@portal/db';
import { memoryCache, type Cache } from '../../lib/cache.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { cardsByIds, toSearchItem } from '../../lib/service-cards.ts';
import { findDepartment } from '../departments/departments.repository.ts';
import * as repository from './search.repository.ts';
import { buildLexicon, closestWords, endsAsAbbreviation, soundOf, type Lexicon } from './trigrams.ts';

const TARGET_SLUGS: Record<string, string> = {
  cidadao: 'cidadao',
  cidadaos: 'cidadao',
  'servicos ao cidadao': 'cidadao',
  servidor: 'servidor',
  servidores: 'servidor',
  'servidor publico': 'servidor',
  empresa: 'empresa',
  empresas: 'empresa',
  'negocios e empresas': 'empresa',
};

/** How long a process keeps the search dictionary (search.routes.ts caches it). */
export const DICTIONARY_TTL_MS = 60_000;

export interface Dictionary {
  synonyms: Map<string, string>;
  lexicon: Lexicon;
  /** the written form of words that carry accents, by their normalised form ('habilitacao' → 'habilitação') */
  written: Map<string, string>;
  /**
   * The tsquery of each text searched since this dictionary was loaded (repository.tsqueries): the stemmers
   * never change their answer, and asking cost a round trip in every search (issue 11).
   */
  stems: Cache<string>;
  /** the best bets (issue 25) and every word of their terms, which are known words: never 'corrected' into the catalog's */
  bestBets: repository.BestBetRow[];
  bestBetWords: Set<string>;
  /** words the lexicon has only from synonym phrases ('viajar' of 'viajar para tratamento'): known for a typo's sake, not as a thing asked */
  phraseOnly: Set<string>;
}

/**
 * Synonyms and the lexicon of known words change only when the catalog does; each process keeps them
 * a minute (a cache, never the source of truth), so typo correction costs no round trip.
 */
export async function loadDictionary(db: Database): Promise<Dictionary> {
  const [synonyms, words, catalogWords, bestBets] = await Promise.all([
    repository.listSynonyms(db),
    repository.listLexicon(db),
    repository.listCatalogWords(db),
    repository.listBestBets(db),
  ]);
  const written = new Map<string, string>();
  const uses = new Map<string, number>();
  for (const { word, uses: count } of catalogWords) {
    const plain = normalizeSearchText(word);
    uses.set(plain, (uses.get(plain) ?? 0) + count);
    if (plain !== word && !written.has(plain)) written.set(plain, word);
  }
  const lexicon = buildLexicon(
    words.map((w) => w.word),
    { stop: new Set(words.filter((w) => w.stop).map((w) => w.word)), uses, written },
  );
  const stems = memoryCache<string>({ name: 'search-stems', max: 10_000 });
  const bestBetWords = new Set(bestBets.flatMap((bet) => bet.terms.flatMap((term) => term.split(' '))));
  // Known otherwise: a word of the catalog's names, of a synonym's expansion, or a synonym term by itself.
  const known = new Set([...uses.keys(), ...synonyms.flatMap((s) => [...normalizeSearchText(s.expansion).split(' '), ...(s.term.includes(' ') ? [] : [s.term])])]);
  const phraseOnly = new Set(synonyms.flatMap((s) => (s.term.includes(' ') ? s.term.split(' ') : [])).filter((word) => !known.has(word)));
  return { synonyms: new Map(synonyms.map((s) => [s.term, s.expansion])), lexicon, written, stems, bestBets, bestBetWords, phraseOnly };
}

const dictionaries = new WeakMap<Database, Cache<Dictionary>>();
const dictionaryCache = (db: Database) => {
  let cache = dictionaries.get(db);
  if (!cache) dictionaries.set(db, (cache = memoryCache<Dictionary>({ name: 'search-dictionary', ttlMs: DICTIONARY_TTL_MS, max: 1 })));
  return cache;
};

/**
 * This process's dictionary of a database, kept DICTIONARY_TTL_MS: one for the search and for the back
 * office, which checks drafts against the searches their service must keep answering.
 */
export function cachedDictionary(db: Database): () => Promise<Dictionary> {
  const cache = dictionaryCache(db);
  return () => cache.fetch('dictionary', () => loadDictionary(db));
}

/** Reads the synonyms again at the next search (the central team changed them); other instances within DICTIONARY_TTL_MS. */
export function forgetDictionary(db: Database): Promise<void> {
  return dictionaryCache(db).clear();
}

/** Each text's tsquery, from the dictionary's copy when it has one; those it has not are asked in one round trip. */
function tsqueriesOf(db: Database, stems: Cache<string>, texts: string[]): Promise<string[]> {
  const asked: string[] = [];
  let answer: Promise<string[]> | undefined;
  return Promise.all(
    texts.map((text) =>
      stems.fetch(text, () => {
        const index = asked.push(text) - 1;
        // Once every text has been looked up (this map is synchronous), the misses go together.
        answer ??= Promise.resolve().then(() => repository.tsqueries(db, asked));
        return answer.then((found) => found[index]!);
      }),
    ),
  );
}

interface TermGroup {
  /** what was typed (normalised) */
  typed: string;
  /** what the catalog calls it: the typed words, a typo correction, or a synonym's expansion */
  alternatives: string[];
  /** the known word closest to a word the catalog does not know */
  corrected?: string;
  /** a word that says how, not what (FILLER, or an adverb the catalog does not use): it neither makes nor unmakes an answer */
  filler?: boolean;
  /**
   * a verb the catalog's names do not use ('viajar', 'gastou', 'me inscrevo'), or who the request is for ('meu filho'): said in the
   * citizen's words, it makes an answer of a result that has it, and unmakes none that has not
   */
  optional?: boolean;
}

/** Words a synonym phrase may have in between, as said: 'renovar meu rg' is 'renovar rg', 'abrir uma empresa' is 'abrir empresa'. */
const BETWEEN = new Set('o a os as um uma uns umas meu minha meus minhas seu sua seus suas'.split(' '));

/**
 * The `n` words from `start`, skipping BETWEEN words after the first, and where they end; null when the text has
 * fewer.
 */
function phraseAt(tokens: string[], start: number, n: number): { phrase: string; end: number } | null {
  const words: string[] = [];
  let end = start;
  for (; end < tokens.length && words.length < n; end++) if (!words.length || !BETWEEN.has(tokens[end]!)) words.push(tokens[end]!);
  return words.length === n ? { phrase: words.join(' '), end } : null;
}

/** Splits the query into groups: synonym phrases (up to three words) first, then single words. */
function groupTerms(tokens: string[], dictionary: Map<string, string>): TermGroup[] {
  const groups: TermGroup[] = [];
  for (let i = 0; i < tokens.length; ) {
    let matched = false;
    for (let n = Math.min(3, tokens.length - i); n >= 1; n--) {
      const found = phraseAt(tokens, i, n);
      const expansion = found && dictionary.get(found.phrase);
      if (found && expansion) {
        groups.push({ typed: tokens.slice(i, found.end).join(' '), alternatives: [found.phrase, expansion] });
        i = found.end;
        matched = true;
        break;
      }
    }
    if (!matched) {
      groups.push({ typed: tokens[i]!, alternatives: [tokens[i]!] });
      i += 1;
    }
  }
  return groups;
}

export interface TextQuery {
  all: string | null;
  any: string | null;
  /** the words the catalog is searched for: typos corrected, synonyms expanded */
  phrase: string;
  /** what was typed, normalised, each typo as its likeliest correction: a title, acronym or popular name equal to it ranks first */
  typed: string;
  /** each group of words that has a tsquery (stop words have none), with its alternatives OR-ed: the coverage of a result */
  groups: { typed: string; tsquery: string; expanded: boolean; filler: boolean; optional: boolean }[];
}

/**
 * Words that say what the citizen is doing, not what about ('quero', 'como faço', 'preciso', 'onde vejo'), and the
 * words every service of the state could claim ('serviços', 'estadual'): a result need not have them to answer.
 */
const FILLER = new Set(
  ('quero queria preciso precisa precisamos gostaria como faco fazer faz pra pro para onde posso pode consigo conseguir vejo ver ' +
    'saber sei agora hoje urgente ajuda informacao informacoes duvida servico servicos estado estadual estaduais governo piaui publico publica ' +
    'internet online site pelo pela favor meu minha meus minhas acho ainda ja nao sim coisa coisas ' +
    // what asks for the list of what a department or an audience has ('o que a piauiprev oferece', 'quais serviços')
    'oferece oferecem oferta disponivel disponiveis lista quais todos todas tudo ' +
    // who is speaking and how things stand ('fui multado', 'estou sofrendo', 'tenho direito'): never what is asked for
    'eu ele ela eles elas voce vc mim fui foi fomos estou esta estamos estava tenho tem temos tinha ter sou somos ser ' +
    'vou vai vamos ir quanto quanta quantos quantas outro outra outros outras muito muita muitos muitas ' +
    // when and how much ('faz dois dias', 'desde ontem', 'fui mal atendido'), and what was seen ('vi tráfico')
    'vi viu vimos ontem anteontem semana semanas mes meses dia dias desde mal sempre nunca dois duas tres quatro cinco seis sete oito nove dez').split(' '),
);
/**
 * Words that only tie the others together, Snowball's Portuguese stop words (the list PostgreSQL's 'portuguese'
 * dictionary drops), without accents as the search reads them: filler too, and never 'corrected' into a word of the
 * catalog ('mais' was read as 'mail').
 */
const FUNCTION_WORDS = new Set(
  ('de a o que e do da em um para com nao uma os no se na por mais as dos como mas ao ele das seu sua ou quando muito nos ja eu tambem so ' +
    'pelo pela ate isso ela entre depois sem mesmo aos seus quem nas me esse eles voce essa num nem suas meu minha numa pelos elas qual lhe ' +
    'deles essas esses pelas este dele tu te voces vos lhes meus minhas teu tua teus tuas nosso nossa nossos nossas dela delas esta estes ' +
    'estas aquele aquela aqueles aquelas isto aquilo estou estamos estao estive esteve estivemos estiveram estava estavamos estavam estivera ' +
    'estiveramos esteja estejamos estejam estivesse estivessemos estivessem estiver estivermos estiverem hei ha havemos hao houve houvemos ' +
    'houveram houvera houveramos haja hajamos hajam houvesse houvessemos houvessem houver houvermos houverem houverei houveremos houverao ' +
    'houveria houveriamos houveriam sou somos sao era eramos eram fui foi fomos foram fora foramos seja sejamos sejam fosse fossemos fossem ' +
    'for formos forem serei sera seremos serao seria seriamos seriam tenho tem temos tinha tinhamos tinham tive teve tivemos tiveram tivera ' +
    'tiveramos tenha tenhamos tenham tivesse tivessemos tivessem tiver tivermos tiverem terei tera teremos terao teria teriamos teriam').split(' '),
);
/** How the function words sound: one misspelt as it sounds ('tenhu', 'quandu') is one too. */
const FUNCTION_SOUNDS = new Set([...FUNCTION_WORDS].filter((word) => word.length >= 4).map(soundOf));
/** The endings of a verb's infinitive, past and gerund ('viajar', 'gastou', 'sumiu', 'faleceu', 'procurando'). */
const VERB = /^.{3,}(ar|er|ir|ou|iu|eu|ei|aram|eram|iram|ando|endo|indo)$/;
/** An optional word weighs less than one of what was asked: 'transporte pra escola do meu filho' is about the transport first, then about whom. */
const OPTIONAL_WEIGHT = 0.5;
/** Words a verb follows ('como me inscrevo', 'eu pago'): the word after one is a verb, whatever its ending. */
const CLITIC = new Set('me eu se te lhe nos'.split(' '));
/** Who the request is for ('meu filho', 'meu pai'): a service for them answers better, and one not named for them still may. */
const FAMILY = new Set('pai mae pais filho filha filhos filhas marido esposa esposo avo avos neto neta netos irmao irma parente parentes'.split(' '));

/**
 * What was typed, read as the search reads it: synonym phrases and words, each unknown word of four or more
 * letters also meaning its closest known word. Null when the text has no letter or digit.
 */
function interpret(query: string, { synonyms, lexicon, bestBetWords, phraseOnly }: Dictionary): TermGroup[] | null {
  const normalized = normalizeSearchText(query);
  if (!normalized) return null;
  const groups = groupTerms(normalized.split(' ').slice(0, 12), synonyms);
  // Two words typed apart that the catalog writes as one ('contra cheque' → 'contracheque'): one group, corrected.
  for (let i = 0; i + 1 < groups.length; i++) {
    const [a, b] = [groups[i]!, groups[i + 1]!];
    if (a.alternatives.length > 1 || b.alternatives.length > 1 || a.typed.includes(' ') || b.typed.includes(' ')) continue;
    const joined = a.typed + b.typed;
    if (!lexicon.words.has(joined) || (lexicon.words.has(a.typed) && lexicon.words.has(b.typed))) continue;
    groups.splice(i, 2, { typed: `${a.typed} ${b.typed}`, alternatives: [`${a.typed} ${b.typed}`, joined], corrected: joined });
  }
  for (const [i, group] of groups.entries()) {
    // A single word the catalog's names do not use (synonym terms are in the lexicon too, but a word only a synonym
    // phrase has is not asked for by itself: 'viajar para tratamento' does not make 'quero viajar de graça' ask 'viajar').
    const unknown = !group.typed.includes(' ') && (!lexicon.words.has(group.typed) || phraseOnly.has(group.typed));
    const afterPronoun = CLITIC.has(groups[i - 1]?.typed.split(' ').at(-1) ?? '');
    group.filler = FILLER.has(group.typed) || FUNCTION_WORDS.has(group.typed) || (unknown && FUNCTION_SOUNDS.has(soundOf(group.typed))) || (unknown && /^.{3,}mente$/.test(group.typed));
    group.optional = !group.filler && (FAMILY.has(group.typed) || (unknown && (VERB.test(group.typed) || afterPronoun)));
    if (group.filler || group.alternatives.length > 1 || group.typed.length < 3 || /^\d+$/.test(group.typed) || bestBetWords.has(group.typed)) continue;
    // A known word is no typo, but one of three letters shaped as an abbreviation ('cad', 'gov': an acronym of one
    // popular name, 'CAD ICMS', or a piece of 'pi.gov.br') is more often the longer words it begins: searched beside them.
    const known = lexicon.words.has(group.typed);
    if (known && !(group.typed.length === 3 && endsAsAbbreviation(group.typed))) continue;
    // The words it may mean are all searched for: the other words of the text choose ('temo de apreensão').
    const corrections = closestWords(lexicon, group.typed);
    if (corrections.length) {
      group.alternatives.push(...corrections);
      if (!known) group.corrected = corrections[0];
    }
  }
  return groups;
}

/** True when the text has a letter or digit to search for ('😀', '?' and '../..' have none). */
export const isSearchable = (query: string) => normalizeSearchText(query) !== '';

/**
 * 'Você quis dizer …?': the text with each corrected word (a typo, or a word typed without its accents)
 * in the catalog's own spelling, or null when the search read every word as it was typed.
 */
export function correctionOf(query: string, dictionary: Dictionary): string | null {
  const groups = interpret(query, dictionary);
  if (!groups) return null;
  const written = (word: string) => dictionary.written.get(word) ?? word;
  // The words as typed, lower case, accents kept: to tell 'habilitacao' (say it) from 'habilitação' (fine).
  const typedWords = query.toLowerCase().replace(/\./g, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const tokens = groups.flatMap((g) => g.typed.split(' '));
  const sameWords = typedWords.length === tokens.length;
  let changed = false;
  let index = 0;
  const words = groups.map((group) => {
    const count = group.typed.split(' ').length;
    const asTyped = sameWords ? typedWords.slice(index, index + count).join(' ') : group.typed;
    index += count;
    if (group.corrected) {
      changed = true;
      return written(group.corrected);
    }
    const spelled = group.typed.split(' ').map(written).join(' ');
    if (sameWords && spelled !== asTyped) {
      changed = true;
      return spelled;
    }
    return asTyped;
  });
  return changed ? words.join(' ') : null;
}

/** Turns what a citizen typed into tsqueries: accent-free, stemmed, typo-corrected, synonym-aware. */
export async function buildTextQuery(db: Database, query: string, dictionary: () => Promise<Dictionary>): Promise<TextQuery | null> {
  const words = await dictionary();
  const groups = interpret(query, words);
  if (!groups) return null;

  const queries = await tsqueriesOf(db, words.stems, groups.flatMap((g) => g.alternatives));
  let index = 0;
  const covered: TextQuery['groups'] = [];
  for (const group of groups) {
    // A correction can stem as the typed word does ('certidau' → 'certidao'): each form once (repository.tsqueries says why).
    const forms = [...new Set(group.alternatives.map(() => queries[index++]!).filter(Boolean))];
    if (forms.length) {
      const part = `(${forms.map((f) => `(${f})`).join(' | ')})`;
      covered.push({ typed: group.typed, tsquery: part, expanded: group.alternatives.length > 1 && !group.corrected, filler: !!group.filler, optional: !!group.optional });
    }
  }
  // The catalog is searched for what is asked, not for how or for whom ('meu filho precisa de transporte pra escola'
  // needs no service to say 'filho', 'precisa' and 'pra'); a text of those words alone is searched as it is.
  const asked = covered.some((g) => !g.filler && !g.optional) ? covered.filter((g) => !g.filler && !g.optional) : covered;
  const parts = asked.map((g) => g.tsquery);
  const phrase = groups.map((g) => g.corrected ?? g.alternatives[g.alternatives.length - 1]).join(' ');
  // A typo corrected: 'careira de identidade' names what 'carteira de identidade' names.
  const typed = groups.map((g) => g.corrected ?? g.typed).join(' ');
  if (!parts.length) return { all: null, any: null, phrase, typed, groups: covered };
  return { all: parts.join(' & '), any: parts.length > 1 ? parts.join(' | ') : null, phrase, typed, groups: covered };
}

/**
 * The filters of a body, or null when a category or department it names does not exist: nothing can match
 * then, and the answer is an empty list, as the live API answers the state's app (issue 14). The web's list
 * pages tell a missing category or department from their own lists.
 */
async function resolveFilters(db: Database, body: SearchRequest): Promise<repository.Filters | null> {
  const filters: repository.Filters = {};
  if (body.category) {
    const category = await repository.findCategoryFilter(db, body.category);
    if (!category) return null;
    if (category.audience) filters.audienceTarget = category.audience;
    else filters.categoryId = category.id;
  }
  if (body.departmentSlug) {
    // One lookup of a department for the whole API: by slug or by the live API's long slug (department_aliases).
    const department = await findDepartment(db, body.departmentSlug);
    if (!department) return null;
    filters.departmentId = department.id;
  }
  if (body.departmentSection != null && body.departmentSection !== '') {
    const id = await repository.findSectionId(db, body.departmentSection);
    if (id == null) throw notFound('Unidade de atendimento não encontrada.');
    filters.sectionId = id;
  }
  if (body.targets?.length) {
    filters.targets = body.targets.map((target) => {
      const slug = TARGET_SLUGS[normalizeSearchText(target)];
      if (!slug) throw badRequest(`Público desconhecido: "${target}". Use cidadao, servidor ou empresa.`);
      return slug;
    });
  }
  if (body.tags?.length) filters.tags = body.tags.map((t) => t.toLowerCase().trim());
  if (body.platforms?.length) filters.platforms = body.platforms.map((p) => p.toUpperCase().trim());
  if (body.slugs?.length) filters.slugs = body.slugs;
  if (body.highlighted) filters.highlighted = true;
  return filters;
}

/**
 * How many services the looser search (any of the words, when no service has them all) lists at most: when
 * at least this many are named by one of the words (title, popular names, tags), the most accessed of them,
 * ranked, and its total is this number, which is what its pages hold, not every service that has a word
 * (thousands at 20,000 services: finding and ranking them all cost most of the search, issue 11). Five pages:
 * past them the words say too little. Fewer named, the looser search ranks and counts every match, as before.
 */
export const LOOSE_LIST_SIZE = 50;

/** Words a best bet's term is found across or without, as said: 'falta luz' is 'falta de luz', 'conta da luz' is 'conta de luz'. */
const TERM_LINKS = new Set([...BETWEEN, ...'de da do das dos no na nos nas em'.split(' ')]);
const withoutLinks = (text: string) => text.split(' ').filter((word) => !TERM_LINKS.has(word)).join(' ');

/** Each word of the text without a plural 's' ('cachorros', 'gatos'): how a best bet's term is found in it. */
const singular = (text: string) => text.replace(/(?<=[a-z]{3})s\b/g, '');

/** The terms of a best bet the text contains as whole words (a word typed with a plural 's' counts too), link words aside. */
function termsIn(text: string, terms: string[]): string[] {
  const forms = [text, singular(text)].map((form) => ` ${withoutLinks(form)} `);
  return terms.filter((term) => {
    const words = withoutLinks(term);
    return words !== '' && forms.some((form) => form.includes(` ${words} `));
  });
}

/** The best bets whose terms the text contains as whole words. */
export function bestBetsFor(query: string, dictionary: Pick<Dictionary, 'bestBets'>): repository.BestBetRow[] {
  const text = normalizeSearchText(query);
  if (!text) return [];
  return dictionary.bestBets.filter((bet) => termsIn(text, bet.terms).length > 0);
}

/** Every word of the best bets' terms the text contains ('passaporte', 'conta de luz'): what another provider answers. */
function claimedWords(query: string, dictionary: Pick<Dictionary, 'bestBets'>): Set<string> {
  const text = normalizeSearchText(query);
  if (!text) return new Set();
  return new Set(dictionary.bestBets.flatMap((bet) => termsIn(text, bet.terms)).flatMap((term) => term.split(' ')));
}

/** Audience words, answered by a service for that audience (the targets' names hold them). */
const AUDIENCE_WORDS: Record<string, string> = { empresa: 'empresa', empresas: 'empresa', servidor: 'servidor', servidores: 'servidor', cidadao: 'cidadao', cidadaos: 'cidadao' };

/** How a page of a search by words was found: every word, any word, or titles that look like the text. */
type Found = 'all' | 'any' | 'similar';

/** A group of words as one result has it (coveredOf). */
interface Covered {
  /** what names the result (title, popular names, tags), its department's name or its audience has the group */
  has: boolean;
  /** what names the result has it (not only its department's name) */
  named: boolean;
  /** the words typed it holds (a synonym phrase of two words is two) */
  words: number;
  /** how much it weighs in the ranking when a result has it (0 when not): its words, half for an optional one, a shade less when only the department's name has it */
  weight: number;
  /** a word of a best bet's term ('cpf', 'enem'): something another provider answers */
  claimed: boolean;
  optional: boolean;
}

/**
 * Whether each result answers what was asked (issue 25), from what names it (title, popular names, tags), not
 * from words its description happens to share. A result answers when the text names it (its title begins with
 * the text, or a popular name is the text), or when what names it has every word typed, or, found by every word,
 * most of them (counted in words: a synonym phrase of two words is two). A best bet's words claim the text for its
 * provider ('passaporte', 'iptu atrasado', 'segunda via conta de luz'): then a service answers only if what names it
 * has those words and more of what was asked ('cadastrar meu cpf na nota' is the Nota Piauiense's, 'cpf cancelado'
 * is not a state service's). Titles that only look like the text never answer.
 */
function answersOf(found: Found, named: boolean, groups: Covered[], claimed: boolean): boolean {
  if (found === 'similar') return false;
  if (named) return true;
  if (claimed) {
    const theirs = groups.filter((g) => g.claimed);
    if (!theirs.length || theirs.some((g) => !g.has) || !groups.some((g) => !g.claimed && g.named)) return false;
  }
  // An optional word a result has not is left out: it makes an answer and unmakes none.
  const counted = groups.filter((g) => g.has || !g.optional);
  if (!counted.length) return false;
  const words = (list: Covered[]) => list.reduce((sum, g) => sum + g.words, 0);
  const [have, of] = [words(counted.filter((g) => g.has)), words(counted)];
  if (have === of) return true;
  return found === 'all' ? have * 2 > of : have * 3 >= of * 2;
}

/** Words that say nothing of what is asked inside a synonym phrase ('de graça', 'renovar meu rg'): not counted as its words. */
const LINKS = new Set([...BETWEEN, ...'de da do das dos e em no na nos nas com por para pra pro que'.split(' ')]);
/** What only a service's department's name has weighs a shade less than what names the service: a tie goes to the service. */
const DEPARTMENT_ONLY = 0.99;

/**
 * Which groups of words a result has where it counts (what names it, its department's name, its audience), leaving
 * out the filler words. Empty when every word typed is filler (then only a service the text names answers).
 */
function coveredOf(groups: TextQuery['groups'], row: { covered: boolean[]; department: boolean[] }, targets: string[], claimed: Set<string>): Covered[] {
  const audiences = targets.map(normalizeSearchText);
  return groups.flatMap((group, i) => {
    // Filler, and a letter or two or a number that is no synonym ("' or 1=1"): they neither make nor unmake an
    // answer ('rg' and 'bo' are synonyms, and count).
    if (group.filler || ((group.typed.length < 3 || /^\d+$/.test(group.typed)) && !group.expanded)) return [];
    const audience = AUDIENCE_WORDS[group.typed];
    const named = !!row.covered[i] || (!!audience && audiences.some((name) => name.includes(audience)));
    const has = named || !!row.department[i];
    const typed = group.typed.split(' ');
    const words = Math.max(1, typed.filter((word) => !LINKS.has(word)).length);
    return [
      {
        has,
        named,
        words,
        weight: has ? words * (group.optional ? OPTIONAL_WEIGHT : 1) * (named ? 1 : DEPARTMENT_ONLY) : 0,
        claimed: typed.some((word) => claimed.has(word) || claimed.has(singular(word))),
        optional: group.optional,
      },
    ];
  });
}

/**
 * A question said in many words, a few of them the catalog's ('abri uma clínica e preciso cadastrar no ministério da
 * saúde', 'o seguro pediu um documento dos bombeiros sobre o incêndio'): the one result whose names have more of its words than any other
 * result's, two words at least and half of what was asked, answers it, though the rest are words no service is
 * named by. Its index, or null when no result stands out so (two alike: the text does not tell them apart).
 */
function bestNamed(results: Covered[][]): number | null {
  const namedWords = results.map((groups) => groups.filter((g) => g.named && !g.optional).reduce((sum, g) => sum + g.words, 0));
  const asked = Math.max(0, ...results.map((groups) => groups.filter((g) => !g.optional).reduce((sum, g) => sum + g.words, 0)));
  const best = Math.max(0, ...namedWords);
  if (best < 2 || best * 2 < asked || namedWords.filter((n) => n === best).length > 1) return null;
  return namedWords.indexOf(best);
}

/** `dictionary` gives the synonyms and lexicon, usually from the caller's cache of loadDictionary(). */
export async function search(db: Database, body: SearchRequest, dictionary: () => Promise<Dictionary>): Promise<SearchItem[]> {
  if (body.groups?.length && !body.groups.some((g) => g.toUpperCase() === 'CATALOG')) return [];
  const filters = await resolveFilters(db, body);
  if (!filters) return [];

  let page: repository.PageRow[];
  let size: number;
  let offset = 0;
  let counted: Pick<Parameters<typeof repository.countMatches>[1], 'tsquery' | 'filters'> | null;
  let text: TextQuery | null = null;
  let found: Found = 'all';
  if (body.top_hit) {
    size = body.top_hit;
    // "The N most accessed": the total is what is returned.
    counted = null;
    page = await repository.searchPage(db, { tsquery: null, filters: { ...filters, includeInactive: true }, phrase: '', order: 'popularity', limit: size, offset });
  } else {
    size = body.size || SEARCH_PAGE_SIZE; // 0 (the state's app) or none: the default page
    offset = body.from ?? 0;
    // A text with nothing to search for ('😀', '?') finds nothing, never the whole catalog.
    if (body.query && body.query.trim() && !isSearchable(body.query)) return [];
    text = body.query ? await buildTextQuery(db, body.query, dictionary) : null;
    if (!text) {
      counted = { tsquery: null, filters };
      page = await repository.searchPage(db, { ...counted, phrase: '', order: body.highlighted ? 'popularity' : 'title', limit: size, offset });
    } else {
      const common = { phrase: text.phrase, typed: text.typed, filters, order: 'relevance' as const, limit: size, offset };
      counted = { tsquery: text.all, filters };
      page = text.all ? await repository.searchPage(db, { ...common, tsquery: text.all }) : [];
      // Past the last page of what every word matches: nothing more, rather than the looser search's pages.
      if (!page.length && offset > 0 && text.all && (await repository.countMatches(db, { tsquery: text.all, filters })) > 0) return [];
      if (!page.length && text.any) {
        found = 'any';
        counted = { tsquery: text.any, filters };
        const named = await repository.mostAccessedNamed(db, { tsquery: text.any, filters, cap: LOOSE_LIST_SIZE });
        page = named
          ? named.slice(offset, offset + size).map((row) => ({ ...row, total: named.length }))
          : await repository.searchPage(db, { ...common, tsquery: text.any, loose: true });
      }
      if (!page.length && offset === 0) {
        // Suggestions for what looks like a title: one page, no more.
        counted = null;
        found = 'similar';
        page = await repository.similarTitles(db, { phrase: text.phrase, filters, limit: size });
      }
    }
  }

  if (!page.length) return [];
  // A short page is the last one, so its total is known without counting.
  const total = page.length < size || !counted ? offset + page.length : (page[0]!.total ?? (await repository.countMatches(db, counted)));
  const cards = new Map((await cardsByIds(db, page.map((p) => p.id))).map((row) => [row.id, row]));
  const pageCount = Math.max(1, Math.ceil(total / size));
  const items = page.map((p) => toSearchItem(cards.get(p.id)!, { score: p.score, total, pageCount }));
  if (!text || !body.query) return items;
  const claimed = claimedWords(body.query, await dictionary());
  const coverage = new Map(
    (await repository.coverage(db, page.map((p) => p.id), text.typed, text.groups.map((g) => g.tsquery))).map((row) => [row.id, row]),
  );
  const judged = items.map((item, i) => {
    const row = coverage.get(page[i]!.id);
    const covered = row ? coveredOf(text!.groups, row, item.targets, claimed) : [];
    return {
      item: { ...item, answers: !!row && answersOf(found, row.named, covered, claimed.size > 0) },
      have: covered.reduce((sum, group) => sum + group.weight, 0),
      named: Number(!!row?.named) * 2 + Number(!!row?.mentioned),
      covered,
    };
  });
  if (offset === 0 && found !== 'similar' && !claimed.size) {
    const best = bestNamed(judged.map((j) => j.covered));
    if (best !== null) judged[best]!.item.answers = true;
  }
  // On the first page, what answers comes before what only shares words, and what has more of the words typed
  // before what has fewer: a task's words ('boletim de ocorrência') beat one shared word ('boletim' escolar).
  if (offset === 0 && found !== 'similar') {
    judged.sort((a, b) => Number(b.item.answers) - Number(a.item.answers) || b.named - a.named || b.have - a.have);
  }
  return judged.map((j) => j.item);
}
