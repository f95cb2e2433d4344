import { z } from 'zod';
import { SearchItem } from './search.ts';

export const RecommendationParams = z.object({
  username: z
    .string()
    .min(1, 'Informe o usuário.')
    .max(100, 'Usuário longo demais.')
    .regex(/^[\w.@-]+$/, 'Usuário inválido.'),
});

/** A recommended service: a search item (cards link to /app/catalog/{categorySlug}/{slug}) and why. */
export const RecommendedService = SearchItem.extend({
  /** 'co-occurrence' (similar citizens) or 'content' (same category, tags, department) */
  reason: z.enum(['co-occurrence', 'content']),
});

export const RecommendationsResponse = z
  .object({
    recommended_services: z.array(RecommendedService),
    /** services the citizen used that are no longer active */
    deprecated_services: z.array(SearchItem),
  })
  .meta({ id: 'RecommendationsResponse' });
export type RecommendationsResponse = z.infer<typeof RecommendationsResponse>;
