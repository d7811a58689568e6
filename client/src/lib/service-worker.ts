/**
 * Registers /sw.js (client/public/sw.js: offline reload of visited pages, rules in
 * docs/decisions/008-offline.md). Production builds only: in development it would serve stale modules.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const send = (urls: string[]) => {
          if (urls.length > 0) registration.active?.postMessage({ type: 'cache-shell', urls });
        };
        // What the page downloaded before the worker took over, so the next offline reload has it all.
        // And, on a page the worker controlled from the start (a later page of the visit, or a later visit), the
        // code the page did not download but an offline reload may need: its lazy parts (the map, the sections
        // below the fold, a signed-in reader's) and what a page rendered in the browser needs (the page table,
        // the map's outlines), all listed by the server (server/http/page-assets.ts). Never on a first visit:
        // it would download code the reader never asked for (F1, the first visit's JavaScript in all).
        send([...missedByTheWorker(performance.getEntriesByType('resource')), window.location.href]);
        // And, for as long as the page lives, every later download the worker did not see. Not only "until the
        // worker controls the page": a download started before that (the map, a section's code) still goes to
        // the network and often ends after it; and a page the worker controls may take a file from the
        // browser's memory cache, which never asks the worker, where an offline reload will. Missing either
        // left an offline reload of / without its lazy parts ("Part of the page could not be downloaded").
        if (typeof PerformanceObserver === 'undefined') return;
        new PerformanceObserver((list) => send(missedByTheWorker(list.getEntries()))).observe({
          type: 'resource',
        });
      })
      .catch(() => {
        // No offline copy (private mode, or storage refused): the site works as before.
      });
  };
  // The code starts after the first paint (entry-client.tsx), sometimes after the page's load event.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
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
