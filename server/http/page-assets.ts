import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_CODE_ID, PAGE_LATER_CODE_ID } from '@shared/page-render';

/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json), keyed by source path. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Another page's module, or the consoles': never linked into a page that does not show them. */
const OTHER_PAGES = /^src\/pages\/(.*\.page\.tsx|admin\/|staff\/)/;

/**
 * Parts that never show in a page's first view (the drawer, the toasts, menus, tooltips): their styles come with
 * their code when a reader first opens them, instead of blocking every page's first paint.
 */
const ON_DEMAND = /^src\/components\/(layout\/(NavDrawer|menu-impl|tooltip-impl)|notifications-view)\.tsx?$/;

/**
 * Texts (every namespace, both languages): a page loads its own before it renders, with its code, so the offline
 * worker learns of them from what the page loaded; listing them all would have it store the whole site's texts.
 */
const TEXTS = /\/i18n\/locales\//;

/**
 * What a server-rendered page links in its head besides the entry (which index.html links already):
 * - the style sheets of everything it may show at once: the shell and the page module and, through the lazy
 *   parts the server rendered into the HTML (the footer, the map, the sections below the fold), their styles,
 *   so the page never paints unstyled while their code downloads;
 * - the start's and the page's code, as modulepreload links inside an inert <template>: the entry
 *   (client/src/entry-client.tsx) puts them to work once the page has painted, so they all download at once
 *   and nothing competes with the HTML, the styles and the first paint. (Preloaded from the head, even at low
 *   priority, they started before the first paint, and Lighthouse counts every request started before the
 *   largest paint as delaying it: about a second on its simulated phone line, F2.)
 * - the code of its lazy parts (the footer, the map, the sections below the fold, a signed-in reader's), in a
 *   second inert <template> nobody puts to work: the page asks for each part when it needs it, and the offline
 *   worker reads the list (client/src/lib/service-worker.ts) to store them even if the reader left before they
 *   came, so an offline reload never lacks "part of the page".
 */
export function pageAssets(clientDir: string) {
  const manifestPath = join(clientDir, '.vite', 'manifest.json');
  // A build without a manifest still works, without the head start (its styles arrive with its code).
  const manifest: Manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);

  const closure = (key: string, followLazy: boolean, into = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return into;
    into.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, followLazy, into);
    if (followLazy)
      for (const lazy of chunk.dynamicImports ?? [])
        if (!OTHER_PAGES.test(lazy) && !ON_DEMAND.test(lazy)) closure(lazy, true, into);
    return into;
  };
  const entryCode = entryKey ? closure(entryKey, false) : new Set<string>();
  // What the entry imports after the first paint (the start, the libraries): every page needs it.
  const startCode = new Set<string>();
  for (const lazy of (entryKey && manifest[entryKey]?.dynamicImports) || [])
    if (!OTHER_PAGES.test(lazy) && !ON_DEMAND.test(lazy)) closure(lazy, false, startCode);
  const entryStyles = new Set(
    [...entryCode].flatMap((key) => manifest[key]?.css ?? []).map((file) => `/${file}`),
  );
  const cssOf = (keys: Iterable<string>) =>
    [...keys].flatMap((key) => manifest[key]?.css ?? []).map((file) => `/${file}`);
  // The shell's lazy parts (footer, map...) are the same for every page.
  const shellLaterCode = entryKey ? closure(entryKey, true) : new Set<string>();
  const shellStyles = cssOf(shellLaterCode);

  // Code a first visit does not download but a page the browser renders itself needs (the page table; the map's
  // outlines, read from the HTML when the server drew the map): the offline worker must keep it, for a page it
  // serves from another address's HTML. The page names it for the worker (client/src/lib/service-worker.ts).
  const offlineKeys = ['src/lib/page-modules.ts', 'src/generated/somalia-map-paths.ts'];
  const offlineCode = offlineKeys
    .map((key) => manifest[key]?.file)
    .filter((file) => file !== undefined)
    .map((file) => `/${file}`);
  const offlineCodeMeta =
    offlineCode.length > 0 ? `<meta name="codka-offline-code" content="${offlineCode.join(' ')}">` : '';

  const cache = new Map<string, string>();
  /** The <link> elements for pages rendered from these modules (under client/src/pages, without .tsx). */
  return function linksFor(files: string[]): string {
    const cacheKey = files.join('\n');
    const known = cache.get(cacheKey);
    if (known !== undefined) return known;
    const styles = new Set(shellStyles);
    const code = new Set<string>([...startCode].filter((part) => !entryCode.has(part)));
    // A page module's link names it: the browser imports the page from it (client/src/lib/route.ts).
    const pageOf = new Map(files.map((file) => [`src/pages/${file}.tsx`, file]));
    const laterCode = new Set(shellLaterCode);
    for (const file of files) {
      // A style sheet the page loads by itself (Mantine's other styles, lib/route.ts): its own manifest entry.
      if (file.endsWith('.css')) {
        const sheet = manifest[`src/${file}`]?.file;
        if (sheet) styles.add(`/${sheet}`);
        continue;
      }
      const key = `src/pages/${file}.tsx`;
      const withLazy = closure(key, true);
      for (const style of cssOf(withLazy)) styles.add(style);
      for (const part of withLazy) laterCode.add(part);
      for (const part of closure(key, false)) if (!entryCode.has(part)) code.add(part);
    }
    const listed = (keys: Iterable<string>) =>
      [...keys]
        .map((key) => {
          const page = pageOf.get(key);
          return `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}"${page ? ` data-page="${page}"` : ''}>`;
        })
        .join('');
    const preloads = listed(code);
    const later = listed(
      [...laterCode].filter(
        (part) =>
          !entryCode.has(part) &&
          !code.has(part) &&
          !offlineKeys.includes(part) &&
          !TEXTS.test(part) &&
          manifest[part]?.file.endsWith('.js'),
      ),
    );
    const links = [
      offlineCodeMeta,
      ...[...styles]
        .filter((href) => !entryStyles.has(href))
        .map((href) => `<link rel="stylesheet" href="${href}">`),
      preloads && `<template id="${PAGE_CODE_ID}">${preloads}</template>`,
      later && `<template id="${PAGE_LATER_CODE_ID}">${later}</template>`,
    ].join('');
    cache.set(cacheKey, links);
    return links;
  };
}
