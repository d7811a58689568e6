import type { AppRouter } from '@server/routers/_app';
import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import { isOffline } from './errors';
import { createQueryClient } from './query-client';
import { type SessionUser, setSessionState } from './session';
import { createApiClient, TRPCProvider } from './trpc';

/**
 * The data layer (React Query, tRPC, superjson): one client for the whole visit, loaded right after the first
 * render and by every page that shows data, never before the landing page paints (F1). Importing it has no
 * side effect (unit tests import it in Node); the browser starts the session with startSession.
 */
export const queryClient = createQueryClient();
export const trpcClient = createApiClient();
const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** Pages and their components reach the shared clients through these providers (useTRPC, useQuery). */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

const sessionOptions = trpc.auth.session.queryOptions(undefined, { staleTime: 60_000, retry: 1 });
const sessionKey = sessionOptions.queryKey;
const observeSession = () => new QueryObserver(queryClient, sessionOptions);
let sessionObserver: ReturnType<typeof observeSession> | null = null;

/**
 * Once, in the browser: checks the session and keeps the session store (session.ts) in step with the
 * session query, whoever changes it (sign in here, a page invalidating it after a password reset).
 */
export function startSession(): void {
  if (sessionObserver) return;
  // The client stays mounted for the whole visit, as its provider used to be: refetches on reconnect.
  queryClient.mount();
  sessionObserver = observeSession();
  sessionObserver.subscribe((result) => {
    const state = { loading: result.isPending, user: result.data?.user ?? null };
    // Offline, who is reading is not known: pages that are someone's own say so (the elections hub).
    const offline = result.data === undefined && result.isError && isOffline(result.error);
    setSessionState(offline ? { ...state, offline } : state);
  });
}

/** A new session changes what every other query may return: refetch them all after setting the user. */
async function applySession(user: SessionUser | null): Promise<void> {
  queryClient.setQueryData(sessionKey, { user });
  await queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0]?.toString() !== sessionKey[0]?.toString(),
  });
}

export async function signIn(input: { email: string; password: string }) {
  const result = await trpcClient.auth.signIn.mutate(input);
  if ('user' in result) await applySession(result.user);
  return result;
}

export async function signInTwoFactor(input: { pendingToken: string; code: string }): Promise<SessionUser> {
  const result = await trpcClient.auth.signInTwoFactor.mutate(input);
  await applySession(result.user);
  return result.user;
}

export async function signUp(input: { fullName: string; email: string; password: string }) {
  const result = await trpcClient.auth.signUp.mutate(input);
  await applySession(result.user);
  return result.user;
}

/** Nothing of the previous user's data survives signing out. */
export async function signOut(): Promise<void> {
  await trpcClient.auth.signOut.mutate();
  queryClient.clear();
  queryClient.setQueryData(sessionKey, { user: null });
  // clear() dropped the query the observer watched: point it at the new one, which holds the signed-out state.
  sessionObserver?.setOptions(sessionOptions);
  setSessionState({ loading: false, user: null });
}
