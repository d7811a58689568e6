import type { RouterOutputs } from '@server/routers/_app';

export type SessionUser = NonNullable<RouterOutputs['auth']['session']['user']>;

export interface SessionState {
  /** True until the first session check has answered. */
  loading: boolean;
  user: SessionUser | null;
  /** The last session check never reached the server (offline): who is reading is not known. */
  offline?: boolean;
}

/**
 * Who is signed in, outside React Query: the header, the drawer and the landing page read it in the first
 * render, which ships without the data layer. The data layer (data.tsx) writes it once it has loaded
 * and after every session change.
 */
const CHECKING: SessionState = { loading: true, user: null };
let current: SessionState = CHECKING;
const listeners = new Set<() => void>();

export function sessionState(): SessionState {
  return current;
}

let fromServerHtml = false;

/** Set by the browser's start before it hydrates a page the server rendered (entry.client.tsx). */
export function markStartingFromServerHtml(): void {
  fromServerHtml = true;
}

export function startingFromServerHtml(): boolean {
  return fromServerHtml;
}

/** What the server renders (it never knows who reads) and so what hydration starts from. */
export function serverSessionState(): SessionState {
  return CHECKING;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSessionState(next: SessionState): void {
  if (next.loading === current.loading && next.user === current.user && next.offline === current.offline)
    return;
  current = next;
  for (const listener of listeners) listener();
}
