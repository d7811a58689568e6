import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False on the server and during the browser's hydration of its HTML, true from the render after: what depends on
 * the browser alone (a choice in its storage, whether to download a photo) renders the server's way first, so the
 * hydrated markup matches, and changes right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
