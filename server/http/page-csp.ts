import { createHash } from 'node:crypto';
import { load } from 'cheerio';

/**
 * The sha256 sources of a page's inline scripts (React Router's: its context, the route manifest, the module
 * that starts hydration), for the page's CSP (security-headers.ts): the browser runs exactly those and no other
 * inline script. Worked out once per copy the page cache keeps, from the HTML as sent, with an HTML parser.
 */
export function inlineScriptHashes(html: string): string[] {
  const $ = load(html);
  const hashes = new Set<string>();
  $('script:not([src])').each((_index, element) => {
    const source = $(element).text();
    hashes.add(`'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`);
  });
  return [...hashes];
}
