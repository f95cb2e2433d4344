/** The §8 messages of the favourite star. */
export const FAVORITE_MESSAGES = {
  added: 'Serviço favoritado com sucesso',
  removed: 'Serviço removido dos favoritos',
  failed: 'Erro ao favoritar serviço',
} as const;
export type FavoriteOutcome = keyof typeof FAVORITE_MESSAGES;

export const FAVORITES_PATH = '/app/minha-area/favoritos';
/** The query parameter a no-JavaScript favourite comes back with, so the page can say what happened. */
export const FAVORITE_NOTICE_PARAM = 'favorito';

export interface FavoriteResult {
  outcome: FavoriteOutcome;
  slug: string;
  /** the state after the call */
  favorite: boolean;
  /** tells two equal answers apart */
  at: number;
}

export function favoriteNotice(value: string | null): { message: string; tone: 'success' | 'error' } | null {
  if (value === 'added' || value === 'removed') return { message: FAVORITE_MESSAGES[value], tone: 'success' };
  if (value === 'failed') return { message: FAVORITE_MESSAGES.failed, tone: 'error' };
  return null;
}
