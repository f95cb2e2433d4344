import { useEffect, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and during hydration, true once React runs in the browser: forms switch from their
 * no-JavaScript behaviour to fetchers, and page notices give way to the snackbar.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * Sets `data-hydrated` on the document once the part that calls it has hydrated: a mark for browser tests
 * (and people's tools) that the page answers clicks. The root calls it for anonymous pages; a logged-in
 * citizen's header widgets hydrate later, in their own chunk, and call it themselves, so a click on the menu
 * is never sent before the menu can take it.
 */
export function useInteractiveMark(when = true): void {
  useEffect(() => {
    if (when) document.documentElement.dataset.hydrated = 'true';
  }, [when]);
}
