import type { MetaDescriptor } from 'react-router';
import { cut, stripHtml } from './format.ts';

export const TITLE_PREFIX = 'Governo do Piauí';

export interface PageMeta {
  title: string;
  description: string;
  /** absolute URL of the page's one address */
  canonical?: string;
  keywords?: string[];
}

/** Title, description (markup stripped, cut at 100 characters), canonical link and Open Graph basics. */
export function pageMeta({ title, description, canonical, keywords }: PageMeta): MetaDescriptor[] {
  const text = cut(stripHtml(description));
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: text },
    { property: 'og:title', content: title },
    { property: 'og:description', content: text },
    { property: 'og:locale', content: 'pt_BR' },
  ];
  if (keywords?.length) tags.push({ name: 'keywords', content: keywords.join(', ') });
  if (canonical) tags.push({ tagName: 'link', rel: 'canonical', href: canonical }, { property: 'og:url', content: canonical });
  return tags;
}

/** The page's address without query string or trailing slash, as the canonical link. */
export function canonicalUrl(request: Request, keepParams: string[] = []): string {
  const url = new URL(request.url);
  const params = new URLSearchParams();
  for (const name of keepParams) {
    const value = url.searchParams.get(name);
    if (value && !(name === 'page' && value === '1')) params.set(name, value);
  }
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const query = params.toString();
  return `${url.origin}${path}${query ? `?${query}` : ''}`;
}
