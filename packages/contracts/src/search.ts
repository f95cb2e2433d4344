import { z } from 'zod';
import { DB_INTEGER_MAX, storableText, WireId } from './common.ts';

export const SEARCH_PAGE_SIZE = 10;
/** The state's app lists every department and category with `size: 200` (issue 14). */
export const SEARCH_MAX_PAGE_SIZE = 200;
export const TOP_HIT_MAX = 500;

const shortText = (what: string, max = 100) => storableText(what).max(max, `${what}: no máximo ${max} caracteres.`);
const textList = (what: string) => z.array(shortText(what)).max(50, `${what}: no máximo 50 itens.`);

/**
 * POST /v1/search. Every body form of the spec: keyword/category/department pages, the targeted
 * ('Cidadão') search, highlighted (quick access), top hits; plus the fields the mobile app sends.
 */
export const SearchRequest = z
  .object({
    query: shortText('A busca', 200).nullish(),
    groups: textList('Os grupos').nullish(),
    category: shortText('A categoria').nullish(),
    departmentSlug: shortText('O órgão').nullish(),
    departmentSection: z.union([shortText('A unidade'), z.number().int().min(0).max(DB_INTEGER_MAX, 'A unidade (departmentSection) é inválida.')]).nullish(),
    from: z
      .number({ error: 'O deslocamento (from) deve ser um número.' })
      .int('O deslocamento (from) deve ser um número inteiro.')
      .min(0, 'O deslocamento (from) não pode ser negativo.')
      .max(100_000, 'O deslocamento (from) é grande demais.')
      .nullish(),
    size: z
      .number({ error: 'O tamanho da página (size) deve ser um número.' })
      .int('O tamanho da página (size) deve ser um número inteiro.')
      // 0 is what the app's keyword results send: the default page (SEARCH_PAGE_SIZE).
      .min(0, 'O tamanho da página (size) não pode ser negativo.')
      .max(SEARCH_MAX_PAGE_SIZE, `O tamanho da página (size) deve ser no máximo ${SEARCH_MAX_PAGE_SIZE}.`)
      .nullish(),
    highlighted: z.boolean({ error: 'O campo highlighted deve ser verdadeiro ou falso.' }).nullish(),
    targets: textList('Os públicos (targets)').nullish(),
    tags: textList('As tags').nullish(),
    platforms: textList('As plataformas').nullish(),
    slugs: textList('Os serviços (slugs)').nullish(),
    top_hit: z
      .number({ error: 'O campo top_hit deve ser um número.' })
      .int('O campo top_hit deve ser um número inteiro.')
      .min(1, 'O campo top_hit deve ser ao menos 1.')
      .max(TOP_HIT_MAX, `O campo top_hit deve ser no máximo ${TOP_HIT_MAX}.`)
      .nullish(),
  })
  .meta({ id: 'SearchRequest' });
export type SearchRequest = z.infer<typeof SearchRequest>;

/** One result: exactly the types the state's mobile app validates, plus a few extras for the portal. */
export const SearchItem = z
  .object({
    id: WireId,
    type: z.string(),
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    category: z.string(),
    categorySlug: z.string(),
    categoryIcon: z.string(),
    department: z.string(),
    departmentSlug: z.string(),
    departmentShortName: z.string(),
    icon: z.string(),
    iconService: z.string().nullish(),
    link: z.string(),
    imageUrl: z.string(),
    resultCategory: z.string(),
    accessProfile: z.string(),
    tags: z.array(z.string()),
    targets: z.array(z.string()),
    departmentSections: z.array(z.string()),
    platforms: z.array(z.string()),
    popularNames: z.array(z.string()),
    isFree: z.boolean(),
    isOnline: z.boolean(),
    isDigital: z.boolean(),
    isSelfService: z.boolean(),
    highlighted: z.boolean(),
    active: z.boolean(),
    pageCount: z.number().int(),
    resultTotal: z.number().int(),
    score: z.number().nullable(),
    updated_at: z.string(),
    /**
     * On a search by words: true when the service answers what was asked, false when it only shares some words
     * with it (issue 25). When no result of the first page answers, the state has no service for the text: say
     * so, and show these only as other things. Absent from lists that are not searches by words.
     */
    answers: z.boolean().optional().meta({ description: 'Busca por palavras: true quando o serviço responde ao que foi buscado; false quando só tem palavras em comum. Nenhum resultado com true: o Governo do Piauí não tem serviço para o texto (veja /v1/search/best-bets).' }),
  })
  .meta({ id: 'SearchItem' });
export type SearchItem = z.infer<typeof SearchItem>;

export const SearchResponse = z.array(SearchItem);
export type SearchResponse = z.infer<typeof SearchResponse>;

/** What a service card shows (grids, carousels, favourites, recommendations): a part of a search item. */
export const CardService = SearchItem.pick({
  title: true,
  slug: true,
  description: true,
  categorySlug: true,
  icon: true,
  isOnline: true,
  departmentShortName: true,
  accessProfile: true,
});
export type CardService = z.infer<typeof CardService>;

/**
 * A best bet (issue 25): something citizens ask the state for that another government or a company provides, and
 * where to go. Kept by the central team (/v1/gestao/respostas-diretas).
 */
export const BestBet = z
  .object({
    id: z.number().int(),
    /** what was asked for, as the card names it ('Passaporte') */
    title: z.string(),
    /** who provides it ('Polícia Federal') */
    provider: z.string(),
    description: z.string(),
    url: z.string(),
    /** true when `url` leaves the portal */
    external: z.boolean(),
  })
  .meta({ id: 'BestBet' });
export type BestBet = z.infer<typeof BestBet>;

/** GET /v1/search/best-bets?q=: the best bets whose words the text contains. */
export const BestBetsQuery = z.object({ q: shortText('A busca', 200) });
export const BestBets = z.array(BestBet).meta({ id: 'BestBets' });
export type BestBets = z.infer<typeof BestBets>;

export const SUGGESTIONS_MAX = 10;

/** GET /v1/search/suggestions: what the header search offers as one types. */
export const SearchSuggestionsQuery = z.object({
  q: shortText('A busca', 200),
  size: z.coerce
    .number({ error: 'O número de sugestões (size) deve ser um número.' })
    .int('O número de sugestões (size) deve ser um número inteiro.')
    .min(1, 'O número de sugestões (size) deve ser ao menos 1.')
    .max(SUGGESTIONS_MAX, `O número de sugestões (size) deve ser no máximo ${SUGGESTIONS_MAX}.`)
    .optional(),
});
export type SearchSuggestionsQuery = z.infer<typeof SearchSuggestionsQuery>;

export const SearchSuggestions = z
  .object({
    /** false when the text has no letter or digit ('😀', '?', '../..'): nothing can be searched for */
    searchable: z.boolean(),
    /** the text as the search reads it with each typo or missing accent corrected, or null when nothing was ('Você quis dizer') */
    correction: z.string().nullable(),
    /** services whose title or popular name begins with, or has words beginning with, what was typed */
    services: z.array(z.object({ slug: z.string(), title: z.string(), categorySlug: z.string(), departmentShortName: z.string() })),
  })
  .meta({ id: 'SearchSuggestions' });
export type SearchSuggestions = z.infer<typeof SearchSuggestions>;
