import type { RouterOutputs } from '@server/routers/_app';
import type { SignInInput, SignUpInput } from '@shared/schemas/auth';
import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { signIn, signInTwoFactor, signOut, signUp } from './data';
import {
  type SessionState,
  type SessionUser,
  serverSessionState,
  sessionState,
  startingFromServerHtml,
  subscribeToSession,
} from './session';

export type { SessionUser } from './session';
/** A started session, or (for an account with two-factor sign-in) the token to send with the code. */
export type SignInResult = RouterOutputs['auth']['signIn'];
/** The same for every address or number: no session, a next step by e-mail or SMS. */
export type SignUpResult = RouterOutputs['auth']['signUp'];

interface AuthState {
  /** True until the first session check has answered. */
  loading: boolean;
  user: SessionUser | null;
  /** The session check never reached the server (offline): who is reading is not known. */
  offline?: boolean;
  /** Recomputed from the user on every session change; false when signed out. */
  isAdmin: boolean;
  signIn(input: SignInInput): Promise<SignInResult>;
  signInTwoFactor(input: { pendingToken: string; code: string }): Promise<SessionUser>;
  signUp(input: SignUpInput): Promise<SignUpResult>;
  signOut(): Promise<void>;
}

const actions = { signIn, signInTwoFactor, signUp, signOut };

const SessionContext = createContext<SessionState>(serverSessionState());

/**
 * The session store (session.ts) for the components under it (root.tsx). A change reaches them as a transition:
 * a part of a server-rendered page whose code is still downloading (a lazy section) then keeps its server HTML
 * and hydrates when its code arrives, where an urgent update (useSyncExternalStore's are always urgent) would
 * make React drop that HTML and render the part again from nothing: a flash of missing content.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // Hydration starts from what the server rendered (it never knows who reads).
  const [session, setSession] = useState(() =>
    startingFromServerHtml() ? serverSessionState() : sessionState(),
  );
  useEffect(() => {
    // Gently only until the first answer of the session check: later changes (signing in, then following a link
    // to a page that asks who reads) must reach every page in the same render as the navigation.
    let gentle = startingFromServerHtml();
    const update = () => {
      const next = sessionState();
      if (!gentle) return setSession(next);
      if (!next.loading) gentle = false;
      startTransition(() => setSession(next));
    };
    update();
    return subscribeToSession(update);
  }, []);
  return <SessionContext value={session}>{children}</SessionContext>;
}

/** Who is signed in and the session's actions, anywhere under the root (SessionProvider). */
export function useAuth(): AuthState {
  const session = useContext(SessionContext);
  return useMemo(() => ({ ...session, isAdmin: session.user?.isAdmin ?? false, ...actions }), [session]);
}
