// Before any module that builds a parser: route modules evaluate before the entry (entry.client.tsx).
import './lib/zod-csp';
import './styles/mantine-first-render.css';
import { MantineProvider } from '@mantine/core';
import { dayKey } from '@shared/months';
import {
  type DehydratedState,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import {
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  Links,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import { SessionProvider } from './lib/auth';
import { themeStorageManager } from './lib/color-scheme';
import { queryClient as browserQueryClient, trpcClient as browserTrpcClient, startSession } from './lib/data';
import { PageHeadTags } from './lib/page-meta';
import { keepPageOffline } from './lib/service-worker';
import { onPageHydrated, Slice } from './lib/slice';
import { subscribeToasts, toastsAreLoaded } from './lib/toasts-gate';
import { createApiClient, TRPCProvider } from './lib/trpc';
import { pageContext } from './page-context';
import { ErrorPage } from './pages/error.page';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = themeStorageManager();

// The toasts' watcher (and Mantine's notification store) arrives once code that can show a toast has loaded
// (lib/toasts-gate.ts): a toast asked for meanwhile waits in the store.
const NotificationsOnDemand = lazy(() =>
  import('./components/NotificationsOnDemand').then((module) => ({ default: module.NotificationsOnDemand })),
);

/** What every page carries from the server (shared/page-context.ts); never one reader's data. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const { language, defaultTheme, origin, sameForEveryCitizen, i18n } = context.get(pageContext);
  await i18n.loadNamespaces(['common', 'errors']);
  const url = new URL(request.url);
  return {
    language,
    defaultTheme,
    origin,
    sameForEveryCitizen,
    // The page's own address, for its link-preview tags and canonical link (lib/page-meta.tsx).
    address: `${url.pathname}${url.search}`,
    // The day in Somalia the page was rendered: the landing page dates its updates from it (shared/content/news.ts).
    today: dayKey(new Date()),
  };
}

/** None of it changes during a visit: a link followed asks the server for nothing. */
export const shouldRevalidate = () => false;

type RootData = Awaited<ReturnType<typeof loader>>;

/** The document around every page: its language, the theme before first paint, React Router's code and data. */
export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  return (
    // The theme script (public/theme-init.js) sets the colour scheme on <html> before React hydrates it.
    <html lang={root?.language ?? 'en'} data-server-lang={root ? '' : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="theme-color" content="#1c6fb5" />
        {/* The admin's default theme for readers who have not chosen one. */}
        <meta name="codka-default-theme" content={root?.defaultTheme ?? 'system'} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Applies the saved theme before first paint; an external file, so the CSP lists no hash for it. */}
        <script src="/theme-init.js" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* Its modules and their preloads at low priority (server/http/page-copy.ts). */}
        <Scripts />
      </body>
    </html>
  );
}

interface EarlyTaps {
  __codkaEarlyTaps?: Element[];
  __codkaHydrated?: boolean;
}

/**
 * Once the page works (every slice hydrated, lib/slice.tsx), the taps made before it (public/theme-init.js keeps
 * them until `__codkaHydrated`): the same buttons, which hydration kept, are clicked again in order. Not sooner:
 * React hydrates a slice at once when a tap reaches it, but a slice whose code is still on its way cannot, and
 * React drops that tap. The browser tests wait for `__codkaHydrated` too.
 */
function startPage() {
  onPageHydrated(() => {
    const page = window as unknown as EarlyTaps;
    page.__codkaHydrated = true;
    const taps = page.__codkaEarlyTaps?.splice(0) ?? [];
    for (const button of taps) if (button.isConnected && button instanceof HTMLElement) button.click();
  });
}

/**
 * The data clients: in the browser the visit's (lib/data.tsx); on the server one request's, whose cache the
 * page's loaders fill (never asked: the server's render reads only what they put in it).
 */
function useDataClients() {
  const [clients] = useState(() =>
    typeof document === 'undefined'
      ? {
          queryClient: new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } }),
          trpcClient: createApiClient(),
        }
      : { queryClient: browserQueryClient, trpcClient: browserTrpcClient },
  );
  return clients;
}

/** The matched routes' first-view queries (lib/page-route.ts), for TanStack Query's cache. */
function useDehydratedQueries(): DehydratedState {
  const matches = useMatches();
  return useMemo(
    () => ({
      mutations: [],
      queries: matches.flatMap(
        (match) =>
          (match.loaderData as { dehydrated?: DehydratedState | null } | undefined)?.dehydrated?.queries ??
          [],
      ),
    }),
    [matches],
  );
}

/** The theme, the data clients (React Query with tRPC) and the toasts, around every page. */
function Providers({ children }: { children: ReactNode }) {
  const { queryClient, trpcClient } = useDataClients();
  // The server renders no toasts: its answer is always false.
  const toasts = useSyncExternalStore(subscribeToasts, toastsAreLoaded, () => false);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {toasts && (
            <Suspense fallback={null}>
              <NotificationsOnDemand />
            </Suspense>
          )}
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

export default function App() {
  const { sameForEveryCitizen } = useLoaderData<typeof loader>();
  const dehydrated = useDehydratedQueries();
  useEffect(startPage, []);
  const { pathname, search } = useLocation();
  const first = useRef(true);
  // A page a link led to is kept for offline reading too (the first page is kept when the worker registers).
  useEffect(() => {
    if (first.current) first.current = false;
    else keepPageOffline(`${pathname}${search}`);
  }, [pathname, search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the session starts once per visit.
  useEffect(() => startSession({ sameForEveryCitizen }), []);
  return useMemo(
    () => (
      <Providers>
        <HydrationBoundary state={dehydrated}>
          {/* What suspends outside a page's own boundaries (texts on their way) waits here. */}
          <Slice>
            <SessionProvider>
              {/* The providers hydrate first, the page in the passes after (lib/slice.tsx). */}
              <Slice>
                <Outlet />
              </Slice>
            </SessionProvider>
          </Slice>
          {/* After the page: its render has set the head by now (on the server; lib/page-meta.tsx). */}
          <PageHeadTags />
        </HydrationBoundary>
      </Providers>
    ),
    [dehydrated],
  );
}

/** The site's error page in the reader's language, for an error no inner route caught; a link home. */
export function ErrorBoundary() {
  return (
    <Providers>
      <Suspense fallback={null}>
        <ErrorPage />
      </Suspense>
    </Providers>
  );
}
