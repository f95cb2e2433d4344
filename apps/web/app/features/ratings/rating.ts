/** The average after one more vote, as the page shows it before the server answers (spec §4). */
export function ratingAfter(average: number, count: number, value: number): { average: number; count: number } {
  const next = (average * count + value) / (count + 1);
  return { average: Math.round(next * 10) / 10, count: count + 1 };
}

/** The messages of spec §8 for a rating the API refused. */
export function ratingFailureMessage(status: number, serverMessage?: string): string {
  if (status === 404) return 'Recurso não encontrado!';
  if (status === 400) return serverMessage || 'Erro nos dados enviados!';
  return 'Não foi possível completar a ação!';
}

export const RATING_SUCCESS = 'Avaliação registrada com sucesso!';

export type RatingResult =
  | { intent: 'rate'; ok: true; message: string; average: number; count: number; at: number }
  | { intent: 'rate'; ok: false; message: string; at: number };
