// The personal features put into the layout (app layer: the header and the cards are shared
// components that only offer slots; the features fill them here).
import { useEffect, type ReactNode } from 'react';
import { ServiceCardActionContext } from '../components/service-card/service-card.tsx';
import { showSnackbar } from '../components/snackbar/snackbar.tsx';
import { FavoriteStar } from '../features/favorites/favorite-star.tsx';
import { FavoritesProvider } from '../features/favorites/favorites-context.tsx';
import pageStyles from '../features/pages/pages.module.css';
import type { ShellCitizen } from './personal-data.server.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

const cardStar = (service: { slug: string; title: string }) => <FavoriteStar slug={service.slug} title={service.title} size="s" />;

/** Favourites for every star of the page; the cards get a star only when someone is logged in. */
export function PersonalProviders({ citizen, children }: { citizen: ShellCitizen | null; children: ReactNode }) {
  return (
    <FavoritesProvider favorites={citizen?.favorites ?? null}>
      <ServiceCardActionContext.Provider value={citizen ? cardStar : null}>{children}</ServiceCardActionContext.Provider>
    </FavoritesProvider>
  );
}

/**
 * What a no-JavaScript form came back to say (the favourite star's outcome): a status line in the page;
 * once scripts run, the snackbar says it instead.
 */
export function PageNotice({ notice }: { notice: { message: string; tone: 'success' | 'error' } | null }) {
  const scripted = useHydrated();
  useEffect(() => {
    if (notice) showSnackbar(notice.message, notice.tone);
  }, [notice]);
  if (!notice || scripted) return null;
  return (
    <p className={`container ${pageStyles.note}`} role="status" data-tone={notice.tone}>
      {notice.message}
    </p>
  );
}
