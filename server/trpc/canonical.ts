/**
 * One spelling for one value: object keys sorted at every depth, dates as ISO strings, undefined members
 * dropped (as JSON drops them). Two calls whose inputs differ only in key order or encoding get the same
 * text, which is what the public cache and the batch's call collapsing key on.
 */
export function canonicalJson(value: unknown): string | null {
  try {
    return JSON.stringify(sortKeys(value, 0)) ?? 'undefined';
  } catch {
    // Deeper than any real input, or not JSON at all (a BigInt): such a call is simply not shared.
    return null;
  }
}

const MAX_DEPTH = 32;

function sortKeys(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new RangeError('input nested too deeply');
  if (value instanceof Date) return `Date:${value.toISOString()}`;
  if (Array.isArray(value)) return value.map((item) => sortKeys(item, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    sorted[key] = sortKeys((value as Record<string, unknown>)[key], depth + 1);
  }
  return sorted;
}
