import { load } from 'cheerio';

/**
 * What React Router carries in a server-rendered page for hydration, read back for the tests: the loaders'
 * answers travel as text in `streamController.enqueue("…")` calls of its inline scripts; each call's argument
 * is a JSON string literal. The answers hold the first view's queries (TanStack Query's dehydrated cache), each
 * with its queryHash, the JSON of its key: `[["directory","senators"],{"input":…,"type":"query"}]`.
 */
export function hydrationData(html: string): string {
  const $ = load(html);
  const payloads: string[] = [];
  for (const script of $('script:not([src])').toArray()) {
    const source = $(script).text();
    for (const call of source.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)) {
      payloads.push(JSON.parse(call[1] ?? '""') as string);
    }
  }
  return payloads.join('\n');
}

/** The procedures of the queries the page carries (e.g. "directory.members"). */
export function embeddedQueries(html: string): string[] {
  const procedures = new Set<string>();
  for (const value of JSON.parse(`[${hydrationData(html).split('\n').filter(Boolean).join(',')}]`).flat()) {
    if (typeof value !== 'string' || !value.startsWith('[[')) continue;
    try {
      const key = JSON.parse(value) as unknown[];
      if (Array.isArray(key[0])) procedures.add((key[0] as string[]).join('.'));
    } catch {
      // Not a query's key.
    }
  }
  return [...procedures];
}

/**
 * An absolute address as what it names (origin, path, query parameters), however its query is spelled: a page
 * writes its address as a URL serializes it (`!` as %21, a trailing `&` dropped).
 */
export function address(url: string | undefined) {
  const parsed = new URL(url ?? '');
  return { origin: parsed.origin, path: parsed.pathname, query: [...parsed.searchParams] };
}
