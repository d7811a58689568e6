import './styles/mantine-first-render.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { RouterProvider } from 'react-router';
import { NotificationsOnDemand } from './components/NotificationsOnDemand';
import { AuthProvider } from './lib/auth';
import { themeStorageManager } from './lib/color-scheme';
import { createQueryClient } from './lib/query-client';
import { createApiClient, TRPCProvider } from './lib/trpc';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = themeStorageManager();

/**
 * Everything around the router: the theme, toasts, data and session. The browser wraps its router in it
 * (App below); the build's prerender of public pages wraps a static router in the same providers.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createApiClient);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <NotificationsOnDemand />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <AuthProvider>{children}</AuthProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
