import superjson, { type SuperJSONResult } from 'superjson';

/**
 * How answers travel (dates, maps and undefined survive): superjson, for tRPC's adapter, the vote fast path and
 * the public cache alike.
 *
 * A request's envelope is checked before superjson reads it. superjson walks the annotations of `meta.values`
 * trusting their shape: a node whose children are text instead of an object (the 60 bytes
 * `{"json":{"a":1},"meta":{"values":{"a":["class","Admin"]}}}`) sends it down a recursion that ends only at the
 * stack's limit, after tens of milliseconds of a core and gigabytes of short-lived arrays, for every such
 * request. A malformed envelope is refused at once, as one superjson cannot read is.
 */
export const transformer = {
  serialize: (value: unknown): SuperJSONResult => superjson.serialize(value),
  deserialize: (payload: SuperJSONResult): unknown => {
    if (!wellFormedAnnotations(payload?.meta?.values)) {
      throw new TypeError('the superjson envelope has malformed annotations');
    }
    return superjson.deserialize(payload);
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * superjson's annotation trees: either a tree, `[type]` or `[type, { path: tree, ... }]`, or an object of trees
 * by path. Walked without recursion, so that no nesting can exhaust the stack here either.
 */
function wellFormedAnnotations(values: unknown): boolean {
  if (values === undefined) return true;
  const pending: { value: unknown; tree: boolean }[] = [{ value: values, tree: Array.isArray(values) }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, tree } = next;
    if (tree) {
      if (!Array.isArray(value) || value.length < 1 || value.length > 2) return false;
      if (value.length === 2) pending.push({ value: value[1], tree: false });
      continue;
    }
    if (!isRecord(value)) return false;
    for (const child of Object.values(value)) pending.push({ value: child, tree: true });
  }
  return true;
}
