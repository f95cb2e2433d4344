import { SEARCH_PAGE_SIZE, type SearchItem, type SearchRequest } from '@portal/contracts';
import { normalizeSearchText, type Database } from '@portal/db';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { cardsByIds, toSearchItem } from '../../lib/service-cards.ts';
import * as repository from './search.repository.ts';
import { buildLexicon, closestWord, type Lexicon } from './trigrams.ts';

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
}

/**
 * Synonyms and the lexicon of known words change only when the catalog does; each process keeps them
 * a minute (a cache, never the source of truth), so typo correction costs no round trip.
 */
export async function loadDictionary(db: Database): Promise<Dictionary> {
  const [synonyms, words] = await Promise.all([repository.listSynonyms(db), repository.listLexicon(db)]);
  return { synonyms: new Map(synonyms.map((s) => [s.term, s.expansion])), lexicon: buildLexicon(words) };
}

interface TermGroup {
  /** what was typed (normalised) */
  typed: string;
  /** what the catalog calls it: the typed words, a typo correction, or a synonym's expansion */
  alternatives: string[];
}

/** Splits the query into groups: synonym phrases (up to three words) first, then single words. */
function groupTerms(tokens: string[], dictionary: Map<string, string>): TermGroup[] {
  const groups: TermGroup[] = [];
  for (let i = 0; i < tokens.length; ) {
    let matched = false;
    for (let n = Math.min(3, tokens.length - i); n >= 1; n--) {
      const phrase = tokens.slice(i, i + n).join(' ');
      const expansion = dictionary.get(phrase);
      if (expansion) {
        groups.push({ typed: phrase, alternatives: [phrase, expansion] });
        i += n;
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
  phrase: string;
}

/** Turns what a citizen typed into tsqueries: accent-free, stemmed, typo-corrected, synonym-aware. */
export async function buildTextQuery(db: Database, query: string, dictionary: () => Promise<Dictionary>): Promise<TextQuery | null> {
  const normalized = normalizeSearchText(query);
  if (!normalized) return null;
  const tokens = normalized.split(' ').slice(0, 12);
  const { synonyms, lexicon } = await dictionary();
  const groups = groupTerms(tokens, synonyms);

  // A word the catalog does not know, long enough to be a typo, also means its closest known word.
  for (const group of groups) {
    if (group.alternatives.length > 1 || group.typed.length < 4 || /^\d+$/.test(group.typed) || lexicon.words.has(group.typed)) continue;
    const correction = closestWord(lexicon, group.typed);
    if (correction) group.alternatives.push(correction);
  }

  const texts = groups.flatMap((g) => g.alternatives);
  const queries = await repository.tsqueries(db, texts);
  let index = 0;
  const parts: string[] = [];
  for (const group of groups) {
    const forms = group.alternatives.map(() => queries[index++]!).filter(Boolean);
    if (forms.length) parts.push(`(${forms.map((f) => `(${f})`).join(' | ')})`);
  }
  const phrase = groups.map((g) => g.alternatives[g.alternatives.length - 1]).join(' ');
  if (!parts.length) return { all: null, any: null, phrase };
  return { all: parts.join(' & '), any: parts.length > 1 ? parts.join(' | ') : null, phrase };
}

async function resolveFilters(db: Database, body: SearchRequest): Promise<repository.Filters> {
  const filters: repository.Filters = {};
  if (body.category) {
    const category = await repository.findCategoryFilter(db, body.category);
    if (!category) throw notFound(`Categoria não encontrada: ${body.category}.`);
    if (category.audience) filters.audienceTarget = category.audience;
    else filters.categoryId = category.id;
  }
  if (body.departmentSlug) {
    const id = await repository.findDepartmentId(db, body.departmentSlug);
    if (id == null) throw notFound(`Órgão não encontrado: ${body.departmentSlug}.`);
    filters.departmentId = id;
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

/** `dictionary` gives the synonyms and lexicon, usually from the caller's cache of loadDictionary(). */
export async function search(db: Database, body: SearchRequest, dictionary: () => Promise<Dictionary>): Promise<SearchItem[]> {
  if (body.groups?.length && !body.groups.some((g) => g.toUpperCase() === 'CATALOG')) return [];
  const filters = await resolveFilters(db, body);

  let page: repository.PageRow[];
  let size: number;
  let offset = 0;
  let counted: Pick<Parameters<typeof repository.countMatches>[1], 'tsquery' | 'filters'> | null;
  if (body.top_hit) {
    size = body.top_hit;
    // "The N most accessed": the total is what is returned.
    counted = null;
    page = await repository.searchPage(db, { tsquery: null, filters: { ...filters, includeInactive: true }, phrase: '', order: 'popularity', limit: size, offset });
  } else {
    size = body.size ?? SEARCH_PAGE_SIZE;
    offset = body.from ?? 0;
    const text = body.query ? await buildTextQuery(db, body.query, dictionary) : null;
    if (!text) {
      counted = { tsquery: null, filters };
      page = await repository.searchPage(db, { ...counted, phrase: '', order: body.highlighted ? 'popularity' : 'title', limit: size, offset });
    } else {
      const common = { phrase: text.phrase, filters, order: 'relevance' as const, limit: size, offset };
      counted = { tsquery: text.all, filters };
      page = text.all ? await repository.searchPage(db, { ...common, tsquery: text.all }) : [];
      if (!page.length && text.any) {
        counted = { tsquery: text.any, filters };
        page = await repository.searchPage(db, { ...common, tsquery: text.any });
      }
      if (!page.length && offset === 0) {
        // Suggestions for what looks like a title: one page, no more.
        counted = null;
        page = await repository.similarTitles(db, { phrase: text.phrase, filters, limit: size });
      }
    }
  }

  if (!page.length) return [];
  // A short page is the last one, so its total is known without counting.
  const total = page.length < size || !counted ? offset + page.length : await repository.countMatches(db, counted);
  const cards = new Map((await cardsByIds(db, page.map((p) => p.id))).map((row) => [row.id, row]));
  const pageCount = Math.max(1, Math.ceil(total / size));
  return page.map((p) => toSearchItem(cards.get(p.id)!, { score: p.score, total, pageCount }));
}
