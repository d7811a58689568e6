import { type ComponentChildren, createElement, type VNode } from 'preact';
import { useId, useState } from 'preact/hooks';

/**
 * Ids that do not depend on when a part renders. Preact's useId counts in render order from the nearest vnode
 * carrying a mask (`__m`, Preact's `_mask` once its build has mangled the name; the server's renderer runs the same
 * hooks). A part that renders after its siblings in the browser (a lazy part whose code comes late, a part that
 * hydrates later) would take the ids its siblings took on the server, where everything renders in page order. So
 * such a part takes one id where it stands (the server and the browser both render it there, in the same order)
 * and its subtree counts from a mask of its own, seeded by that id: every id inside it and every id after it are
 * the server's, whatever arrives first.
 */

/** useId's counter for a subtree: ids are 'P' + seed + '-' + count. */
export type IdMask = [seed: string, count: number];

/**
 * The mask of the part rendering this hook, kept across renders: a subtree mounted later inside goes on counting
 * instead of repeating an id. Take it in a component that stays mounted while the part waits (never in the one that
 * suspends: a component that throws keeps no state).
 */
export function useIdMask(): IdMask {
  const seed = useId();
  const [mask] = useState<IdMask>(() => [seed, 0]);
  return mask;
}

/** Where the part's ids count from: its vnode carries the part's mask (a new vnode each render, never a copy). */
function Seeded({ children }: { children?: ComponentChildren }) {
  return children as VNode;
}

/** `children`, counting their ids from `mask`. */
export function withIdMask(mask: IdMask, children: ComponentChildren): VNode {
  const seeded = createElement(Seeded, null, children);
  (seeded as { __m?: IdMask }).__m = mask;
  return seeded;
}
