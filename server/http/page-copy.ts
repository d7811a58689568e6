import { createHash } from 'node:crypto';

/** What the server adds to each copy of a page its cache keeps (ssr.ts), once per copy. */

/**
 * React Router's `<Scripts>` starts the page's code with an inline module script that imports the page's
 * modules, and lists each of them as `<link rel="modulepreload">`, which React puts in the head ahead of the
 * styles. Browsers fetch both at high priority, so on a phone's slow line about 200 KB of code would share the
 * line with the styles the first paint waits for, and hold the paint back by seconds (decision 018 has the
 * figures); hydration itself starts only after the first paint (client/src/entry.client.tsx). `<Scripts>` takes
 * no priority for its preloads, so the server gives the module script and the preloads a low one, once per copy
 * the page cache keeps. The browser still learns every module at once, so no import waits for another.
 * tests/server/ssr/first-paint.test.ts fails should React Router write them differently.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*\bfetchpriority=)/g;
const MODULE_SCRIPT = /<script type="module"(?![^>]*\bfetchpriority=)/g;

export function pageModulesAtLowPriority(html: string): string {
  return html
    .replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"')
    .replace(MODULE_SCRIPT, '<script type="module" fetchpriority="low"');
}

/**
 * A strong ETag of one copy of a page, worked out once per copy the page cache keeps. Pages are sent with
 * `no-cache`: a browser (and the offline worker, which fetches the page a first visit showed, to keep it) asks
 * again every time, and a copy it already holds costs a 304 instead of the whole page.
 */
export function pageVersion(html: string): string {
  return `"${createHash('sha256').update(html, 'utf8').digest('base64url').slice(0, 22)}"`;
}
