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
        // What this first visit loaded before the worker took over, so the next offline reload has it all.
        const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
        registration.active?.postMessage({ type: 'cache-shell', urls: [...urls, window.location.href] });
      })
      .catch(() => {
        // No offline copy (private mode, or storage refused): the site works as before.
      });
  };
  // The code starts after the first paint (entry-client.tsx), sometimes after the page's load event.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
