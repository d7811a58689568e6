import './lib/zod-csp';
import { Writable } from 'node:stream';
import type { AppRouter } from '@server/routers/_app';
import type { PageHead, RenderPage, RenderRequest, RenderResult } from '@shared/page-render';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import superjson from 'superjson';
import { i18n } from './i18n';
import { PageHeadContext } from './lib/page-meta';
import type { PageHandle } from './lib/route';
import { createApiClient } from './lib/trpc';
import { Root } from './root';
import { createRoutes } from './routes';

/**
 * A public page's HTML on the server, as a visitor sees it (never with one person's data: the browser asks for
 * the signed-in reader's part after hydrating, lib/data.tsx). Built by `vite build --ssr` into
 * dist/ssr/entry-server.cjs and called by server/http/ssr.ts.
 *
 * Renders run one at a time: the texts' language is the i18n instance's (i18n/index.ts), shared by the whole
 * process like in the browser. A render is a few milliseconds of work; its data comes from the database in
 * process, never over HTTP.
 */
const RENDER_TIMEOUT_MS = 5000;

// Never asked: the server's render reads only what the loaders put in the cache.
const trpcClient = createApiClient();

let previous: Promise<unknown> = Promise.resolve();

export const render: RenderPage = (request) => {
  const next = previous.then(() => renderPage(request));
  previous = next.catch(() => undefined);
  return next;
};

function isBrowserOnly(handle: unknown): boolean {
  return (handle as PageHandle | undefined)?.serverRendered === false;
}

async function renderPage({
  url,
  language,
  trpcFor,
  sameForEveryCitizen,
}: RenderRequest): Promise<RenderResult> {
  // A failed query is the browser's to ask again and show: the server never waits on retries.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const trpc = trpcFor(queryClient) as TRPCOptionsProxy<AppRouter>;
  const routes = createRoutes({ trpc, queryClient, waitForData: true });
  const matches = matchRoutes(routes, url);
  if (!matches || matches.some((match) => isBrowserOnly(match.route.handle))) return { kind: 'browser' };

  await i18n.changeLanguage(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://codka.invalid')));
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (location) return { kind: 'redirect', status: context.status, location };
    return { kind: 'browser' };
  }
  // A loader or a lazy route that failed: the browser renders the page itself (and says what went wrong); the
  // server's log gets why, and the HTML never carries the error's text.
  if (context.errors) {
    const reasons = Object.values(context.errors).map((error) => String((error as Error)?.message ?? error));
    throw new Error(`route failed on the server: ${reasons.join('; ')}`);
  }
  const head: PageHead = { title: '', description: '' };
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToHtml(
    <PageHeadContext.Provider value={head}>
      <Root queryClient={queryClient} trpcClient={trpcClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Root>
    </PageHeadContext.Provider>,
  );
  const handles = context.matches.map((match) => match.route.handle as PageHandle | undefined);
  const files = [
    ...new Set(handles.flatMap((handle) => (handle?.file ? [handle.file, ...(handle.styles ?? [])] : []))),
  ];
  const state = JSON.stringify({
    url,
    language,
    router: superjson.serialize({
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: context.errors,
    }),
    queries: superjson.serialize(dehydrate(queryClient)),
    sameForEveryCitizen,
  });
  return {
    kind: 'page',
    // 404 when the page's `notFound` said its address names nothing (lib/route.ts).
    status: context.statusCode,
    html,
    head,
    // Inside <script type="application/json">, "</script>" or "<!--" would end or change the element.
    state: state.replace(/</g, '\\u003c'),
    files,
  };
}

/**
 * The whole tree, lazy parts and texts included: the reader's first view is complete in the HTML, and nothing is
 * sent before it is, so React writes no inline script to finish a part later (the CSP allows none).
 */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const html = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        done();
        if (!failed) resolve(Buffer.concat(chunks).toString('utf8'));
      },
    });
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      clearTimeout(timer);
      stream.abort(error);
      reject(error);
    };
    const stream = renderToPipeableStream(element, {
      // Every part in place, however large: React writes a large part after the rest, with a script to move it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        stream.pipe(html);
      },
      onShellError: fail,
      // An error inside a Suspense boundary would have the browser render that part itself: the cached copy would
      // hold a fallback instead of the page, so the render fails and the browser renders the page instead.
      onError: fail,
    });
    const timer = setTimeout(() => fail(new Error('The page took too long to render')), RENDER_TIMEOUT_MS);
    timer.unref();
  });
}
