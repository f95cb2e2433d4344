import { z } from 'zod';
import { Slug } from './common.ts';

/** POST /v1/catalog/setFavorite: `remove` is the star's current state (true removes). */
export const SetFavoriteRequest = z.object({
  slug: Slug,
  remove: z.boolean({ error: 'Informe se o serviço deve ser removido dos favoritos (remove: true ou false).' }),
});
export type SetFavoriteRequest = z.infer<typeof SetFavoriteRequest>;

export const FavoritesResponse = z.object({
  slug: z.string().optional(),
  favorite: z.boolean().optional(),
  /** every favourite of the caller, newest first */
  favorites: z.array(z.string()),
});
export type FavoritesResponse = z.infer<typeof FavoritesResponse>;
