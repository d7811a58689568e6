/**
 * Registers /sw.js (client/public/sw.js: offline reload of visited pages, rules in
 * docs/decisions/008-offline.md). Production builds only: in development it would serve stale modules.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const controlledFromTheStart = navigator.serviceWorker.controller !== null;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const send = (urls: string[], pages: string[] = []) => {
          if (urls.length > 0 || pages.length > 0)
            registration.active?.postMessage({ type: 'cache-shell', urls, pages });
        };
        // What the page downloaded before the worker took over, and the page's own document, so the next
        // offline reload has it all.
        send(missedByTheWorker(performance.getEntriesByType('resource')), [window.location.href]);
        // On a page the worker controlled from the start (a later page of the visit, or a later visit), the
        // code the page did not download but an offline reload may need: the parts it loads on demand, listed
        // by the build in the worker itself. Never on a first visit: it would download code the reader never
        // asked for (the first visit's JavaScript in all).
        if (controlledFromTheStart) registration.active?.postMessage({ type: 'cache-later-code' });
        // And, for as long as the page lives, every later download the worker did not see. Not only "until the
        // worker controls the page": a download started before that (the map, a section's code) still goes to
        // the network and often ends after it; and a page the worker controls may take a file from the
        // browser's memory cache, which never asks the worker, where an offline reload will.
        if (typeof PerformanceObserver === 'undefined') return;
        new PerformanceObserver((list) => send(missedByTheWorker(list.getEntries()))).observe({
          type: 'resource',
        });
      })
      .catch(() => {
        // No offline copy (private mode, or storage refused): the site works as before.
      });
  };
  // After the page's load event, so registering never competes with the page's own downloads.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}

/**
 * A page a link led to: no document was fetched for it, so the worker fetches and keeps it (the server's copy,
 * one request), for an offline reload of that address.
 */
export function keepPageOffline(href: string): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: 'cache-shell', urls: [], pages: [href] });
}

/**
 * The downloads the worker never answered (workerStart is 0: the page was not controlled yet, or the file came
 * from the memory cache), so it has not stored them: the worker stores the shell's among them (sw.js).
 */
function missedByTheWorker(entries: PerformanceEntryList): string[] {
  return entries
    .filter((entry) => !(entry instanceof PerformanceResourceTiming) || entry.workerStart === 0)
    .map((entry) => entry.name);
}
