/**
 * The code of lazy parts on its way (react-on-preact.ts `lazy`): the parts it renders are yet to hydrate, and the
 * page does not count as working until they have (partsHydrated, lib/hydrate-later.ts). No imports: `react`
 * itself (react-on-preact.ts) reads it.
 */
const codeOnItsWay = new Set<Promise<unknown>>();

/** A lazy part's code, counted as on its way until it has come (or failed). */
export function partCode<T>(code: Promise<T>): Promise<T> {
  codeOnItsWay.add(code);
  const done = () => codeOnItsWay.delete(code);
  code.then(done, done);
  return code;
}

/** Settles once the code on its way now has come or failed; null when none is. */
export function codeComing(): Promise<unknown> | null {
  return codeOnItsWay.size > 0 ? Promise.allSettled([...codeOnItsWay]) : null;
}
