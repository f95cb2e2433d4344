import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * After an action that failed (a favourite or a vote that did not go through, offline perhaps), nothing
 * changed on the server: the page keeps its data instead of reloading it, so a network that is down does
 * not turn a widget's failure into an error page (issue 13).
 */
export function keepDataAfterFailedAction({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  const result = actionResult as { outcome?: unknown; intent?: unknown; ok?: unknown } | null | undefined;
  if (result && (result.outcome === 'failed' || (result.intent === 'rate' && result.ok === false))) return false;
  return defaultShouldRevalidate;
}
