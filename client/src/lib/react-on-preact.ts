// The browser's and the server's `react`: Preact's compatibility layer (vite.config.ts aliases react and react-dom
// to it, decision 015), with two differences a server-rendered page needs.
import { type ComponentChildren, type ComponentType, createElement, Fragment } from 'preact';
import { lazy as preactLazy } from 'preact/compat';

// @ts-expect-error: preact/compat's types are written as CommonJS (`export =`); its module has these named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React 19's <Activity>: Mantine's Tabs (keepMounted) and Tree use it to keep a hidden panel's state. Here a hidden
 * panel's content stays rendered and Mantine's own `display: none` style hides it, as it did before React 19.
 */
export function Activity({ children }: { mode?: 'visible' | 'hidden'; children?: ComponentChildren }) {
  return createElement(Fragment, null, children);
}

/**
 * React.lazy, marked in the server's HTML. Hydrating a part whose code has not arrived yet, Preact keeps the
 * server's markup between `<!--$s-->` and `<!--/$s-->` and hydrates it once the code comes; without the marks it
 * keeps only the part's first element and throws the rest away (the landing page's "Latest Updates" blanked).
 * preact-render-to-string writes the marks only when the part's code was not loaded yet in that process, so the
 * server writes them itself, every time; the browser renders no marks.
 */
export function lazy<T extends ComponentType<never>>(load: () => Promise<{ default: T }>): T {
  const Part = preactLazy(load);
  if (!import.meta.env.SSR) return Part as unknown as T;
  function MarkedPart(props: object) {
    return createElement(
      Fragment,
      null,
      createElement(Fragment, { UNSTABLE_comment: '$s' } as object),
      createElement(Part as ComponentType<object>, props),
      createElement(Fragment, { UNSTABLE_comment: '/$s' } as object),
    );
  }
  return MarkedPart as unknown as T;
}
