import './styles/mantine-first-render.css';
import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { SessionProvider } from './lib/auth';
import { themeStorageManager } from './lib/color-scheme';
import { HydrateLater, partsHydrated } from './lib/hydrate-later';
import { subscribeToasts, toastsAreLoaded } from './lib/toasts-gate';
import { type createApiClient, TRPCProvider } from './lib/trpc';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = themeStorageManager();

// The toasts' watcher (and Mantine's notification store) arrives once code that can show a toast has loaded
// (lib/toasts-gate.ts): a toast asked for meanwhile waits in the store.
const NotificationsOnDemand = lazy(() =>
  import('./components/NotificationsOnDemand').then((module) => ({ default: module.NotificationsOnDemand })),
);

interface EarlyTaps {
  __codkaEarlyTaps?: Element[];
  __codkaHydrated?: boolean;
}

/**
 * Once the page works, the taps made before it did (public/theme-init.js keeps them): the same buttons, which
 * hydration kept, are clicked again in order.
 */
function replayEarlyTaps() {
  const page = window as unknown as EarlyTaps;
  // The root's first commit can come before the parts inside Suspense boundaries are hydrated: the browser's
  // first idle moment after it is when React has no hydration work left. Taps until then are kept too.
  const replay = () => {
    page.__codkaHydrated = true;
    const taps = page.__codkaEarlyTaps?.splice(0) ?? [];
    for (const button of taps) if (button.isConnected && button instanceof HTMLElement) button.click();
  };
  // The parts that hydrate in tasks of their own and the lazy parts whose code comes later (lib/hydrate-later.ts)
  // first: a tap on one kept until then.
  void partsHydrated().then(() => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(replay, { timeout: 2000 });
    else window.setTimeout(replay, 200);
  });
}

interface RootProps {
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof createApiClient>;
  children: ReactNode;
}

/**
 * Everything around the router, the same on the server (entry-server.tsx) and in the browser
 * (entry-client.tsx), so the browser's first render matches the server's HTML: the theme, the data clients
 * (React Query with tRPC) and the toasts.
 */
export function Root({ queryClient, trpcClient, children }: RootProps) {
  useEffect(replayEarlyTaps, []);
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
          {/*
            What suspends outside a page's own boundaries (texts on their way) waits here: React kept the page
            as it was meanwhile; Preact needs a boundary to do so (decision 015).
          */}
          <Suspense fallback={null}>
            <SessionProvider>
              {/* The providers hydrate first, the page in the tasks after (lib/hydrate-later.ts). */}
              <HydrateLater>{children}</HydrateLater>
            </SessionProvider>
          </Suspense>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
