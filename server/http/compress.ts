import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiateEncoding, TEXT_CODINGS, type TextCoding } from './accept-encoding';

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
