/**
 * Recommendations, computed (issue 4): item-to-item co-occurrence over what citizens accessed and
 * favourited (cosine-normalised, weighted by how strongly the citizen used each source item), blended
 * with content similarity (category, department, tags) that carries a citizen with little history.
 * Pure: the repository gathers the numbers, this decides.
 */

export interface ServiceFeatures {
  id: number;
  slug: string;
  categoryId: number;
  departmentId: number;
  tags: number[];
  active: boolean;
  /** overall popularity, the last tie-break */
  popularity: number;
}

export interface RankingInput {
  /** the citizen's services and how strongly each was used (accesses, favourite) */
  history: Map<number, number>;
  /** co-occurrence: source (in history) → candidate → citizens who used both */
  together: Map<number, Map<number, number>>;
  /** citizens who used each service (for cosine normalisation) */
  users: Map<number, number>;
  services: Map<number, ServiceFeatures>;
}

export interface Ranked {
  id: number;
  score: number;
  reason: 'co-occurrence' | 'content';
}

/** Below this many distinct services a citizen has 'little history': content similarity weighs more. */
export const LITTLE_HISTORY = 5;
export const RECOMMENDATION_LIMIT = 10;
export const CONTENT_WEIGHT_LITTLE_HISTORY = 0.5;
export const CONTENT_WEIGHT_LONG_HISTORY = 0.1;
const CONTENT_WEIGHTS = { category: 0.5, department: 0.3, tags: 0.2 };

function jaccard(a: number[], b: number[]): number {
  if (!a.length || !b.length) return 0;
  const set = new Set(a);
  const shared = b.filter((x) => set.has(x)).length;
  return shared / (a.length + b.length - shared);
}

export function contentSimilarity(a: ServiceFeatures, b: ServiceFeatures): number {
  return (
    (a.categoryId === b.categoryId ? CONTENT_WEIGHTS.category : 0) +
    (a.departmentId === b.departmentId ? CONTENT_WEIGHTS.department : 0) +
    CONTENT_WEIGHTS.tags * jaccard(a.tags, b.tags)
  );
}

export function rankRecommendations(input: RankingInput, limit = RECOMMENDATION_LIMIT): Ranked[] {
  const { history, together, users, services } = input;
  if (history.size === 0) return [];
  const totalWeight = [...history.values()].reduce((a, b) => a + b, 0);

  const collaborative = new Map<number, number>();
  for (const [source, candidates] of together) {
    const weight = history.get(source) ?? 0;
    const sourceUsers = users.get(source) ?? 0;
    for (const [candidate, both] of candidates) {
      const candidateUsers = users.get(candidate) ?? 0;
      if (!sourceUsers || !candidateUsers) continue;
      collaborative.set(candidate, (collaborative.get(candidate) ?? 0) + (weight * both) / Math.sqrt(sourceUsers * candidateUsers));
    }
  }
  const eligible = (id: number) => services.get(id)?.active === true && !history.has(id);
  const maxCollaborative = Math.max(0, ...[...collaborative].filter(([id]) => eligible(id)).map(([, v]) => v)) || 1;

  const content = new Map<number, number>();
  for (const candidate of services.values()) {
    if (!candidate.active || history.has(candidate.id)) continue;
    let sum = 0;
    for (const [source, weight] of history) {
      const features = services.get(source);
      if (features) sum += weight * contentSimilarity(features, candidate);
    }
    if (sum > 0) content.set(candidate.id, sum / totalWeight);
  }
  const maxContent = Math.max(0, ...content.values()) || 1;

  // Neighbours' picks lead; content fills in for a short history and only breaks ties for a long one.
  const contentWeight = history.size < LITTLE_HISTORY ? CONTENT_WEIGHT_LITTLE_HISTORY : CONTENT_WEIGHT_LONG_HISTORY;
  const ranked: Ranked[] = [];
  for (const candidate of services.values()) {
    if (!candidate.active || history.has(candidate.id)) continue;
    const cf = (collaborative.get(candidate.id) ?? 0) / maxCollaborative;
    const cb = (contentWeight * (content.get(candidate.id) ?? 0)) / maxContent;
    if (cf + cb <= 0) continue;
    ranked.push({ id: candidate.id, score: Math.round((cf + cb) * 10000) / 10000, reason: cf >= cb ? 'co-occurrence' : 'content' });
  }
  ranked.sort(
    (a, b) =>
      b.score - a.score ||
      services.get(b.id)!.popularity - services.get(a.id)!.popularity ||
      services.get(a.id)!.slug.localeCompare(services.get(b.id)!.slug),
  );
  return ranked.slice(0, limit);
}

/** Services the citizen used that are no longer offered. */
export function deprecatedServices(history: Map<number, number>, services: Map<number, ServiceFeatures>): number[] {
  return [...history.keys()]
    .filter((id) => services.get(id)?.active === false)
    .sort((a, b) => (history.get(b) ?? 0) - (history.get(a) ?? 0) || a - b);
}
