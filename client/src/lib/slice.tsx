import { type ReactNode, Suspense, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';

/**
 * Hydration in slices. A slice is a Suspense boundary: React hydrates the server's markup outside it first and
 * the slice in a later pass of its own, yielding to the browser in between, so no single task holds a slow phone
 * for the whole page. A tap on a slice not yet hydrated makes React hydrate it at once and then handle the tap.
 * In any later render (a link followed, a new page of results) a slice is only a boundary: what inside it waits
 * (texts, code) shows `fallback` meanwhile.
 *
 * The browser tests and the kept early taps need to know when the page works: every slice rendered so far counts
 * as waiting from its first commit until its content has committed (hydrated) too.
 */

/** The slices whose content has not committed yet. */
const waiting = new Set<object>();
let rootCommitted = false;
const whenHydrated: (() => void)[] = [];
/** Whether the first page has hydrated (never false again), for usePageHydrated. */
let pageHydrated = false;
const pageHydratedListeners = new Set<() => void>();

function settle(): void {
  if (!rootCommitted || waiting.size > 0) return;
  for (const callback of whenHydrated.splice(0)) callback();
  if (pageHydrated) return;
  pageHydrated = true;
  for (const listener of pageHydratedListeners) listener();
}

function subscribePageHydrated(listener: () => void): () => void {
  pageHydratedListeners.add(listener);
  return () => {
    pageHydratedListeners.delete(listener);
  };
}

/**
 * True once the server's page has hydrated whole (after onPageHydrated's callbacks, so after the kept early
 * taps were made again); false on the server and while hydrating.
 */
export function usePageHydrated(): boolean {
  return useSyncExternalStore(
    subscribePageHydrated,
    () => pageHydrated,
    () => false,
  );
}

/**
 * Called by the root's first effect: `callback` runs once no slice is waiting any more (at once if none is).
 * Slices nested in a slice commit before the outer slice's content says it is done, so they are never missed.
 */
export function onPageHydrated(callback: () => void): void {
  rootCommitted = true;
  whenHydrated.push(callback);
  settle();
}

/** Inside the boundary: its effect runs when the slice's content has committed (hydrated, in the browser). */
function SliceContentCommitted({ slice }: { slice: object }): null {
  useEffect(() => {
    waiting.delete(slice);
    settle();
  }, [slice]);
  return null;
}

/** A part of a server-rendered page that React hydrates after what surrounds it (see above). */
export function Slice({ children, fallback = null }: { children?: ReactNode; fallback?: ReactNode }) {
  const [slice] = useState(() => ({}));
  // A layout effect: it runs before any passive effect of the same commit, the content's included.
  useLayoutEffect(() => {
    waiting.add(slice);
    return () => {
      waiting.delete(slice);
      settle();
    };
  }, [slice]);
  return (
    <Suspense fallback={fallback}>
      {children}
      {/* After the content: its effects run after the content's own. */}
      <SliceContentCommitted slice={slice} />
    </Suspense>
  );
}

/**
 * A long list as slices of `size` items each: a directory's cards hydrate a few at a time. `children` renders
 * one item, with its key.
 */
export function SliceGroups<T>({
  items,
  size,
  children,
}: {
  items: readonly T[];
  size: number;
  children: (item: T) => ReactNode;
}): ReactNode {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups.map((group, index) => (
    // Keyed by place: a new page of results fills the same slices.
    // biome-ignore lint/suspicious/noArrayIndexKey: the place is the slice's identity.
    <Slice key={index}>{group.map(children)}</Slice>
  ));
}
