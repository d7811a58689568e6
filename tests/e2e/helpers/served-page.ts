import { expect } from 'vitest';

/** A page's HTML as the server sends it to a reader without JavaScript (a link preview, a basic phone). */
export interface ServerPage {
  html: string;
  /** What #root shows, tags removed. */
  text: string;
  /** The page's first-view data block (TanStack Query's dehydrated cache, as superjson). */
  state: string;
  meta(name: string): string | null;
  title: string;
  h1: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };
/** HTML text with its entities read back (either renderer's escaping of ' and "). */
export const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name) => ENTITIES[name] ?? '');
const plain = (html: string) => decode(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

/** GET a page in a language (the `lang` cookie), with the reader's other cookies when given. */
export async function serverPage(
  origin: string,
  path: string,
  language: 'en' | 'so',
  cookie = '',
): Promise<ServerPage> {
  const response = await fetch(`${origin}${path}`, {
    headers: { cookie: `lang=${language}${cookie ? `; ${cookie}` : ''}` },
  });
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';
  return {
    html,
    text: plain(root),
    state: /<script type="application\/json" id="codka-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '',
    meta: (name) => {
      const tag = new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html);
      return tag ? decode(tag[1] ?? '') : null;
    },
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    h1: plain(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1] ?? '').trim(),
  };
}
