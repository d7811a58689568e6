// The browser's and the server's `react`: Preact's compatibility layer (vite.config.ts aliases react and react-dom
// to it, decision 015), with two differences a server-rendered page needs.
import { type ComponentChildren, type ComponentType, createElement, Fragment } from 'preact';
import { lazy as preactLazy } from 'preact/compat';
import { useIdMask, withIdMask } from './id-seed';
import { partCode } from './part-code';
import { withSuspenseMarks } from './suspense-marks';

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

/** The server's lazy parts whose code is on its way (lazy() below): a render waits for them first. */
const serverParts: Promise<unknown>[] = [];

/**
 * On the server, before a render: every lazy part defined so far has its code, those its code defines included.
 * A part rendered without waiting would be rendered after the rest of the page, and the ids of everything after it
 * (useId counts in render order) would differ from every later render's and from the browser's.
 */
export async function serverPartsLoaded(): Promise<void> {
  let known: number;
  do {
    known = serverParts.length;
    await Promise.all(serverParts);
  } while (serverParts.length !== known);
}

/**
 * React.lazy, marked in the server's HTML. Hydrating a part whose code has not arrived yet, Preact keeps the
 * server's markup between `<!--$s-->` and `<!--/$s-->` and hydrates it once the code comes; without the marks it
 * keeps only the part's first element and throws the rest away (the landing page's "Latest Updates" blanked).
 * The server loads a part's code as soon as the part is defined and renders it in place, with its marks; the
 * browser renders no marks.
 *
 * The part counts its ids from a seed of its own (lib/id-seed.ts): in the browser it renders when its code comes,
 * after parts that follow it on the page (two lazy parts race), where the server rendered it in page order. The
 * seed is taken by the wrapper, which stays mounted while the part's code is on its way. Until the code has come,
 * the page does not count as hydrated (partsHydrated, lib/hydrate-later.ts).
 */
export function lazy<T extends ComponentType<never>>(load: () => Promise<{ default: T }>): T {
  const Part = import.meta.env.SSR
    ? serverPart(load)
    : (preactLazy(() => partCode(load())) as unknown as ComponentType<object>);
  function SeededPart(props: object) {
    return withIdMask(useIdMask(), createElement(Part, props));
  }
  return SeededPart as unknown as T;
}

/** On the server: the part's code is loaded when it is defined, and the part is rendered in place, marked. */
function serverPart(load: () => Promise<{ default: ComponentType<never> }>): ComponentType<object> {
  let loaded: ComponentType<object> | undefined;
  serverParts.push(
    load().then((module) => {
      loaded = module.default as unknown as ComponentType<object>;
    }),
  );
  // Only when a render did not wait (serverPartsLoaded): preact-render-to-string then waits and marks it itself.
  const Part = preactLazy(load) as unknown as ComponentType<object>;
  return function MarkedPart(props: object) {
    if (!loaded) return createElement(Part, props);
    return withSuspenseMarks(createElement(loaded, props));
  };
}
