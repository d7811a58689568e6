import { load } from 'cheerio';
import { embeddedQueries } from '../../helpers/hydration-data';
import { fetchAsReader } from './served-page';

/**
 * A page's HTML as the server sends it, read without JavaScript (as a link preview, a search engine or a phone
 * before its scripts arrive sees it), and what the server put in it.
 */
export interface ServerHtml {
  status: number;
  html: string;
  /** The h1's text, tags removed. */
  heading: string;
  /** The visible text of <main>. */
  mainText: string;
  lang: string | undefined;
  /** The procedures of the queries in the page's hydration data (e.g. "directory.members"). */
  embedded: string[];
  $: ReturnType<typeof load>;
}

export async function serverHtml(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<ServerHtml> {
  const response = await fetchAsReader(`${origin}${path}`, { headers, redirect: 'manual' });
  const html = await response.text();
  return parseServerHtml(response.status, html);
}

export function parseServerHtml(status: number, html: string): ServerHtml {
  const $ = load(html);
  const embedded = embeddedQueries(html);
  return {
    status,
    html,
    heading: $('h1').first().text().trim(),
    // Text only: Mantine's style elements inside the page are not what a reader sees.
    mainText: $('main').clone().find('style, script').remove().end().text(),
    lang: $('html').attr('lang'),
    embedded,
    $,
  };
}

/** A public read as a visitor makes it (tRPC GET, superjson), for the data a page's first view shows. */
export async function visitorRead<T>(origin: string, procedure: string, input?: unknown): Promise<T> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const response = await fetch(`${origin}/trpc/${procedure}${query}`);
  if (!response.ok) throw new Error(`${procedure} answered ${response.status}`);
  const body = (await response.json()) as { result: { data: { json: T } } };
  return body.result.data.json;
}

/** The procedures a /trpc request URL names (one, or several for a batch). */
export function proceduresIn(url: string): string[] {
  const path = new URL(url).pathname;
  return path.startsWith('/trpc/') ? path.slice('/trpc/'.length).split(',') : [];
}
