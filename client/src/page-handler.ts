import './lib/zod-csp';
import * as build from 'virtual:react-router/server-build';
import type { HandlePage } from '@shared/page-context';
import { createRequestHandler, RouterContextProvider } from 'react-router';
import { i18n } from './i18n';
import { pageContext } from './page-context';

/**
 * The site's server build (dist/site/server/index.cjs, and Vite's module runner in development): a page request
 * as the server asks for it (server/http/ssr.ts) answered by React Router with the route modules of routes.ts.
 * The router that answers and the routes' own react-router are the same module inside this build.
 */
const handler = createRequestHandler(build, import.meta.env.MODE);

export const handlePage: HandlePage = (request, page) => {
  const context = new RouterContextProvider();
  // Its own instance over the shared store: texts load once per process, each render reads its own language.
  const texts = i18n.cloneInstance({ lng: page.language, initAsync: false });
  context.set(pageContext, { ...page, i18n: texts });
  return handler(request, context);
};
