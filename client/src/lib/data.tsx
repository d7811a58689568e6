import type { AppRouter } from '@server/routers/_app';
import type { SignInInput, SignUpInput } from '@shared/schemas/auth';
import { notifyManager, QueryObserver } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { isOffline } from './errors';
import { createQueryClient } from './query-client';
import { type SessionUser, setSessionState, startingFromServerHtml } from './session';
import { createApiClient } from './trpc';

/**
 * The browser's data clients (React Query, tRPC, superjson): one for the whole visit, given to the app by Root
 * (root.tsx) and to the routes' loaders (lib/page-route.ts). Importing it has no side effect (unit tests and the
 * server's render import it in Node); the browser starts the session with startSession.
 */
export const queryClient = createQueryClient();
export const trpcClient = createApiClient();
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

const sessionOptions = trpc.auth.session.queryOptions(undefined, { staleTime: 60_000, retry: 1 });
const sessionKey = sessionOptions.queryKey;
const observeSession = () => new QueryObserver(queryClient, sessionOptions);
let sessionObserver: ReturnType<typeof observeSession> | null = null;

/**
 * Once, in the browser: checks the session and keeps the session store (session.ts) in step with the
 * session query, whoever changes it (sign in here, a page invalidating it after a password reset).
 */
export function startSession({
  serverRendered = startingFromServerHtml(),
  sameForEveryCitizen = [],
}: {
  serverRendered?: boolean;
  /** From the root's loader (shared/page-context.ts): answers a citizen keeps from the server's page. */
  sameForEveryCitizen?: string[];
} = {}): void {
  if (sessionObserver) return;
  // Mounted for the whole visit, before React renders and whatever the provider does (mounts are counted): the
  // session query refetches on reconnect.
  queryClient.mount();
  sessionObserver = observeSession();
  // The server renders every page as a visitor sees it (never with one person's data): a signed-in reader's
  // queries are asked again with their session once it is known (results they may see, "you voted").
  let visitorData = serverRendered;
  sessionObserver.subscribe((result) => {
    if (visitorData && result.isSuccess) {
      visitorData = false;
      const { user } = result.data;
      if (user) {
        // A System Admin's answers differ (drafts, every result): all asked again. The reader is named to the
        // page only once their own answers are in, so a page never shows them the visitor's data as theirs (a
        // ballot they already used) between the two: after the query cache has told the pages those answers (its
        // notifications are queued, notifyManager), so no component renders the reader with the visitor's data.
        const named = { loading: false, user };
        void refetchAsReader(user.isAdmin ? [] : sameForEveryCitizen).finally(() =>
          notifyManager.schedule(() => setSessionState(named)),
        );
        return;
      }
    }
    const state = { loading: result.isPending, user: result.data?.user ?? null };
    // Offline, who is reading is not known: pages that are someone's own say so (the elections hub).
    const offline = result.data === undefined && result.isError && isOffline(result.error);
    setSessionState(offline ? { ...state, offline } : state);
  });
}

/** The procedure a tRPC query key names, as the server spells it ('polls.current'). */
const procedureOf = (key: readonly unknown[]) => (Array.isArray(key[0]) ? key[0].join('.') : '');

/** Every query but the session's and the given procedures' is asked again, with the reader's session. */
function refetchAsReader(keep: string[] = []): Promise<void> {
  const kept = new Set([procedureOf(sessionKey), ...keep]);
  return queryClient.invalidateQueries({ predicate: (query) => !kept.has(procedureOf(query.queryKey)) });
}

/** A new session changes what every other query may return: refetch them all after setting the user. */
async function applySession(user: SessionUser | null): Promise<void> {
  queryClient.setQueryData(sessionKey, { user });
  await refetchAsReader();
}

export async function signIn(input: SignInInput) {
  const result = await trpcClient.auth.signIn.mutate(input);
  if ('user' in result) await applySession(result.user);
  return result;
}

export async function signInTwoFactor(input: { pendingToken: string; code: string }): Promise<SessionUser> {
  const result = await trpcClient.auth.signInTwoFactor.mutate(input);
  await applySession(result.user);
  return result.user;
}

/**
 * Starts no session: the answer is the same whether or not the address or number had an account (decision 016).
 */
export async function signUp(input: SignUpInput) {
  return trpcClient.auth.signUp.mutate(input);
}

/** Nothing of the previous user's data survives signing out. */
export async function signOut(): Promise<void> {
  await trpcClient.auth.signOut.mutate();
  forgetSignedInUser();
}

/** Ends every session of the account, this one included (auth.signOutEverywhere); then as signOut. */
export async function signOutEverywhere(): Promise<void> {
  await trpcClient.auth.signOutEverywhere.mutate();
  forgetSignedInUser();
}

function forgetSignedInUser(): void {
  queryClient.clear();
  queryClient.setQueryData(sessionKey, { user: null });
  // clear() dropped the query the observer watched: point it at the new one, which holds the signed-out state.
  sessionObserver?.setOptions(sessionOptions);
  setSessionState({ loading: false, user: null });
}
