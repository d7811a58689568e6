import { type ComponentChildren, createElement, Fragment, type VNode } from 'preact';

const mark = (text: string) => createElement(Fragment, { UNSTABLE_comment: text } as object);

/**
 * A part of the server's HTML that the browser may hydrate after the rest: Preact keeps a suspended part's server
 * markup only between `<!--$s-->` and `<!--/$s-->`, and throws the rest away (decision 015). Written on the server
 * around lazy parts (react-on-preact.ts) and parts that hydrate later (hydrate-later.ts).
 */
export function withSuspenseMarks(part: ComponentChildren): VNode {
  return createElement(Fragment, null, mark('$s'), part, mark('/$s'));
}
