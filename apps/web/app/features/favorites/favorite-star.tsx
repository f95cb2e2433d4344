import { Star } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { showSnackbar } from '../../components/snackbar/snackbar.tsx';
import { FAVORITE_MESSAGES, FAVORITES_PATH, type FavoriteResult } from './favorites.ts';
import { useFavorites } from './favorites-context.tsx';
import styles from './favorites.module.css';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * The favourite star (spec §4): shown only to a logged-in citizen; sends `remove` equal to the current
 * state. A POST form, so it works without JavaScript; with it, a fetcher and a snackbar with the §8 message.
 */
export function FavoriteStar({ slug, title, size = 'm' }: { slug: string; title: string; size?: 's' | 'm' }) {
  const favorites = useFavorites();
  const fetcher = useFetcher<FavoriteResult>();
  const location = useLocation();
  const announced = useRef<number | null>(null);
  // After hydration the form goes through the fetcher: the action answers data instead of a redirect.
  const scripted = useHydrated();

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== 'idle' || announced.current === result.at) return;
    announced.current = result.at;
    showSnackbar(FAVORITE_MESSAGES[result.outcome], result.outcome === 'failed' ? 'error' : 'success');
  }, [fetcher.data, fetcher.state]);

  if (!favorites) return null;
  const saved = favorites.includes(slug);
  // While the call runs, the star shows where it is going.
  const pending = fetcher.formData?.get('slug') === slug;
  const shown = pending ? fetcher.formData?.get('remove') !== 'true' : saved;
  return (
    // While the call runs the star is aria-disabled, not disabled: a disabled button drops the keyboard's focus.
    <fetcher.Form
      method="post"
      action={FAVORITES_PATH}
      className={styles.form}
      data-size={size}
      onSubmit={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="remove" value={String(saved)} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {scripted ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        className={styles.star}
        aria-pressed={shown}
        aria-label={`Favorito: ${title}`}
        title={shown ? 'Remover dos favoritos' : 'Adicionar aos favoritos'}
        data-testid="favorite-star"
        aria-disabled={pending || undefined}
      >
        <Star size={size === 's' ? 20 : 24} aria-hidden="true" fill={shown ? 'currentColor' : 'none'} />
      </button>
    </fetcher.Form>
  );
}
