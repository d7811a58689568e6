import { load } from 'cheerio';
import { expect } from 'vitest';
import { embeddedQueries, hydrationData } from '../../helpers/hydration-data';
import { BUSY_RELOADS } from './browser';

/** A page's HTML as the server sends it to a reader without JavaScript (a link preview, a basic phone). */
export interface ServerPage {
  html: string;
  /** What the page's body shows, tags and scripts removed. */
  text: string;
  /** The page's hydration data as React Router sends it (the loaders' answers, the first view's queries). */
  state: string;
  /** The procedures of the first-view queries the page carries. */
  queries: string[];
  meta(name: string): string | null;
  title: string;
  h1: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };
/** HTML text with its entities read back (either renderer's escaping of ' and "). */
export const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name) => ENTITIES[name] ?? '');
const plain = (html: string) => decode(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

/**
 * GET a path as a reader does, following the busy page: past the server's render budget (server/http/ssr.ts) a
 * new page is answered 503 with Retry-After, and the busy page reloads itself after that many seconds. The
 * budget is the server's time, so a test machine loaded by Chromium meets it where a quiet one does not.
 */
export async function fetchAsReader(url: string, init: RequestInit = {}): Promise<Response> {
  for (let reload = 0; ; reload += 1) {
    const response = await fetch(url, init);
    const retryAfter = Number(response.headers.get('retry-after'));
    if (response.status !== 503 || !(retryAfter > 0) || reload === BUSY_RELOADS) return response;
    await response.body?.cancel();
    await new Promise((resolveWait) => setTimeout(resolveWait, retryAfter * 1000));
  }
}

/** GET a page in a language (the `lang` cookie), with the reader's other cookies when given. */
export async function serverPage(
  origin: string,
  path: string,
  language: 'en' | 'so',
  cookie = '',
): Promise<ServerPage> {
  const response = await fetchAsReader(`${origin}${path}`, {
    headers: { cookie: `lang=${language}${cookie ? `; ${cookie}` : ''}` },
  });
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const $ = load(html);
  $('body script').remove();
  const root = $('body').html() ?? '';
  return {
    html,
    text: plain(root),
    state: hydrationData(html),
    queries: embeddedQueries(html),
    meta: (name) => {
      const tag = new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html);
      return tag ? decode(tag[1] ?? '') : null;
    },
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    h1: plain(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1] ?? '').trim(),
  };
}
