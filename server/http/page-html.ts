import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PageLanguage, RenderResult } from '@shared/page-render';
import { PAGE_STATE_ID } from '@shared/page-render';
import { negotiateEncoding, TEXT_CODINGS, type TextCoding } from './accept-encoding';

type RenderedPage = Extract<RenderResult, { kind: 'page' }>;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Open Graph's locale names for the site's languages. */
const OG_LOCALE: Record<PageLanguage, string> = { so: 'so_SO', en: 'en_GB' };

/**
 * index.html (built by Vite: the entry's script and styles) made into one page: the reader's language on <html>
 * (marked so the browser hydrates in it), the page's title, description and link-preview tags (WhatsApp,
 * Facebook and X read Open Graph), its code and styles, its markup in #root and its first view's data beside it.
 * A page the server does not render gets the language only: the browser renders it.
 */
export function pageHtml(
  template: string,
  language: PageLanguage,
  page: { result: RenderedPage | null; url: string; origin: string; links: string },
): string {
  // Every replacement is a function: a replacement string reads `$&`, `$'`, `` $` `` and `$$` as patterns, so
  // an address (`/?x=$'`) or an admin's title holding them would paste pieces of the template into the page.
  let html = template.replace(/<html lang="[^"]*">/, () => `<html lang="${language}" data-server-lang>`);
  const { result } = page;
  if (!result) return html;
  const title = escapeHtml(result.head.title);
  // A page without its own description keeps the site's (index.html's).
  const siteDescription = /<meta name="description" content="([^"]*)" \/>/.exec(template)?.[1] ?? '';
  const description = result.head.description ? escapeHtml(result.head.description) : siteDescription;
  const absolute = (path: string) => escapeHtml(`${page.origin}${path}`);
  html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
  if (description)
    html = html.replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${description}" />`,
    );
  const preview = [
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Codka">`,
    `<meta property="og:title" content="${title}">`,
    description ? `<meta property="og:description" content="${description}">` : '',
    `<meta property="og:url" content="${absolute(page.url)}">`,
    `<meta property="og:image" content="${absolute('/og-image.png')}">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta property="og:locale" content="${OG_LOCALE[language]}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<link rel="canonical" href="${absolute(page.url)}">`,
  ].join('');
  html = html.replace('</head>', () => `${preview}${page.links}</head>`);
  return html.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${result.html}</div><script type="application/json" id="${PAGE_STATE_ID}">${result.state}</script>`,
  );
}

/** Pages compressed lately, by their HTML: a page served from the page cache is compressed once, not per request. */
const compressed = new Map<string, PageEncodings>();
const MAX_COMPRESSED = 64;

/** A page's compressed copies, made on first use. */
export type PageEncodings = Partial<Record<TextCoding, Buffer>>;

/**
 * A page's HTML as the reader's browser accepts it (its Accept-Encoding's weights, accept-encoding.ts; brotli
 * before gzip when they weigh the same), else as it is. A server-rendered page is 15 to 65 KB of text that
 * compresses to a quarter; on a phone over mobile data those kilobytes come before anything can paint. Brotli at quality 4 costs about as much CPU as gzip and saves more. `kept` is where a
 * cached page keeps its copies (static.ts: they go with the page); without it, the last pages' copies are kept
 * by their HTML.
 */
export function encodePage(
  html: string,
  acceptEncoding: string | undefined,
  kept?: PageEncodings,
): { body: string | Buffer; encoding?: TextCoding } {
  const encoding = negotiateEncoding(acceptEncoding, TEXT_CODINGS);
  // Below about 1 KB the headers outweigh the saving.
  if (!encoding || html.length < 1024) return { body: html };
  let entry = kept ?? compressed.get(html);
  if (!entry) {
    if (compressed.size >= MAX_COMPRESSED) compressed.delete(compressed.keys().next().value as string);
    entry = {};
    compressed.set(html, entry);
  }
  entry[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(html, { level: 6 });
  return { body: entry[encoding], encoding };
}
