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
 * Once the page has painted from its HTML and styles: hydration's long tasks never hold the first paint back. A
 * page in a background tab paints nothing, so it does not wait.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(fallback);
      resolve();
    };
    // Should the browser never report the paint, the page still starts.
    const fallback = setTimeout(done, 1000);
    try {
      // The first contentful paint as the browser reports it (buffered: also when it happened already).
      observer = new PerformanceObserver((entries) => {
        if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing: the task after the next frame has been painted.
      requestAnimationFrame(() => setTimeout(done, 0));
    }
  });
}

/**
 * The browser's start: React hydrates the server's document with the routes' code and their loaders' answers,
 * which React Router carries in the page. In a transition React hydrates in slices that yield to the browser
 * (lib/slice.tsx), so no single task holds a phone's main thread for the whole page.
 */
async function start(): Promise<void> {
  await afterFirstPaint();
  // When the code starts, for the browser tests (tests/e2e/page-start.test.ts).
  performance.mark('codka-start');
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
}

void start();
// Offline reload of visited pages; only built sites have the worker (see lib/service-worker.ts).
if (import.meta.env.PROD) registerServiceWorker();
