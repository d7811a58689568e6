import './styles/mantine-first-render.css';
import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { SessionProvider } from './lib/auth';
import { themeStorageManager } from './lib/color-scheme';
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
  __codkaEarlyInput?: HTMLInputElement[];
  __codkaHydrated?: boolean;
}

/**
 * React keeps what a controlled field says in a tracker: text typed before hydration is in the field but not in
 * the page's state. Setting the tracker to nothing and the field back to the text, then an input event, makes
 * React see the change and call the field's onChange, as if it had just been typed.
 */
function announceTyped(field: HTMLInputElement) {
  const text = field.value;
  if (!text) return;
  const nativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  field.value = '';
  nativeValue?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Once the page works, what the reader did before it did (public/theme-init.js keeps it): text typed into its
 * search boxes is announced to the page, and the same buttons, which hydration kept, are clicked again in order.
 */
function replayEarlyTaps() {
  const page = window as unknown as EarlyTaps;
  page.__codkaHydrated = true;
  for (const field of page.__codkaEarlyInput?.splice(0) ?? []) if (field.isConnected) announceTyped(field);
  const taps = page.__codkaEarlyTaps?.splice(0) ?? [];
  for (const button of taps) if (button.isConnected && button instanceof HTMLElement) button.click();
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
          <SessionProvider>{children}</SessionProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
