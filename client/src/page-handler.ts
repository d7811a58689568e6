import './lib/zod-csp';
import { AsyncLocalStorage } from 'node:async_hooks';
import * as build from 'virtual:react-router/server-build';
import type { HandlePage, PageContext } from '@shared/page-context';
import { createRequestHandler, RouterContextProvider } from 'react-router';
import { i18n, setActiveI18n } from './i18n';
import { headChangedLate, newPageHead } from './lib/page-meta';
import { pageContext } from './page-context';

/**
 * The site's server build (dist/site/server/index.cjs, and Vite's module runner in development): a page request
 * as the server asks for it (server/http/ssr.ts) answered by React Router with the route modules of routes.ts.
 * The router that answers and the routes' own react-router are the same module inside this build.
 */
const handler = createRequestHandler(build, import.meta.env.MODE);

/** The request's texts, for code that formats outside a component (i18n/index.ts activeI18n). */
const requestTexts = new AsyncLocalStorage<typeof i18n>();
setActiveI18n(() => requestTexts.getStore() ?? i18n);

function handleOnce(request: Request, page: PageContext) {
  const context = new RouterContextProvider();
  const head = newPageHead();
  // Its own instance over the shared store: texts load once per process, each render reads its own language.
  const texts = i18n.cloneInstance({ lng: page.language, initAsync: false });
  context.set(pageContext, { ...page, i18n: texts, head });
  return { head, response: requestTexts.run(texts, () => handler(request, context)) };
}

/**
 * Renders run one at a time: the server's render budget (server/http/ssr.ts) counts each one's work from its start
 * or the previous one's end, which holds only if they do not interleave. Each still has its own texts.
 */
let previous: Promise<unknown> = Promise.resolve();

export const handlePage: HandlePage = (request, page) => {
  const next = previous.then(() => handleWithHead(request, page));
  previous = next.catch(() => undefined);
  return next;
};

async function handleWithHead(request: Request, page: PageContext): Promise<Response> {
  const first = handleOnce(request.clone(), page);
  const response = await first.response;
  // A part whose code arrived during the render (React.lazy, the first time in this process) set the page's
  // title after it had been written: once more, with that code at hand.
  if (!headChangedLate(first.head)) return response;
  await response.body?.cancel();
  return handleOnce(request, page).response;
}
