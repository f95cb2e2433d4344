import type { RecommendationsResponse, SearchItem } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import '../../lib/citizen.ts';

export type RecommendationCard = Pick<SearchItem, 'title' | 'slug' | 'description' | 'categorySlug' | 'icon' | 'isOnline' | 'departmentShortName' | 'accessProfile'> & {
  /** where the card leads (spec §7) */
  href: string;
};

export interface Recommendations {
  /** 'personal': computed for the citizen; 'highlighted': the fallback of spec §7 */
  source: 'personal' | 'highlighted';
  items: RecommendationCard[];
}

/**
 * Spec §7: a recommended card leads to /app/catalog/{categorySlug}/{slug} unless its link is already an
 * absolute address of the catalog. Our items' `link` is the service's digital channel (an outside site,
 * as in search results), not the card's address: a card opens the service's page, where the channel's
 * opening rules of §5 apply.
 */
export function recommendationHref(item: Pick<SearchItem, 'link' | 'categorySlug' | 'slug'>, catalogBase = '/app/catalog'): string {
  const link = item.link ?? '';
  const escaped = catalogBase.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  if (catalogBase && new RegExp(`^(https?://[^/]+)?${escaped}/[^/]+/[^/]+$`, 'i').test(link)) return link;
  return `${catalogBase}/${item.categorySlug}/${item.slug}`;
}

const toCard = (item: SearchItem, catalogBase: string): RecommendationCard => ({
  title: item.title,
  slug: item.slug,
  description: item.description,
  categorySlug: item.categorySlug,
  icon: item.icon,
  isOnline: item.isOnline,
  departmentShortName: item.departmentShortName,
  accessProfile: item.accessProfile,
  href: recommendationHref(item, catalogBase),
});

/**
 * The citizen's recommendations; on failure (logged) or an empty answer, the highlighted search (spec §7, §8).
 */
export async function loadRecommendations(context: AppLoadContext, username: string, catalogBase: string, size = 12): Promise<Recommendations> {
  try {
    const answer = await context.citizenApi({ method: 'GET', url: `/api/recommendations/recommend_services/${encodeURIComponent(username)}` });
    if (answer.status !== 200) throw new Error(`recommendations answered ${answer.status}`);
    const items = (answer.body as RecommendationsResponse).recommended_services ?? [];
    if (items.length) return { source: 'personal', items: items.slice(0, size).map((i) => toCard(i, catalogBase)) };
  } catch (err) {
    console.error('recommendations failed; falling back to the highlighted search', err);
  }
  try {
    const answer = await context.citizenApi({ method: 'POST', url: '/v1/search', body: { groups: ['CATALOG'], highlighted: true, size } });
    const items = answer.status === 200 && Array.isArray(answer.body) ? (answer.body as SearchItem[]) : [];
    return { source: 'highlighted', items: items.map((i) => toCard(i, catalogBase)) };
  } catch (err) {
    console.error('highlighted fallback failed', err);
    return { source: 'highlighted', items: [] };
  }
}
