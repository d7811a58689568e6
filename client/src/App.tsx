import './styles/mantine-first-render.css';
import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { loadDataLayer } from './lib/auth';
import { themeStorageManager } from './lib/color-scheme';
import { setSessionState } from './lib/session';
import { loadPageRoutes } from './page-routes-loader';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = themeStorageManager();

// The toasts' watcher (and Mantine's notification store) arrives right after the first render: no toast can
// be asked for before it, and one asked for meanwhile waits in the store (F1).
const NotificationsOnDemand = lazy(() =>
  import('./components/NotificationsOnDemand').then((module) => ({ default: module.NotificationsOnDemand })),
);

/**
 * Everything around the router: the theme and toasts.
 *
 * The data layer (React Query, tRPC) is not among them: the landing page paints without it (F1). It loads
 * right after the first render, then checks the session, which the header reads from the session store
 * (lib/session.ts); each lazy page gets the data providers with its code (lib/with-data.tsx).
 */
function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => {
    loadDataLayer().then(
      (data) => data.startSession(),
      // Offline or a failed download: as when the session check fails, the header offers to sign in.
      () => setSessionState({ loading: false, user: null }),
    );
  }, []);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <Suspense fallback={null}>
        <NotificationsOnDemand />
      </Suspense>
      {children}
    </MantineProvider>
  );
}

export function App() {
  // The other pages' routes, before the reader follows a link to one (page-routes-loader.ts).
  useEffect(() => {
    loadPageRoutes().catch(() => undefined);
  }, []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
