import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import type { RouterOutputs } from '../../../server/routers/_app';
import { useTRPC } from './trpc';

export type SessionUser = NonNullable<RouterOutputs['auth']['session']['user']>;
/** A started session, or (for an account with two-factor sign-in) the token to send with the code. */
export type SignInResult = RouterOutputs['auth']['signIn'];

interface AuthState {
  /** True until the first session check has answered. */
  loading: boolean;
  user: SessionUser | null;
  /** Recomputed from the user on every session change; false when signed out. */
  isAdmin: boolean;
  signIn(input: { email: string; password: string }): Promise<SignInResult>;
  signInTwoFactor(input: { pendingToken: string; code: string }): Promise<SessionUser>;
  signUp(input: { fullName: string; email: string; password: string }): Promise<SessionUser>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessionKey = trpc.auth.session.queryKey();
  const session = useQuery(trpc.auth.session.queryOptions(undefined, { staleTime: 60_000, retry: 1 }));

  // A new session changes what every other query may return: refetch them all after setting the user.
  const applySession = useCallback(
    async (user: SessionUser | null) => {
      queryClient.setQueryData(sessionKey, { user });
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0]?.toString() !== sessionKey[0]?.toString(),
      });
    },
    [queryClient, sessionKey],
  );

  const signInMutation = useMutation(trpc.auth.signIn.mutationOptions());
  const signInTwoFactorMutation = useMutation(trpc.auth.signInTwoFactor.mutationOptions());
  const signUpMutation = useMutation(trpc.auth.signUp.mutationOptions());
  const signOutMutation = useMutation(trpc.auth.signOut.mutationOptions());

  const user = session.data?.user ?? null;
  const value = useMemo<AuthState>(
    () => ({
      loading: session.isPending,
      user,
      isAdmin: user?.isAdmin ?? false,
      async signIn(input) {
        const result = await signInMutation.mutateAsync(input);
        if ('user' in result) await applySession(result.user);
        return result;
      },
      async signInTwoFactor(input) {
        const result = await signInTwoFactorMutation.mutateAsync(input);
        await applySession(result.user);
        return result.user;
      },
      async signUp(input) {
        const result = await signUpMutation.mutateAsync(input);
        await applySession(result.user);
        return result.user;
      },
      async signOut() {
        await signOutMutation.mutateAsync();
        queryClient.clear();
        queryClient.setQueryData(sessionKey, { user: null });
      },
    }),
    [
      session.isPending,
      user,
      signInMutation,
      signInTwoFactorMutation,
      signUpMutation,
      signOutMutation,
      applySession,
      queryClient,
      sessionKey,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
