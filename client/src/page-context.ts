import type { PageContext } from '@shared/page-context';
import type { i18n as I18n } from 'i18next';
import { createContext } from 'react-router';
import type { PageHead } from './lib/page-meta';

/** One page request on the server: what the server gave (shared/page-context.ts) and the request's own texts. */
export interface ServerPageContext extends PageContext {
  /** This request's i18n instance, in its language: renders run side by side, each in its own language. */
  i18n: I18n;
  /** The page's head as its render collects it (lib/page-meta.tsx). */
  head: PageHead;
}

/** Where the routes' server loaders and entry.server.tsx find the request's page context. */
export const pageContext = createContext<ServerPageContext>();
