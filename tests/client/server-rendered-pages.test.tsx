import { SessionProvider } from '@client/lib/auth';
import { useNow } from '@client/lib/clock';
import { withFollowUps } from '@client/lib/follow-up';
import { useReaderOf } from '@client/lib/reader-view';
import { type SessionUser, setSessionState } from '@client/lib/session';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The helpers the election and poll pages use to render on the server and hydrate in the browser
 * (lib/clock.ts, lib/follow-up.ts, lib/reader-view.ts).
 */

const RENDERED_AT = Date.UTC(2026, 10, 20, 9, 30, 15);

function Clock({ renderedAt }: { renderedAt: number }) {
  return <time>{useNow(renderedAt, 1000).toISOString()}</time>;
}

describe('useNow', () => {
  it('renders the moment the data was read on the server, hydrates with it, then shows the browser’s clock', async () => {
    const html = renderToString(<Clock renderedAt={RENDERED_AT} />);
    expect(html).toContain(new Date(RENDERED_AT).toISOString());

    const container = document.createElement('div');
    container.innerHTML = html;
    const mismatches = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Clock renderedAt={RENDERED_AT} />, { onRecoverableError: mismatches });
    });
    expect(mismatches).not.toHaveBeenCalled();
    const shown = Date.parse(container.textContent ?? '');
    // The browser's own clock (in whole seconds) once hydrated, not the server's moment.
    expect(Math.abs(shown - Date.now())).toBeLessThan(2000);
    // Its clock ticks every second: stopped before the file's window goes.
    act(() => root?.unmount());
  });

  it('uses the browser’s clock at once where nothing is hydrated (a page reached by a link)', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Clock renderedAt={RENDERED_AT} />));
    expect(Math.abs(Date.parse(container.textContent ?? '') - Date.now())).toBeLessThan(2000);
    // Inside act: React's last work runs now, not on a timer after the file's window has gone.
    act(() => root.unmount());
  });
});

describe('withFollowUps', () => {
  const poll = (resultsVisible: boolean) => ({
    queryKey: ['poll'],
    queryFn: async () => ({ id: 'p1', resultsVisible }),
  });
  const results = { queryKey: ['results', 'p1'], queryFn: async () => ({ total: 3 }) };

  it('loads the queries the first answer calls for before the first one counts as loaded', async () => {
    const client = new QueryClient();
    await client.prefetchQuery(
      withFollowUps(poll(true), (answer) => (answer.resultsVisible ? [results] : [])),
    );
    expect(client.getQueryData(['poll'])).toEqual({ id: 'p1', resultsVisible: true });
    expect(client.getQueryData(['results', 'p1'])).toEqual({ total: 3 });
  });

  it('loads nothing more when the answer calls for nothing (results a visitor may not see)', async () => {
    const client = new QueryClient();
    await client.prefetchQuery(
      withFollowUps(poll(false), (answer) => (answer.resultsVisible ? [results] : [])),
    );
    expect(client.getQueryData(['poll'])).toEqual({ id: 'p1', resultsVisible: false });
    expect(client.getQueryState(['results', 'p1'])).toBeUndefined();
  });
});

describe('useReaderOf', () => {
  const citizen = { id: 'u1', email: 'c@example.so', fullName: 'Ceebla', isAdmin: false } as SessionUser;
  // The hooks' roots unmounted first (vitest has no globals for the library to do it), then the session reset:
  // a reset reaching a mounted root would render it after the file's window has gone.
  afterEach(() => {
    cleanup();
    setSessionState({ loading: true, user: null });
  });

  it('keeps a signed-in reader on the visitor’s view while their own answer is being asked', () => {
    setSessionState({ loading: false, user: citizen });
    const asking = renderHook(() => useReaderOf({ isFetching: true, isFetchedAfterMount: false }), {
      wrapper: SessionProvider,
    });
    expect(asking.result.current).toMatchObject({ loading: true, user: null, isAdmin: false });
    const answered = renderHook(() => useReaderOf({ isFetching: false, isFetchedAfterMount: true }), {
      wrapper: SessionProvider,
    });
    expect(answered.result.current).toMatchObject({ loading: false, user: citizen });
  });

  it('shows a visitor their view as soon as the session says so', () => {
    setSessionState({ loading: false, user: null });
    const visitor = renderHook(() => useReaderOf({ isFetching: true, isFetchedAfterMount: false }), {
      wrapper: SessionProvider,
    });
    expect(visitor.result.current).toMatchObject({ loading: false, user: null });
  });
});
