// The list page's navigation rules (spec §4) as plain functions: the forms, links and tests share them.

const path = (...parts: string[]) => `/${parts.map(encodeURIComponent).join('/')}`;

/** Searching: with a category /list/{category}/{text}, otherwise /search/{text}; empty text stays put (null). */
export function searchTarget(text: string, category?: string | null): string | null {
  const query = text.trim();
  if (!query) return null;
  return category ? path('list', category, query) : path('search', query);
}

/** Selecting a category goes to /list/{category}. */
export const categoryTarget = (category: string) => path('list', category);

/** Clearing the category: /search/{text} if there is text, otherwise /list. */
export const clearCategoryTarget = (text?: string | null) => (text?.trim() ? path('search', text.trim()) : '/list');

/** Clearing the keyword: /list/{category} or /list. */
export const clearKeywordTarget = (category?: string | null) => (category ? path('list', category) : '/list');

/** Choosing a department goes to /list/orgao/{slug}. */
export const departmentTarget = (slug: string) => path('list', 'orgao', slug);

/** Where the list's data comes from (spec §4). */
export type ListSource = 'targeted' | 'highlighted' | 'search';

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

export function listSource(category?: string | null, query?: string | null): ListSource {
  const values = [category, query].filter(Boolean).map((v) => fold(v!));
  if (values.includes('cidadao')) return 'targeted';
  if (values.some((v) => v === 'mais-acessados' || v === 'acesso-rapido')) return 'highlighted';
  return 'search';
}

/** Results per page and the 'Cidadao' list's fixed total (spec §9). */
export const PAGE_SIZE = 10;
export const TARGETED_TOTAL = 10;

/** Zero-based page index from the address's one-based ?page=. */
export function pageIndexFrom(search: URLSearchParams): number {
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page - 1, 9_999) : 0;
}

/**
 * Where an address past the last page goes (issue 13: never 'Nenhum serviço encontrado' with no way
 * back): the same address on the last page, or null when the page is in range or there is nothing to list.
 */
export function lastPageHref(url: URL, pageIndex: number, total: number): string | null {
  const pageCount = Math.ceil(total / PAGE_SIZE);
  if (!pageCount || pageIndex < pageCount) return null;
  const params = new URLSearchParams(url.search);
  if (pageCount === 1) params.delete('page');
  else params.set('page', String(pageCount));
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}
