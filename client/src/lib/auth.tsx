import type { RouterOutputs } from '@server/routers/_app';
import { useMemo, useSyncExternalStore } from 'react';
import { signIn, signInTwoFactor, signOut, signUp } from './data';
import { type SessionUser, serverSessionState, sessionState, subscribeToSession } from './session';

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

const actions = { signIn, signInTwoFactor, signUp, signOut };

/** Who is signed in and the session's actions, anywhere under the router (no provider needed). */
export function useAuth(): AuthState {
  const session = useSyncExternalStore(subscribeToSession, sessionState, serverSessionState);
  return useMemo(() => ({ ...session, isAdmin: session.user?.isAdmin ?? false, ...actions }), [session]);
}
