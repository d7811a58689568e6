import './styles/mantine-first-render.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { NotificationsOnDemand } from './components/NotificationsOnDemand';
import { AuthProvider } from './lib/auth';
import { themeStorageManager } from './lib/color-scheme';
import { createQueryClient } from './lib/query-client';
import { createApiClient, TRPCProvider } from './lib/trpc';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = themeStorageManager();

export function App() {
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
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
