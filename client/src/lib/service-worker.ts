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
        // What this first visit loaded before the worker took over, so the next offline reload has it all.
        const send = (urls: string[]) => registration.active?.postMessage({ type: 'cache-shell', urls });
        const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
        // And the code a first visit does not download but an offline page rendered in the browser needs (the
        // page table, the map's outlines; named by the server, server/http/page-assets.ts), once a page loads
        // under the worker (a later page of the visit, or a later visit): a visit of one page downloads none of
        // it (F1). Offline, that page comes back from the worker's copy of / (kept at install) or not at all.
        const offlineCode = controlledFromTheStart
          ? (document.querySelector<HTMLMetaElement>('meta[name="codka-offline-code"]')?.content.split(' ') ??
            [])
          : [];
        send([...urls, window.location.href, ...offlineCode]);
        // And what it loads until the worker controls the page (a section's code fetched at idle): after that
        // the worker sees every request itself.
        if (navigator.serviceWorker.controller || typeof PerformanceObserver === 'undefined') return;
        const later = new PerformanceObserver((list) => {
          send(list.getEntries().map((entry) => entry.name));
          if (navigator.serviceWorker.controller) later.disconnect();
        });
        later.observe({ type: 'resource' });
      })
      .catch(() => {
        // No offline copy (private mode, or storage refused): the site works as before.
      });
  };
  // The code starts after the first paint (entry-client.tsx), sometimes after the page's load event.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
