// Before anything that may build a parser.
import './lib/zod-csp';
import './i18n';
import { type ErrorInfo, StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { registerServiceWorker } from './lib/service-worker';
import { markStartingFromServerHtml } from './lib/session';

interface HydrationErrors {
  __codkaRecoverableErrors?: string[];
}

/**
 * A part of the server's HTML that React could not hydrate (it rendered that part again in the browser): a bug
 * between the server's render and the browser's. Kept on the window for the browser tests, which fail on any.
 */
function reportHydrationError(error: unknown, info: ErrorInfo): void {
  const page = window as unknown as HydrationErrors;
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const text = `${error instanceof Error ? error.message : String(error)}${cause}${info.componentStack ?? ''}`;
  page.__codkaRecoverableErrors ??= [];
  page.__codkaRecoverableErrors.push(text);
  console.error('Hydration error:', text);
}

/**
 * The browser's start: React hydrates the server's document with the routes' code and their loaders' answers,
 * which React Router carries in the page. In a transition React hydrates in slices that yield to the browser
 * (lib/slice.tsx), so no single task holds a phone's main thread for the whole page.
 */
markStartingFromServerHtml();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    { onRecoverableError: reportHydrationError },
  );
});
// Offline reload of visited pages; only built sites have the worker (see lib/service-worker.ts).
if (import.meta.env.PROD) registerServiceWorker();
