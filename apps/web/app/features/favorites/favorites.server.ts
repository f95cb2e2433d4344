import type { AppLoadContext } from 'react-router';
import '../../lib/citizen.ts';
import type { FavoriteOutcome } from './favorites.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** POST /v1/catalog/setFavorite {slug, remove} with the citizen's token (spec §7). */
export async function setFavorite(context: AppLoadContext, slug: unknown, remove: unknown): Promise<{ outcome: FavoriteOutcome; favorite: boolean }> {
  const current = remove === 'true';
  if (typeof slug !== 'string' || !SLUG.test(slug) || (remove !== 'true' && remove !== 'false')) return { outcome: 'failed', favorite: current };
  try {
    const answer = await context.citizenApi({ method: 'POST', url: '/v1/catalog/setFavorite', body: { slug, remove: current } });
    if (answer.status !== 200) return { outcome: 'failed', favorite: current };
    return { outcome: current ? 'removed' : 'added', favorite: !current };
  } catch (err) {
    console.error('setFavorite failed', err);
    return { outcome: 'failed', favorite: current };
  }
}
