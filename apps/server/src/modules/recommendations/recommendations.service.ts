import type { RecommendationsResponse } from '@portal/contracts';
import type { Database } from '@portal/db';
import { cardsByIds, toSearchItem } from '../../lib/service-cards.ts';
import { deprecatedServices, rankRecommendations, type ServiceFeatures } from './recommendations.ranker.ts';
import * as repository from './recommendations.repository.ts';

/** How long a process keeps the catalog's features (recommendations.routes.ts caches them). */
export const FEATURES_TTL_MS = 60_000;

/**
 * Every service's category, department, tags and popularity: the same for every citizen, so each
 * process reads them once a minute instead of on every logged-in home page.
 */
export const loadFeatures = (db: Database) => repository.features(db);

/** `features` gives every service's features, usually from the caller's cache of loadFeatures(). */
export async function recommend(db: Database, userSub: string, features: () => Promise<Map<number, ServiceFeatures>>): Promise<RecommendationsResponse> {
  const [history, { together, users }, services] = await Promise.all([
    repository.history(db, userSub),
    repository.coOccurrence(db, userSub),
    features(),
  ]);
  const ranked = rankRecommendations({ history, together, users, services });
  const deprecated = deprecatedServices(history, services);
  const rows = new Map((await cardsByIds(db, [...ranked.map((r) => r.id), ...deprecated])).map((r) => [r.id, r]));
  return {
    recommended_services: ranked
      .filter((r) => rows.has(r.id))
      .map((r) => ({ ...toSearchItem(rows.get(r.id)!, { score: r.score, total: ranked.length, pageCount: 1 }), reason: r.reason })),
    deprecated_services: deprecated.filter((id) => rows.has(id)).map((id) => toSearchItem(rows.get(id)!, { score: null, total: deprecated.length, pageCount: 1 })),
  };
}
