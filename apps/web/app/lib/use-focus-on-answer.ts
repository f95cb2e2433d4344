import { useEffect, useRef } from 'react';
import { useHydrated } from './use-hydrated.ts';

/**
 * Focus for what a form's answer brings (an error summary, a back-office notice), so a screen reader reads it at
 * once. A page the server sent with it (a form sent before the scripts, or without them) has it marked
 * `data-autofocus`, which the page's head script focuses as it arrives, only when nothing else has focus; React
 * focuses it when its own answer brings it (`answer` changes), never when the page hydrates: the person may
 * have moved on to a field meanwhile, and the keys she is typing would go to the notice (issue 24).
 */
export function useFocusOnAnswer<T extends HTMLElement>(answer: unknown) {
  const ref = useRef<T>(null);
  // Drawn by the server: this first render is the hydration's, and the browser has focused it already.
  const fromServer = useRef(!useHydrated());
  useEffect(() => {
    if (fromServer.current) {
      fromServer.current = false;
      return;
    }
    ref.current?.focus();
  }, [answer]);
  return ref;
}
