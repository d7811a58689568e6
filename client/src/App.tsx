import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from './lib/auth';
import { themeStorageManager } from './lib/color-scheme';
import { createQueryClient } from './lib/query-client';
import { createApiClient, TRPCProvider } from './lib/trpc';
import { router } from './router';
import { theme } from './theme';

const colorSchemeManager = themeStorageManager();

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createApiClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      {/* One notification system for the whole site (SPEC §9: 5 s each). */}
      <Notifications position="top-right" autoClose={5000} limit={3} />
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
