import { createElement } from 'preact';
import { type ReactNode, Suspense, useState } from 'react';
import { useHydrated } from './hydrated';
import { type IdMask, useIdMask, withIdMask } from './id-seed';
import { nextTask } from './next-task';
import { codeComing } from './part-code';
import { withSuspenseMarks } from './suspense-marks';

/**
 * Hydration in slices. Preact hydrates a server-rendered page in one synchronous pass (decision 015); on a slow
 * phone that pass was one task of 200 ms to 1 s, most of a page's blocking time. A part wrapped in <HydrateLater>
 * is left out of that pass and hydrated in a task of its own right after, so each task stays short and a tap
 * in between is answered. What the reader sees never changes: the server's markup stays in place until its part
 * hydrates, and the part's data is the one already in the query cache.
 *
 * How, in the browser: rendered while Preact hydrates (it reads the server's snapshot of useSyncExternalStore
 * then, lib/hydrated.ts), the part suspends once, throwing a promise. Preact keeps a suspended part's server
 * markup (everything between the `<!--$s-->` and `<!--/$s-->` marks the server writes around it) and goes on
 * hydrating the rest; each part has its own Suspense boundary, so its promise alone wakes it. The promises are
 * resolved one per task, in the order the parts were met: Preact then hydrates that part's markup in that task
 * (its render queue runs in microtasks), and a part nested in it waits for a task of its own in turn. Any render
 * that is not a hydration (a link followed, a page of results) renders the children at once: the part is only a
 * boundary then.
 *
 * Ids: a part hydrated later renders after its siblings, so it counts its ids from a mask of its own, seeded where
 * it stands (lib/id-seed.ts; tests/client/hydrate-later.test.tsx, and the browser test "hydration in slices keeps
 * the server's ids").
 */

/** What a part keeps across renders (its wrapper's state: the part's own is dropped when it suspends). */
interface Part {
  mask: IdMask;
  /** Set once the part has waited for its task: woken, it hydrates. */
  waited: boolean;
}

/** The parts waiting for a task of their own, in the order they were met (top of the page first). */
const waiting: (() => void)[] = [];
let waking = false;

/** Called once no part waits any more. */
const onceHydrated: (() => void)[] = [];

/**
 * Wakes the waiting parts, one per task. A woken part renders in its task's microtasks, where the parts nested in
 * it join the queue: the queue is read again only in the next task.
 */
async function wakeWaitingParts(): Promise<void> {
  waking = true;
  for (;;) {
    await nextTask();
    const wake = waiting.shift();
    if (!wake) break;
    wake();
  }
  waking = false;
  for (const resolve of onceHydrated.splice(0)) resolve();
}

/**
 * Resolves once the page works: every part met so far has hydrated, the lazy parts whose code came after the
 * first pass (the landing page's map) and the parts they hold included. A part's code, once come, renders in the
 * microtasks after it; the task after that sees the parts it met.
 */
export async function partsHydrated(): Promise<void> {
  for (;;) {
    const coming = codeComing();
    if (coming) {
      await coming;
      await nextTask();
    } else if (waking) {
      await new Promise<void>((resolve) => onceHydrated.push(resolve));
    } else return;
  }
}

function waitForTask(): Promise<void> {
  const waited = new Promise<void>((resolve) => waiting.push(resolve));
  if (!waking) void wakeWaitingParts();
  return waited;
}

function Slice({ part, children }: { part: Part; children?: ReactNode }) {
  // The server's snapshot while Preact hydrates (the first pass, or a part woken here or by a lazy part's code);
  // on the server, never (it renders everything at once).
  const hydrating = !useHydrated() && !import.meta.env.SSR;
  if (hydrating && !part.waited) {
    part.waited = true;
    throw waitForTask();
  }
  if (hydrating) {
    // How long the woken part takes to hydrate, for the benchmarks (bench/long-tasks.mjs): Preact renders and
    // commits it at once, before the microtasks queued meanwhile.
    const started = performance.now();
    queueMicrotask(() => performance.measure('codka-hydration-part', { start: started }));
  }
  return withIdMask(part.mask, children as never) as ReactNode;
}

/**
 * A part of a server-rendered page that hydrates in a task of its own, after the rest (see above). It is also a
 * Suspense boundary: in a later render, what inside it waits (texts, code) shows `fallback` meanwhile.
 */
export function HydrateLater({
  children,
  fallback = null,
}: {
  children?: ReactNode;
  fallback?: ReactNode;
}): ReactNode {
  const mask = useIdMask();
  // Kept across renders, in the wrapper: Slice suspends, and a component that throws keeps no state.
  const [part] = useState<Part>(() => ({ mask, waited: false }));
  const slice = createElement(Slice, { part, children });
  // Read at render (not when the module loads): the unit tests render the server's way in a browser's DOM.
  if (import.meta.env.SSR) return withSuspenseMarks(slice) as ReactNode;
  return createElement(Suspense as never, { fallback }, slice) as ReactNode;
}

/**
 * A long list as parts of `size` items each (<HydrateLater> above): a directory's cards hydrate a few per task.
 * `children` renders one item, with its key.
 */
export function HydrateInGroups<T>({
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
  // Keyed by place: a new page of results fills the same parts.
  return groups.map((group, index) =>
    createElement(HydrateLater, { key: index, children: group.map(children) }),
  ) as ReactNode;
}
