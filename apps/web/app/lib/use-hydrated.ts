import { useSyncExternalStore } from 'react';

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
