import { type SessionState, sessionState, subscribeToSession } from '@client/lib/session';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The session store (lib/session.ts) the header reads, fed by the data layer (lib/data.tsx) once the browser has
 * started it (root.tsx): the session check, sign in and sign out, against a fake /trpc that answers like
 * the server (tRPC batch answers, superjson) and records what was asked. After a server-rendered page:
 * session-after-server-render.test.ts.
 */
const CITIZEN = { id: 'u1', fullName: 'Asha Ali', email: 'asha@example.so', isAdmin: false };
const ADMIN = { ...CITIZEN, id: 'u2', isAdmin: true };

let signedIn: typeof CITIZEN | null = null;
const asked: string[] = [];

function answer(procedure: string): unknown {
  switch (procedure) {
    case 'auth.session':
      return { user: signedIn };
    case 'auth.signIn':
      signedIn = ADMIN;
      return { user: ADMIN };
    case 'auth.signOut':
      signedIn = null;
      return { ok: true };
    default:
      return [];
  }
}

async function fakeTrpc(input: string | URL | Request): Promise<Response> {
  const url = String(input);
  const path = new URL(url, 'http://codka.test').pathname;
  const procedures = path.slice('/trpc/'.length).split(',');
  asked.push(...procedures);
  const body = procedures.map((procedure) => ({ result: { data: { json: answer(procedure) } } }));
  // Mutations come one per request, not batched (client/src/lib/trpc.ts): the answer is the call's own.
  const batched = new URL(url, 'http://codka.test').searchParams.get('batch') === '1';
  return new Response(JSON.stringify(batched ? body : body[0]), {
    headers: { 'content-type': 'application/json' },
  });
}

/** Resolves once the store holds a state the predicate accepts. */
function sessionWhere(predicate: (state: SessionState) => boolean): Promise<SessionState> {
  return new Promise((resolve) => {
    if (predicate(sessionState())) return resolve(sessionState());
    const stop = subscribeToSession(() => {
      if (!predicate(sessionState())) return;
      stop();
      resolve(sessionState());
    });
  });
}

beforeAll(() => {
  vi.stubGlobal('fetch', vi.fn(fakeTrpc));
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe('session store and data layer', () => {
  it('is checking until the data layer has loaded and asked the server', async () => {
    expect(sessionState()).toEqual({ loading: true, user: null });
    signedIn = CITIZEN;
    const data = await import('@client/lib/data');
    // Importing the data layer asks nothing (the server's render imports it too); the browser starts it.
    expect(asked).toEqual([]);
    data.startSession();
    expect(await sessionWhere((state) => !state.loading)).toEqual({ loading: false, user: CITIZEN });
  });

  it('refetches the other queries after signing in, and forgets them all on sign out', async () => {
    const data = await import('@client/lib/data');
    const electionsKey = [['elections', 'active'], { type: 'query' }];
    data.queryClient.setQueryData(electionsKey, ['an election only a citizen sees']);
    await data.queryClient.fetchQuery({ queryKey: ['other'], queryFn: () => 'kept until sign out' });

    const result = await data.signIn({ email: ADMIN.email, password: 'secret' });
    expect(result).toEqual({ user: ADMIN });
    expect(sessionState()).toEqual({ loading: false, user: ADMIN });
    expect(data.queryClient.getQueryState(['other'])?.isInvalidated).toBe(true);

    await data.signOut();
    expect(sessionState()).toEqual({ loading: false, user: null });
    expect(data.queryClient.getQueryData(electionsKey)).toBeUndefined();
    expect(data.queryClient.getQueryData(['other'])).toBeUndefined();

    // After the cache was cleared the store still follows the session query: a page that invalidates it
    // (verify-email, reset-password) updates the header.
    signedIn = CITIZEN;
    await data.queryClient.invalidateQueries({ queryKey: [['auth', 'session']] });
    expect(await sessionWhere((state) => state.user !== null)).toEqual({ loading: false, user: CITIZEN });
  });
});
