import { createContext, useContext, type ReactNode } from 'react';

/** The citizen's favourite slugs; null for an anonymous visitor (no star at all, spec §6). */
const FavoritesContext = createContext<readonly string[] | null>(null);

export function FavoritesProvider({ favorites, children }: { favorites: readonly string[] | null; children: ReactNode }) {
  return <FavoritesContext.Provider value={favorites}>{children}</FavoritesContext.Provider>;
}

export const useFavorites = () => useContext(FavoritesContext);
