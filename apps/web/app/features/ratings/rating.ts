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
/** A browser that had rated the service before: its vote changed, the count did not (issue 24). */
export const RATING_UPDATED = 'Você já tinha avaliado este serviço: sua avaliação foi atualizada.';

export type RatingResult =
  | { intent: 'rate'; ok: true; message: string; average: number; count: number; value: number; at: number }
  | { intent: 'rate'; ok: false; message: string; at: number };

/**
 * This browser's ballot, sent with each rating so that rating a service again changes the vote instead of adding
 * one: a random key kept in the browser's storage, put into the rating form's `ballot` field as the form is sent,
 * by an inline script of the service page's head, so that a vote sent before the page hydrates (by the browser,
 * as without scripts) carries it too. The server keeps it only hashed with the service: it cannot tell one
 * service's voter from another's. Where storage is refused the field stays empty and the vote counts as new.
 */
export const BALLOT_SCRIPT = `(function(){var k='portal-cedula';function b(){try{var v=localStorage.getItem(k);if(!v||!/^[A-Za-z0-9_-]{16,64}$/.test(v)){v=crypto.randomUUID?crypto.randomUUID():String(Math.random()).slice(2)+String(Date.now());localStorage.setItem(k,v)}return v}catch(e){return ''}}
addEventListener('submit',function(e){var f=e.target,i=f&&f.querySelector&&f.querySelector('input[name="ballot"]');if(i&&!i.value)i.value=b()},true)})();`;
