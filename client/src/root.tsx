import './styles/mantine-first-render.css';
import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { SessionProvider } from './lib/auth';
import { themeStorageManager } from './lib/color-scheme';
import { onPageHydrated, Slice } from './lib/slice';
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
  useEffect(startPage, []);
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
          {/* What suspends outside a page's own boundaries (texts on their way) waits here. */}
          <Slice>
            <SessionProvider>
              {/* The providers hydrate first, the page in the passes after (lib/slice.tsx). */}
              <Slice>{children}</Slice>
            </SessionProvider>
          </Slice>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
