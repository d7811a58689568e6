import { createElement, Fragment } from 'preact';
import { type ReactNode, Suspense, useId, useState } from 'react';

/**
 * Hydration in slices. Preact hydrates a server-rendered page in one synchronous pass (decision 015); on a slow
 * phone that pass was one task of 200 ms to 1 s, most of a page's blocking time. A part wrapped in <HydrateLater>
 * is left out of that pass and hydrated in a task of its own right after, so each task stays short and a tap
 * in between is answered. What the reader sees never changes: the server's markup stays in place until its part
 * hydrates, and the part's data is the one already in the query cache.
 *
 * How, in the browser: during the first pass (hydrateInSlices, called by start.tsx around hydrateRoot) the part
 * suspends, throwing a promise. Preact keeps a suspended part's server markup (everything between the
 * `<!--$s-->` and `<!--/$s-->` marks the server writes around it) and goes on hydrating the rest; each part has
 * its own Suspense boundary, so its promise alone wakes it. The promises are resolved one per task, in page
 * order, after the pass: Preact then hydrates that part's markup (its render queue runs in microtasks, inside
 * the task that resolved it). Every later render (a link followed, a page of results) renders the children at
 * once: the part is only a boundary then.
 *
 * Ids: useId counts in render order from the nearest vnode carrying a mask (`__m`, Preact's `_mask` once its
 * build has mangled the name; preact-render-to-string reads the same field). A part hydrated later renders after
 * its siblings, so it counts from a mask of its own, seeded by an id the part takes where it stands: the server
 * and the browser both render the wrapper in the same place, so the seed, every id inside and every id after
 * it are the server's (tests/client/hydrate-later.test.tsx, and the browser test "hydration keeps the server's
 * ids").
 */

type Mask = [seed: string, count: number];

/** Preact's component as it renders (`this` of a function component): `__v` is its vnode. */
interface RenderingComponent {
  __v: { __m?: Mask };
}

/** True during the first, synchronous hydration pass of a server-rendered page. */
let firstPass = false;
/** The parts left out of the first pass, in page order: each wakes its part. */
const waiting: (() => void)[] = [];

function Slice(this: RenderingComponent, { mask, children }: { mask: Mask; children?: ReactNode }) {
  this.__v.__m = mask;
  if (firstPass) throw new Promise<void>((resolve) => waiting.push(resolve));
  return children;
}

const mark = (text: string) => createElement(Fragment, { UNSTABLE_comment: text } as object);

/**
 * A part of a server-rendered page that hydrates in a task of its own, after the first pass (see above). It is
 * also a Suspense boundary: in a later render, what inside it waits (texts, code) shows `fallback` meanwhile.
 */
export function HydrateLater({
  children,
  fallback = null,
}: {
  children?: ReactNode;
  fallback?: ReactNode;
}): ReactNode {
  const seed = useId();
  // Kept across renders: a part mounted later inside goes on counting instead of repeating an id.
  const [mask] = useState<Mask>(() => [seed, 0]);
  const slice = createElement(Slice as never, { mask, children });
  // Read at render (not when the module loads): the unit tests render the server's way in a browser's DOM.
  if (import.meta.env.SSR) return createElement(Fragment, null, mark('$s'), slice, mark('/$s')) as ReactNode;
  return createElement(Suspense as never, { fallback }, slice) as ReactNode;
}

interface Scheduler {
  yield?: () => Promise<void>;
}

/** The next task: the browser may paint and answer a tap before it. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Wakes the waiting parts, one per task, top of the page first. */
async function hydrateWaitingParts(): Promise<void> {
  while (waiting.length > 0) {
    await nextTask();
    waiting.shift()?.();
  }
}

/**
 * Runs the first hydration pass of a server-rendered page (`hydrate`, synchronous: Preact's hydrateRoot) with
 * the parts marked <HydrateLater> left out, then hydrates those in the tasks after it.
 */
export function hydrateInSlices(hydrate: () => void): void {
  const started = performance.now();
  firstPass = true;
  try {
    hydrate();
  } finally {
    firstPass = false;
  }
  // Its length, for the benchmarks (bench/long-tasks.mjs).
  performance.measure('codka-hydration-first-pass', { start: started });
  void hydrateWaitingParts();
}
