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

/**
 * The favourite star's form (web app): `remove` is the star's state as text, `returnTo` where a
 * no-JavaScript form goes back to (checked with safeReturnPath), `js` present when a fetcher sent it.
 */
export const FavoriteForm = z.object({
  slug: Slug,
  remove: z.enum(['true', 'false'], { error: 'Informe se o serviço deve ser removido dos favoritos.' }).transform((value) => value === 'true'),
  returnTo: z.string().optional(),
  js: z.string().optional(),
});
export type FavoriteForm = z.infer<typeof FavoriteForm>;

/**
 * The favourite slugs as GET /v1/me carries them (`catalog_favorite`, a JSON-encoded list, spec §3):
 * anything else is no favourites.
 */
export function parseFavoriteSlugs(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.filter((s): s is string => typeof s === 'string');
  if (typeof raw !== 'string' || !raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}
