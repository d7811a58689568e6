import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../../server/routers/_app';
import { currentLanguage } from '../i18n';
import { stepUpLink } from './step-up';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createApiClient() {
  return createTRPCClient<AppRouter>({
    // maxItems matches the server's maxBatchSize (server/app.ts): a larger batch is split, not refused.
    links: [
      // A mutation refused for a missing step-up waits for the password dialog and is sent again once.
      stepUpLink,
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        maxURLLength: 2000,
        maxItems: 100,
        // The server answers its messages (errors, validation) in the language the reader chose.
        headers: () => ({ 'accept-language': currentLanguage() }),
      }),
    ],
  });
}
