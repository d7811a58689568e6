import type { AppRouter } from '@server/routers/_app';
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { currentLanguage } from '../i18n';
import { stepUpLink } from './step-up';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createApiClient() {
  // The server answers its messages (errors, validation) in the language the reader chose.
  const headers = () => ({ 'accept-language': currentLanguage() });
  return createTRPCClient<AppRouter>({
    links: [
      // A mutation refused for a missing step-up waits for the password dialog and is sent again once.
      stepUpLink,
      splitLink({
        // Mutations go one per request: the server refuses a batch that holds a limited one (sign-in, a
        // vote...), so two quick actions batched together would both fail (server/http/trpc-calls.ts).
        condition: (op) => op.type === 'mutation',
        true: httpLink({ url: '/trpc', transformer: superjson, headers }),
        // maxItems matches the server's bound for visitors (server/http/batch-cap.ts): a larger batch is split, not refused.
        false: httpBatchLink({
          url: '/trpc',
          transformer: superjson,
          maxURLLength: 2000,
          maxItems: 10,
          headers,
        }),
      }),
    ],
  });
}
