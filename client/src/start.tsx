import './lib/zod-csp';
import './i18n';
import { PAGE_STATE_ID, type PageState } from '@shared/page-render';
import { hydrate } from '@tanstack/react-query';
import { type ErrorInfo, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import superjson from 'superjson';
import { queryClient, startSession, trpc, trpcClient } from './lib/data';
import { nextTask } from './lib/next-task';
import { fetchPageTableOnIntent } from './lib/route';
import { registerServiceWorker } from './lib/service-worker';
import { markStartingFromServerHtml } from './lib/session';
import { Root } from './root';
import { createRoutes } from './routes';

/**
 * The browser's start, loaded by entry-client.tsx once the page has painted. A page the server rendered (entry-server.tsx) carries its first view's data in a JSON
 * block: the queries go into React Query's cache, the matched routes' code is loaded, and React hydrates the
 * server's markup instead of replacing it, so nothing is fetched twice and the page never blanks. Other pages
 * (the admin console, the account) arrive as the empty shell and render here.
 */
function pageState(): PageState | null {
  const block = document.getElementById(PAGE_STATE_ID);
  if (!block?.textContent) return null;
  try {
    const state = JSON.parse(block.textContent) as PageState;
    // The offline worker may answer another page's HTML for this address: that markup is not this page's.
    return state.url === window.location.pathname + window.location.search ? state : null;
  } catch {
    return null;
  }
}

/** Routes matched by this address load their code before the first render, as the server's did. */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

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

async function start(container: HTMLElement) {
  const state = pageState();
  const routes = createRoutes({ trpc, queryClient, waitForData: false });
  if (state) {
    markStartingFromServerHtml();
    hydrate(queryClient, superjson.deserialize(state.queries as never));
    await loadMatchedRoutes(routes);
    // From here each step of a server-rendered page's start is a task of its own (below).
    await nextTask();
  }
  const router = createBrowserRouter(routes, {
    hydrationData: state ? superjson.deserialize(state.router as never) : undefined,
  });
  const app = (
    <StrictMode>
      <Root queryClient={queryClient} trpcClient={trpcClient}>
        <RouterProvider router={router} />
      </Root>
    </StrictMode>
  );
  if (state && container.firstChild) {
    // Each step in a task of its own, so none holds a phone's main thread long (total blocking time) and a tap
    // in between is answered: the page's code, the router, then hydration. In a transition React hydrates in
    // slices that yield to the browser (lib/slice.tsx); the session starts in the task after.
    // (No Intl date or number formats: their first use loads ICU's locale data, about 60 ms at Lighthouse's
    // slowdown; dates and numbers are written by hand, shared/calendar.ts and i18n/numbers.ts.)
    await nextTask();
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: reportHydrationError });
    });
    await nextTask();
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
  startSession({ sameForEveryCitizen: state?.sameForEveryCitizen });
  fetchPageTableOnIntent();
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
void start(container);

// Offline reload of visited pages; only built sites have the worker (see lib/service-worker.ts).
if (import.meta.env.PROD) registerServiceWorker();
