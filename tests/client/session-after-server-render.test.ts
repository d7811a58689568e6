import { type QueryKey, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A server-rendered page carries its data as a visitor sees it (the server never renders anyone's data). Once
 * the browser's session check answers, a signed-in reader's queries are asked again with their session (results
 * they may see, "you voted"); a visitor's are not asked again: the HTML's data is theirs.
 * A fake /trpc answers like the server (tRPC batch answers, superjson) and records what was asked.
 */
let signedIn: { id: string; fullName: string; email: string; isAdmin: boolean } | null = null;
let asked: string[] = [];

async function fakeTrpc(input: string | URL | Request): Promise<Response> {
  const url = new URL(String(input), 'http://codka.test');
  const procedures = url.pathname.slice('/trpc/'.length).split(',');
  asked.push(...procedures);
  const answer = (procedure: string) =>
    procedure === 'auth.session' ? { user: signedIn } : { asSeenBy: signedIn?.fullName ?? 'a visitor' };
  const body = procedures.map((procedure) => ({ result: { data: { json: answer(procedure) } } }));
  return new Response(JSON.stringify(url.searchParams.get('batch') === '1' ? body : body[0]), {
    headers: { 'content-type': 'application/json' },
  });
}

/** A fresh data layer (a new page load) with the server's answer for the current poll already in its cache. */
async function pageLoadedFromServerHtml() {
  vi.resetModules();
  const data = await import('@client/lib/data');
  const session = await import('@client/lib/session');
  // Typed loosely: the fake server's answers are not the procedure's shape, only marks of who asked.
  const pollKey: QueryKey = data.trpc.polls.current.queryKey();
  // As hydration of the server's data leaves it: fresh data the page renders without asking.
  data.queryClient.setQueryData(pollKey, { asSeenBy: 'a visitor' });
  return { data, session, pollKey };
}

/** The page shows the poll: an observer, as its useQuery is, that does not ask for fresh data. */
function showPoll(data: Awaited<ReturnType<typeof pageLoadedFromServerHtml>>['data']): () => void {
  const page = new QueryObserver(data.queryClient, {
    ...data.trpc.polls.current.queryOptions(),
    staleTime: 30_000,
  });
  return page.subscribe(() => {});
}

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', vi.fn(fakeTrpc));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session check after a server-rendered page', () => {
  it('asks a signed-in reader’s queries again, with their session', async () => {
    signedIn = { id: 'u1', fullName: 'Asha Ali', email: 'asha@example.so', isAdmin: false };
    const { data, session, pollKey } = await pageLoadedFromServerHtml();
    const stop = showPoll(data);
    expect(asked).toEqual([]);
    data.startSession({ serverRendered: true });
    await vi.waitFor(() => expect(session.sessionState().user?.fullName).toBe('Asha Ali'));
    await vi.waitFor(() => expect(data.queryClient.getQueryData(pollKey)).toEqual({ asSeenBy: 'Asha Ali' }));
    expect(asked).toEqual(['auth.session', 'polls.current']);
    stop();
  });

  it('keeps, for a citizen, the answers that are the same for every citizen (the page says which)', async () => {
    signedIn = { id: 'u1', fullName: 'Asha Ali', email: 'asha@example.so', isAdmin: false };
    const { data, session, pollKey } = await pageLoadedFromServerHtml();
    const stop = showPoll(data);
    data.startSession({ serverRendered: true, sameForEveryCitizen: ['polls.current'] });
    await vi.waitFor(() => expect(session.sessionState().user?.fullName).toBe('Asha Ali'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(data.queryClient.getQueryData(pollKey)).toEqual({ asSeenBy: 'a visitor' });
    expect(asked).toEqual(['auth.session']);
    stop();
  });

  it('asks a System Admin’s queries again all the same: drafts and every result are theirs to see', async () => {
    signedIn = { id: 'a1', fullName: 'Admin Person', email: 'admin@example.so', isAdmin: true };
    const { data, session, pollKey } = await pageLoadedFromServerHtml();
    const stop = showPoll(data);
    data.startSession({ serverRendered: true, sameForEveryCitizen: ['polls.current'] });
    await vi.waitFor(() =>
      expect(data.queryClient.getQueryData(pollKey)).toEqual({ asSeenBy: 'Admin Person' }),
    );
    expect(session.sessionState().user?.isAdmin).toBe(true);
    expect(asked).toEqual(['auth.session', 'polls.current']);
    stop();
  });

  it('asks a visitor nothing but the session: the HTML’s data is already theirs', async () => {
    signedIn = null;
    const { data, session, pollKey } = await pageLoadedFromServerHtml();
    data.startSession({ serverRendered: true });
    await vi.waitFor(() => expect(session.sessionState().loading).toBe(false));
    expect(session.sessionState().user).toBeNull();
    expect(data.queryClient.getQueryState(pollKey)?.isInvalidated).toBe(false);
    expect(data.queryClient.getQueryData(pollKey)).toEqual({ asSeenBy: 'a visitor' });
    expect(asked).toEqual(['auth.session']);
  });

  it('keeps a page the browser rendered itself as it is: its queries were asked with the session already', async () => {
    signedIn = { id: 'u1', fullName: 'Asha Ali', email: 'asha@example.so', isAdmin: false };
    const { data, session, pollKey } = await pageLoadedFromServerHtml();
    data.startSession({ serverRendered: false });
    await vi.waitFor(() => expect(session.sessionState().user?.fullName).toBe('Asha Ali'));
    expect(data.queryClient.getQueryState(pollKey)?.isInvalidated).toBe(false);
    expect(asked).toEqual(['auth.session']);
  });
});
