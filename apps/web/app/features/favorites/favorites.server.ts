import type { FavoritesResponse } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { call, optional } from '../../lib/api.server.ts';
import type { FavoriteOutcome } from './favorites.ts';

/** POST /v1/catalog/setFavorite {slug, remove} with the citizen's token (spec §7); a failure is the §8 message, logged. */
export async function setFavorite(context: AppLoadContext, slug: string, remove: boolean): Promise<{ outcome: FavoriteOutcome; favorite: boolean }> {
  const saved = await optional(
    context,
    'setFavorite',
    call<FavoritesResponse>(context, { method: 'POST', url: '/v1/catalog/setFavorite', body: { slug, remove }, auth: 'citizen' }).then(() => true),
    false,
  );
  if (!saved) return { outcome: 'failed', favorite: remove };
  return { outcome: remove ? 'removed' : 'added', favorite: !remove };
}
