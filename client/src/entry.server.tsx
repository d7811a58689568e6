import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import {
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router';
import { PageHeadContext } from './lib/page-meta';
import { pageContext } from './page-context';

/** A page that takes longer than this to render is an error, not a page that never answers. */
export const streamTimeout = 5000;

/**
 * A page's HTML on the server (React Router calls this with the matched routes and their loaders' answers), as
 * a visitor sees it: the server never renders one person's data; the browser asks for the signed-in reader's
 * part after hydrating (lib/data.tsx). The whole document, lazy parts and texts included, before the first
 * byte: one copy serves every reader of the page's language for a while (server/http/ssr.ts), and React writes
 * no script to finish a part later.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const { i18n, head } = loadContext.get(pageContext);
  const html = await renderDocument(
    <I18nextProvider i18n={i18n}>
      <PageHeadContext.Provider value={head}>
        <ServerRouter context={routerContext} url={request.url} />
      </PageHeadContext.Provider>
    </I18nextProvider>,
  );
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(html, { status, headers });
}

/** The whole document as a string, once every part of it is ready. */
function renderDocument(element: ReactNode): Promise<string> {
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
        clearTimeout(timer);
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
        stream.pipe(html);
      },
      onShellError: fail,
      // An error inside a Suspense boundary would have the browser render that part itself: the cached copy
      // would hold a fallback instead of the page, so the render fails (server/http/ssr.ts logs why).
      onError: fail,
    });
    const timer = setTimeout(() => fail(new Error('The page took too long to render')), streamTimeout);
    timer.unref();
  });
}

/** A loader or a render that failed on the server: the log says why; the reader gets the site's error page. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(`Page ${new URL(request.url).pathname} failed on the server:`, error);
};
