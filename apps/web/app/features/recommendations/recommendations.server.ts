import type { CardService, RecommendationsResponse, SearchItem } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { cardService } from '../../components/service-card/card-service.ts';
import { api, call, optional } from '../../lib/api.server.ts';

export type RecommendationCard = CardService & {
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

const toCard = (item: SearchItem, catalogBase: string): RecommendationCard => ({ ...cardService(item), href: recommendationHref(item, catalogBase) });

/**
 * The citizen's recommendations; on failure (logged) or an empty answer, the highlighted search (spec §7, §8).
 */
export async function loadRecommendations(context: AppLoadContext, username: string, catalogBase: string, size = 12): Promise<Recommendations> {
  const personal = await optional(
    context,
    'recommendations',
    call<RecommendationsResponse>(context, { url: `/api/recommendations/recommend_services/${encodeURIComponent(username)}`, auth: 'citizen' }),
    null,
  );
  const items = personal?.recommended_services ?? [];
  if (items.length) return { source: 'personal', items: items.slice(0, size).map((i) => toCard(i, catalogBase)) };
  const highlighted = await optional(context, 'highlighted services', api.search(context, { highlighted: true, size }, 'citizen'), []);
  return { source: 'highlighted', items: highlighted.map((i) => toCard(i, catalogBase)) };
}
