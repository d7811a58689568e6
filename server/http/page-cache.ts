import type { PageEncodings } from './compress';
import { PUBLIC_CACHE_TTL_MS, type PublicWrite } from './public-cache';

/**
 * The copies of rendered pages (ssr.ts), one per language and address, and the renders under way.
 *
 * Every page is rendered as a visitor sees it, so one copy serves every reader of a language for a short while (the
 * public cache's TTL). A write empties the copies at once, unless every call it made declares `onlyAdds` (a vote;
 * ProcedurePolicy in server/trpc/init.ts): then a copy from before it is still served, for PAGE_STALE_AFTER_ADD_MS
 * at most, while one render refreshes it in the background (at most once every PAGE_REFRESH_MS). On election day
 * votes arrive many times a second, and without this nearly every reader waited for a render of their own. A write
 * that may hide something (results hidden, an election unpublished, a member removed, a poll taken down) declares
 * no such thing, so its copies go at once; a voter's own state on the page ("you voted") comes from their browser
 * after hydration, never from a copy.
 */
const MAX_PAGES = 500;
/**
 * How long after a write that only adds (a vote) a copy rendered before it may still be served: as long as any
 * copy may lag behind the clock (the TTL, which also still applies), so a count a page shows is at most two
 * seconds behind the votes.
 */
export const PAGE_STALE_AFTER_ADD_MS = PUBLIC_CACHE_TTL_MS;
/**
 * A copy a vote outdated is rendered again once it is this old, not sooner: with votes every few milliseconds a
 * refresh started as soon as the last one ended kept a render running all the time (every other request
 * waiting behind it; bench/page-ttfb.mjs). One render a second per page read, whatever the vote rate;
 * under load a render takes 100-250 ms, well inside the copy's remaining second.
 */
export const PAGE_REFRESH_MS = 1000;
/** Renders of one page under way at once (one a vote outdated, and the one after it). */
const MAX_RENDERS_PER_PAGE = 2;

export interface ServerPage {
  status: number;
  /** The whole document; null for a redirect or a refusal. */
  html: string | null;
  /** The page's CSP: the site's, with its inline scripts' hashes (security-headers.ts), worked out once per copy. */
  csp?: string;
  /** Its compressed copies, made once each when first asked for (static.ts), and gone with the copy. */
  encodings?: PageEncodings;
  /** The copy's version (page-copy.ts pageVersion): a browser holding it revalidates for a 304. */
  etag?: string;
  redirect?: string;
  /** Refused by the address's call ceiling (429): the seconds until it may ask again. */
  retryAfter?: number;
}

interface Entry {
  page: ServerPage;
  storedAt: number;
  /** When the first write that only adds landed after its render began: served for a moment more (above). */
  outdatedAt?: number;
}

/** A render of one page under way, shared by every reader who asks for the page while it runs. */
export interface Flight {
  page: Promise<ServerPage | null>;
  /** The writes that may hide something counted when it started: after one more, its page is not kept. */
  readonly generation: number;
  /** As Entry's: when a write that only adds landed while it rendered. */
  outdatedAt?: number;
}

/** A copy the cache may serve now; `refresh` when a vote outdated it and a render should replace it. */
export interface Copy {
  page: ServerPage;
  refresh: boolean;
}

export function createPageCache() {
  const pages = new Map<string, Entry>();
  // Writes that may hide something so far: flights are keyed by it, so a render from before one is never joined.
  let generation = 0;
  // The newest render under way of each page, by generation, language and address, and how many of that page's
  // renders are under way.
  const rendering = new Map<string, Flight>();
  const renderCount = new Map<string, number>();
  // The copies no write that only adds has outdated yet: the only ones such a write has to mark.
  const upToDate = new Set<string>();
  const flightKey = (key: string) => `${generation}\n${key}`;

  /** After a write (public-cache.ts): a write that may hide something drops every copy at once. */
  function invalidate(write: PublicWrite = 'any') {
    if (write === 'onlyAdds') return outdate(Date.now());
    generation += 1;
    pages.clear();
    upToDate.clear();
  }

  /** After a write that only adds: the copies and renders under way from before it are marked, not dropped. */
  function outdate(now: number) {
    for (const key of upToDate) {
      const entry = pages.get(key);
      if (entry) entry.outdatedAt ??= now;
    }
    upToDate.clear();
    for (const flight of rendering.values()) flight.outdatedAt ??= now;
  }

  function drop(key: string) {
    pages.delete(key);
    upToDate.delete(key);
  }

  /** The copy of `key` that may be served now, or null (a copy past its time is dropped). */
  function copy(key: string): Copy | null {
    const entry = pages.get(key);
    if (!entry) return null;
    const now = Date.now();
    if (now - entry.storedAt <= PUBLIC_CACHE_TTL_MS) {
      if (entry.outdatedAt === undefined) return { page: entry.page, refresh: false };
      if (now - entry.outdatedAt <= PAGE_STALE_AFTER_ADD_MS) {
        const due = now - entry.storedAt >= PAGE_REFRESH_MS;
        return { page: entry.page, refresh: due && !rendering.has(flightKey(key)) };
      }
    }
    drop(key);
    return null;
  }

  /**
   * The render under way a reader of `key` should wait for, if any: `joinable` when the reader may share it
   * rather than start another. One who asks after a later write gets a render of its own (flights are keyed by
   * the generation of writes that may hide something, and one a vote outdated is not joined), but a page never
   * has more than MAX_RENDERS_PER_PAGE under way: with votes arriving every few milliseconds, every reader would
   * otherwise start one (and fill the render queue with copies of one page).
   */
  function flightOf(key: string): { newest: Flight | undefined; joinable: boolean } {
    const newest = rendering.get(flightKey(key));
    const joinable =
      newest !== undefined &&
      (newest.outdatedAt === undefined || (renderCount.get(flightKey(key)) ?? 0) >= MAX_RENDERS_PER_PAGE);
    return { newest, joinable };
  }

  /**
   * Whether a reader who joined `flight` may be given its page: not when a vote outdated it more than
   * PAGE_STALE_AFTER_ADD_MS before it ended (rare: a render queued for a second).
   */
  function freshEnough(flight: Flight): boolean {
    return flight.outdatedAt === undefined || Date.now() - flight.outdatedAt <= PAGE_STALE_AFTER_ADD_MS;
  }

  /** Starts `render` as the newest flight of `key`, counted among the page's renders until it settles. */
  function startFlight(key: string, render: (flight: Flight) => Promise<ServerPage | null>): Flight {
    const keyed = flightKey(key);
    const flight: Flight = { page: Promise.resolve(null), generation };
    renderCount.set(keyed, (renderCount.get(keyed) ?? 0) + 1);
    flight.page = render(flight).finally(() => {
      if (rendering.get(keyed) === flight) rendering.delete(keyed);
      const left = (renderCount.get(keyed) ?? 1) - 1;
      if (left > 0) renderCount.set(keyed, left);
      else renderCount.delete(keyed);
    });
    rendering.set(keyed, flight);
    return flight;
  }

  /** Keeps what `flight` rendered as the copy of `key`, unless a write that may hide something landed meanwhile. */
  function keep(key: string, flight: Flight, page: ServerPage) {
    if (flight.generation !== generation) return;
    const now = Date.now();
    // Copies past their TTL are never served again: dropped, oldest first (the map keeps storing order), so
    // memory holds the pages of the last two seconds, not 500 pages of 100-200 KB a flood of addresses left.
    for (const [stored, { storedAt }] of pages) {
      if (now - storedAt <= PUBLIC_CACHE_TTL_MS) break;
      drop(stored);
    }
    drop(key);
    if (pages.size >= MAX_PAGES) drop(pages.keys().next().value as string);
    // A vote that landed while it rendered may be missing from it: outdated from that moment.
    pages.set(key, { page, storedAt: now, outdatedAt: flight.outdatedAt });
    if (flight.outdatedAt === undefined) upToDate.add(key);
  }

  return { copy, flightOf, freshEnough, startFlight, keep, invalidate, size: () => pages.size };
}
