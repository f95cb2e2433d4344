import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { pgArray, rows } from '../../lib/rows.ts';

export interface Filters {
  categoryId?: number;
  /** audience categories filter by target instead */
  audienceTarget?: string;
  departmentId?: number;
  sectionId?: number;
  targets?: string[];
  tags?: string[];
  platforms?: string[];
  slugs?: string[];
  highlighted?: boolean;
  /** top hits list inactive services too: the client decides what to show */
  includeInactive?: boolean;
}

export async function findCategoryFilter(db: Database, slug: string) {
  const found = await rows<{ id: number; audience: string | null }>(
    db,
    sql`select c.id, c.audience from categories c
        where c.slug = ${slug} or c.id = (select category_id from category_aliases where alias = ${slug}) limit 1`,
  );
  return found[0] ?? null;
}

export async function findSectionId(db: Database, idOrSlug: string | number) {
  const found = await rows<{ id: number }>(
    db,
    typeof idOrSlug === 'number' || /^\d+$/.test(idOrSlug)
      ? sql`select id from department_sections where id = ${Number(idOrSlug)}`
      : sql`select id from department_sections where slug = ${idOrSlug}`,
  );
  return found[0]?.id ?? null;
}

export function listSynonyms(db: Database) {
  return rows<{ term: string; expansion: string }>(db, sql`select term, expansion from search_synonyms`);
}

/** The known words, and which are stop words of the Portuguese dictionary ('pela', 'meu'): no typo is corrected to one. */
export function listLexicon(db: Database) {
  return rows<{ word: string; stop: boolean }>(db, sql`select word, numnode(plainto_tsquery('portuguese', word)) = 0 as stop from search_lexicon`);
}

/**
 * Each text as a tsquery (text form) matching its Portuguese stems and its unaccented stems; '' for stop words.
 * Once when both are the same ('saude' → 'saud' twice): the planner adds up each operand's share of the
 * services, so a doubled word looked twice as common, and a search was planned for matches that were not
 * there (issue 11). Matches and ts_rank, which counts each operand once, are the same either way.
 */
export async function tsqueries(db: Database, texts: string[]): Promise<string[]> {
  const found = await rows<{ q: string }>(
    db,
    sql`select (case when stems = unaccented then stems else stems || unaccented end)::text as q
        from (select plainto_tsquery('portuguese', x) as stems, plainto_tsquery('pt_unaccent', x) as unaccented, n
              from unnest(${pgArray(texts)}::text[]) with ordinality as t(x, n)) forms order by n`,
  );
  return found.map((r) => r.q);
}

function filterConditions(filters: Filters): SQL[] {
  const where: SQL[] = [];
  if (!filters.includeInactive) where.push(sql`s.active`);
  if (filters.categoryId != null) where.push(sql`s.category_id = ${filters.categoryId}`);
  if (filters.audienceTarget) {
    where.push(sql`exists (select 1 from service_targets st join targets tg on tg.id = st.target_id
                          where st.service_id = s.id and tg.slug = ${filters.audienceTarget})`);
  }
  if (filters.departmentId != null) where.push(sql`s.department_id = ${filters.departmentId}`);
  if (filters.sectionId != null) where.push(sql`exists (select 1 from service_sections ss where ss.service_id = s.id and ss.section_id = ${filters.sectionId})`);
  if (filters.targets?.length) {
    where.push(sql`exists (select 1 from service_targets st join targets tg on tg.id = st.target_id
                          where st.service_id = s.id and tg.slug = any(${pgArray(filters.targets)}::text[]))`);
  }
  if (filters.tags?.length) {
    where.push(sql`exists (select 1 from service_tags st join tags t on t.id = st.tag_id
                          where st.service_id = s.id and t.name = any(${pgArray(filters.tags)}::text[]))`);
  }
  if (filters.platforms?.length) where.push(sql`s.platforms && ${pgArray(filters.platforms)}::text[]`);
  if (filters.slugs?.length) where.push(sql`s.slug = any(${pgArray(filters.slugs)}::text[])`);
  if (filters.highlighted) where.push(sql`s.highlighted`);
  return where;
}


export interface PageRow {
  id: number;
  score: number | null;
  /** every match, when the page was ranked by relevance (counted in the same pass) */
  total?: number;
}

export type Order = 'relevance' | 'title' | 'popularity';

interface PageOptions {
  tsquery: string | null;
  phrase: string;
  /** what was typed, normalised (search.service.ts normalizeSearchText): only a-z, 0-9 and single spaces */
  typed?: string;
  filters: Filters;
  order: Order;
  limit: number;
  offset: number;
  /**
   * The query is the looser one (any of the words) asked because no service has them all: no title can be the
   * phrase then, so only the rank on the naming words and popularity order the matches (looseRelevance).
   */
  loose?: boolean;
}

function whereClause(options: Pick<PageOptions, 'tsquery' | 'filters'>) {
  const where = filterConditions(options.filters);
  if (options.tsquery) where.push(sql`s.search_vector @@ ${options.tsquery}::tsquery`);
  return where.length ? sql.join(where, sql` and `) : sql`true`;
}

/**
 * Relevance: a service that is named by what was typed comes first (its title is, or begins with, the
 * words; or one of its popular names or acronyms is exactly them: `search_names`, migration 0014), then the
 * typed words as whole words of the title, the weighted text rank, a bonus when the whole phrase is in the
 * title, and a whisper of popularity to break near-ties. `typed` holds only [a-z0-9 ], so it is safe inside
 * a regular expression. Every term is cheap per row: a broad word matches thousands of services at scale.
 */
function relevance(tsquery: string, phrase: string, typed: string) {
  const names = [...new Set([typed, phrase].filter(Boolean))];
  const named = names.map((name) => sql`(${titleHas(name, 'first')} or ${name} = any(s.search_names))`);
  const wholeWords = names.map((name) => titleHas(name, 'anywhere'));
  return sql`(case when ${named.length ? sql.join(named, sql` or `) : sql`false`} then 1.0 else 0 end
           + case when ${wholeWords.length ? sql.join(wholeWords, sql` or `) : sql`false`} then 0.3 else 0 end
           + ts_rank('{0.1, 0.25, 0.6, 1.0}', s.search_vector, ${tsquery}::tsquery)
           + case when s.search_title like ${'%' + phrase + '%'} then 0.5 else 0 end
           + 0.02 * ln(1 + s.access_count))::float8`;
}

/**
 * The title has these words first, or anywhere, as whole words. The regular expression stands behind a LIKE
 * of the same words, which it implies: most titles fail that plain substring test and the expression runs on
 * the few that pass (issue 11: the four expressions were most of ranking 3,000 matches, 'empresa emprezas'
 * at 20,000 services 25 → 11 ms, the same scores). Words holding a character that LIKE or the expression
 * reads as a wildcard (a synonym's expansion might) get the expression alone, which they would not imply.
 */
function titleHas(name: string, where: 'first' | 'anywhere') {
  const pattern = where === 'first' ? `^${name}([^a-z0-9]|$)` : `(^|[^a-z0-9])${name}([^a-z0-9]|$)`;
  if (/[%_\\.^$|?*+()[\]{}]/.test(name)) return sql`s.search_title ~ ${pattern}`;
  return sql`(s.search_title like ${where === 'first' ? `${name}%` : `%${name}%`} and s.search_title ~ ${pattern})`;
}

/**
 * Relevance among services having some of the words, none all of them: the rank on what names each (title,
 * popular names, tags: search_rank_vector, migration 0018), which is small enough to stay in the row, and
 * popularity. The bonuses of `relevance` need the whole phrase in a title, which cannot happen here.
 */
function looseRelevance(tsquery: string) {
  return sql`(ts_rank('{0.1, 0.25, 0.6, 1.0}', s.search_rank_vector, ${tsquery}::tsquery) + 0.02 * ln(1 + s.access_count))::float8`;
}

/**
 * One page of matching ids, ranked. The total is counted apart (countMatches): a window count would
 * make the database rank and sort every match, where an index can stop at the page.
 */
export function searchPage(db: Database, options: PageOptions) {
  const score = !options.tsquery
    ? sql`null::float8`
    : options.loose
      ? looseRelevance(options.tsquery)
      : relevance(options.tsquery, options.phrase, options.typed ?? '');
  const order =
    options.order === 'relevance' ? sql`score desc, s.search_title` : options.order === 'popularity' ? sql`s.access_count desc, s.search_title` : sql`s.search_title`;
  // Ranking by relevance scores every match anyway, so the same pass counts them (a second query would read
  // every match again); the other orders can stop at the page, and are counted apart.
  const total = options.order === 'relevance' ? sql`, (count(*) over ())::int as total` : sql``;
  return rows<PageRow>(
    db,
    sql`select s.id, ${score} as score${total} from services s where ${whereClause(options)}
        order by ${order} limit ${options.limit} offset ${options.offset}`,
  );
}

/**
 * For the looser search (any of the words, none has them all): the `cap` most accessed services that one of
 * the words names (search_rank_vector: title, popular names, tags), ranked by looseRelevance; null when fewer
 * than `cap` are named. Ranking and counting every match (searchPage, loose) reads each one's row, and a
 * word matches thousands at scale (issue 11: 2,000 to 5,600 of 20,000 services, 3 to 10 ms a search, most
 * of the tail's database time). The index on access_count finds the most accessed named ones and stops at
 * `cap` where the words are common; the index on search_rank_vector (migration 0019) serves the rare.
 */
export async function mostAccessedNamed(db: Database, options: { tsquery: string; filters: Filters; cap: number }): Promise<PageRow[] | null> {
  const where = [...filterConditions(options.filters), sql`s.search_rank_vector @@ ${options.tsquery}::tsquery`];
  const found = await rows<PageRow>(
    db,
    sql`select id, score from (
          select s.id, s.search_title, ${looseRelevance(options.tsquery)} as score from services s where ${sql.join(where, sql` and `)}
          order by s.access_count desc, s.search_title limit ${options.cap}
        ) named order by score desc, search_title`,
  );
  return found.length < options.cap ? null : found;
}

export async function countMatches(db: Database, options: Pick<PageOptions, 'tsquery' | 'filters'>) {
  const found = await rows<{ total: number }>(db, sql`select count(*)::int as total from services s where ${whereClause(options)}`);
  return found[0]?.total ?? 0;
}

/** When no word matches, titles that look like what was typed. */
export function similarTitles(db: Database, options: { phrase: string; filters: Filters; limit: number }) {
  const where = filterConditions(options.filters);
  where.push(sql`word_similarity(${options.phrase}, s.search_title) >= 0.45`);
  return rows<PageRow>(
    db,
    sql`select s.id, word_similarity(${options.phrase}, s.search_title)::float8 as score
        from services s where ${sql.join(where, sql` and `)}
        order by score desc, s.search_title limit ${options.limit}`,
  );
}

/**
 * Every word of what names the catalog (titles, popular names, tags, categories), in its written form ('habilitação'),
 * with how often it is used, most used first: a correction is written as the catalog writes it, and of two known
 * words equally close to a typo it is the more used. Each distinct text is split once, counted as often as it
 * occurs: services share popular names (87,000 rows, a few hundred names at 20,000 services), and searches wait
 * for this list when the dictionary is reloaded, every minute (issue 11: 440 → 150 ms when it held the accented
 * words alone).
 */
export function listCatalogWords(db: Database) {
  return rows<{ word: string; uses: number }>(
    db,
    sql`select w as word, sum(occurrences)::int as uses from (
          select regexp_split_to_table(lower(text), '[^[:alnum:]]+') as w, occurrences from (
            select title as text, count(*) as occurrences from services where active group by title
            union all select name, count(*) from service_popular_names group by name
            union all select name, count(*) from tags group by name
            union all select name, count(*) from categories group by name
          ) texts
        ) words where w <> '' group by w order by sum(occurrences) desc, w`,
  );
}

/** Every active service as the search box suggests it: its title and popular names, most accessed first. */
export function listSuggestible(db: Database) {
  return rows<{ slug: string; title: string; categorySlug: string; departmentShortName: string; popularNames: string[] }>(
    db,
    sql`select s.slug, s.title, c.slug as "categorySlug", d.short_name as "departmentShortName", s.card_popular_names as "popularNames"
        from services s join categories c on c.id = s.category_id join departments d on d.id = s.department_id
        where s.active order by s.access_count desc, s.search_title`,
  );
}

export interface BestBetRow {
  id: number;
  terms: string[];
  title: string;
  provider: string;
  description: string;
  url: string;
}

/** Every best bet (issue 25): a few dozen rows, kept with the dictionary. */
export function listBestBets(db: Database) {
  return rows<BestBetRow>(db, sql`select id, terms, title, provider, description, url from search_best_bets order by title, id`);
}

/**
 * For each of `ids`, whether what was typed names it (its title is or begins with `typed`, or a popular name is
 * exactly it, as relevance's first term) and, for each word group's tsquery, whether the words that name it
 * (search_rank_vector: title, popular names, tags) have it, and whether its department's or category's name
 * has it (department intent: 'policia civil', 'detran'). The confidence of a page (search.service.ts).
 */
export function coverage(db: Database, ids: number[], typed: string, groups: string[]) {
  const named = typed ? sql`(${titleHas(typed, 'first')} or ${typed} = any(s.search_names))` : sql`false`;
  const array = (check: (q: string) => SQL) => (groups.length ? sql`array[${sql.join(groups.map(check), sql`, `)}]` : sql`array[]::boolean[]`);
  // A popular name of two words or more said whole inside a longer text ('vendi meu carro, preciso avisar o detran').
  const mentioned = typed ? sql`exists (select 1 from unnest(s.search_names) n where n like '% %' and position(' ' || n || ' ' in ${` ${typed} `}) > 0)` : sql`false`;
  return rows<{ id: number; named: boolean; mentioned: boolean; covered: boolean[]; department: boolean[] }>(
    db,
    sql`select s.id, ${named} as named, ${mentioned} as mentioned,
               ${array((q) => sql`coalesce(s.search_rank_vector @@ ${q}::tsquery, false)`)} as covered,
               ${array((q) => sql`coalesce(ts_filter(s.search_vector, '{d}') @@ ${q}::tsquery, false)`)} as department
        from services s where s.id = any(${pgArray(ids)}::int[])`,
  );
}
