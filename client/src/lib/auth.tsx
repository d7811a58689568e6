import type { RouterOutputs } from '@server/routers/_app';
import { useMemo, useSyncExternalStore } from 'react';
import { type SessionUser, sessionState, subscribeToSession } from './session';

export type { SessionUser } from './session';
/** A started session, or (for an account with two-factor sign-in) the token to send with the code. */
export type SignInResult = RouterOutputs['auth']['signIn'];

interface AuthState {
  /** True until the first session check has answered. */
  loading: boolean;
  user: SessionUser | null;
  /** The session check never reached the server (offline): who is reading is not known. */
  offline?: boolean;
  /** Recomputed from the user on every session change; false when signed out. */
  isAdmin: boolean;
  signIn(input: { email: string; password: string }): Promise<SignInResult>;
  signInTwoFactor(input: { pendingToken: string; code: string }): Promise<SessionUser>;
  signUp(input: { fullName: string; email: string; password: string }): Promise<SessionUser>;
  signOut(): Promise<void>;
}

/**
 * The data layer (data.tsx), fetched on first use: the first render reads the session from the store
 * (session.ts) and ships without React Query and tRPC (F1). AppProviders starts the fetch right after it.
 */
export const loadDataLayer = () => import('./data');

const actions = {
  signIn: async (input: { email: string; password: string }) => (await loadDataLayer()).signIn(input),
  signInTwoFactor: async (input: { pendingToken: string; code: string }) =>
    (await loadDataLayer()).signInTwoFactor(input),
  signUp: async (input: { fullName: string; email: string; password: string }) =>
    (await loadDataLayer()).signUp(input),
  signOut: async () => (await loadDataLayer()).signOut(),
};

/** Who is signed in and the session's actions, anywhere under the router (no provider needed). */
export function useAuth(): AuthState {
  const session = useSyncExternalStore(subscribeToSession, sessionState);
  return useMemo(() => ({ ...session, isAdmin: session.user?.isAdmin ?? false, ...actions }), [session]);
}
