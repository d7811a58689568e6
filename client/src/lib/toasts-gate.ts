/**
 * Whether any code that can show a toast has loaded. Mantine's notifications package (its store, the toasts'
 * view and the transitions under it: about 15 KB gzip) is not needed by a first visit that shows no toast, yet
 * Root has to watch its store to show one. vite.config.ts wraps the package so that loading it calls
 * `toastsLoaded()`: Root mounts the watcher (NotificationsOnDemand) only then, and a page that never shows a
 * toast never downloads it.
 */
let loaded = false;
const listeners = new Set<() => void>();

export function toastsLoaded(): void {
  if (loaded) return;
  loaded = true;
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const toastsAreLoaded = (): boolean => loaded;
