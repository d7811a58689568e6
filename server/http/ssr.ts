import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { languageFromHeader } from '@shared/i18n/error-messages';
import type { HandlePage, PageContext, PageLanguage } from '@shared/page-context';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { FastifyRequest } from 'fastify';
import { appRouter } from '../routers/_app';
import { procedurePolicy, proceduresWith } from '../routers/policy';
import { type AppDeps, createInnerContext } from '../trpc/context';
import type { PageEncodings } from './compress';
import { pageModulesAtLowPriority, pageVersion } from './page-copy';
import { inlineScriptHashes } from './page-csp';
import { PUBLIC_CACHE_TTL_MS, type PublicWrite } from './public-cache';

/**
 * Pages rendered on the server (client/src/page-handler.ts with React Router's route modules, built to
 * dist/site/server/index.cjs): the reader's language, the page's heading, first view and link-preview tags are
 * in the HTML; the browser hydrates it (client/src/entry.client.tsx). Pages about the signed-in reader come as
 * the site's frame with a loader, which the browser fills.
 *
 * Every page is rendered as a visitor sees it, with an anonymous context: the HTML never holds anyone's data,
 * so one copy serves every reader of a language for a short while (the public cache's TTL). A write empties
 * the copies at once, unless every call it made declares `onlyAdds` (a vote; ProcedurePolicy in
 * server/trpc/init.ts): then a copy from before it is still served, for PAGE_STALE_AFTER_ADD_MS at most, while
 * one render refreshes it in the background (at most once every PAGE_REFRESH_MS). On election day votes arrive
 * many times a second, and without this nearly every reader waited for a render of their own. A write that may
 * hide something (results hidden, an election unpublished, a member removed, a poll taken down) declares no such
 * thing, so its copies go at once; a voter's own state on the page ("you voted") comes from their browser after
 * hydration, never from a copy. A render costs milliseconds of CPU and renders run one at a time, so a
 * flood of new URLs (junk query strings) is charged to the address's call ceiling and, past a short queue or
 * the render budget, answered with a short "busy" page that reloads itself a moment later (static.ts): never
 * an unbounded backlog, never the whole thread.
 */
const MAX_PAGES = 500;
/** Renders waiting beyond this get the busy page. */
const MAX_WAITING_RENDERS = 16;
/**
 * What rendering may take of the one thread that also answers every API call: milliseconds of rendering per
 * second, and the most saved up. A render of /senators takes 20 ms warm and up to 100 ms, so one address
 * asking for new URLs (`?junk=1`, `?junk=2`...) at 28 a second, far below its call ceiling, held /healthz at
 * 200-250 ms p50. Past the budget a new page gets the busy page, which reloads itself: pages the cache holds are
 * still served, the API keeps three quarters of the thread, and new pages are rendered again as the budget
 * refills.
 */
export const RENDER_MS_PER_SECOND = 250;
export const RENDER_BURST_MS = 1000;
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

interface Flight {
  page: Promise<ServerPage | null>;
  /** As Entry's: when a write that only adds landed while it rendered. */
  outdatedAt?: number;
}

/** The site's page handler (dist/site/server/index.cjs), or null when the site has not been built. */
export function loadPageHandler(siteDir: string): HandlePage | null {
  const path = join(resolve(siteDir), 'server', 'index.cjs');
  if (!existsSync(path)) return null;
  // CommonJS, so both the server's ESM build and the release's single executable load it the same way.
  const loaded = createRequire(path)(path) as { handlePage: HandlePage };
  return loaded.handlePage;
}

/**
 * The page's language: the one its link names (`?lang=so`, as the page's hreflang alternates write it: a link shared
 * on WhatsApp or Facebook is fetched without the reader's cookie, so only the address can ask for Somali), else the
 * reader's choice on the site (the `lang` cookie), else what their browser asks for.
 */
export function pageLanguage(request: FastifyRequest): PageLanguage {
  const named = (request.query as Record<string, unknown> | undefined)?.lang;
  if (named === 'so' || named === 'en') return named;
  const chosen = request.cookies?.lang;
  if (chosen === 'so' || chosen === 'en') return chosen;
  return languageFromHeader(request.headers['accept-language']);
}

export function createServerPages(
  deps: AppDeps,
  handlePage: HandlePage,
  options: {
    secondsToWait?: (request: FastifyRequest) => Promise<number | null>;
    /** The page's CSP for its inline scripts' hashes (security-headers.ts). */
    pagePolicy: (scriptHashes: string[]) => string;
    /** The admin's default colour scheme, read per render. */
    defaultTheme: () => string;
    /** The site's public origin, for the link-preview tags. */
    origin: string;
  },
) {
  const pages = new Map<string, Entry>();
  // What a signed-in citizen's browser need not ask again after the page (shared/page-context.ts).
  const sameForEveryCitizen = proceduresWith('publicCache').filter(
    (path) => procedurePolicy(path)?.cacheByVote === undefined,
  );
  let generation = 0;
  let waiting = 0;
  // The render budget (RENDER_MS_PER_SECOND): milliseconds left, refilled with time; may go below zero by the
  // renders already queued when it ran out.
  let budget = RENDER_BURST_MS;
  let budgetAt = performance.now();
  // Renders run one at a time (client/src/page-handler.ts), so one's work is from its start or the previous one's end.
  let lastRenderEnd = 0;
  // What a render takes lately: the renders already queued are counted against the budget before one more.
  let renderMs = 20;
  // The newest render under way of each page, by generation, language and address (pageFor), and how many of
  // that page's renders are under way.
  const rendering = new Map<string, Flight>();
  const renderCount = new Map<string, number>();
  // The copies no write that only adds has outdated yet: the only ones such a write has to mark.
  const upToDate = new Set<string>();
  function budgetLeft(now: number): number {
    budget = Math.min(RENDER_BURST_MS, budget + ((now - budgetAt) * RENDER_MS_PER_SECOND) / 1000);
    budgetAt = now;
    return budget;
  }

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

  function pageContextFor(request: FastifyRequest, language: PageLanguage): PageContext {
    const context = createInnerContext(deps, {
      session: null,
      ip: request.ip,
      language,
      cookies: { setSession() {}, clearSession() {} },
    });
    const setting = options.defaultTheme();
    return {
      language,
      defaultTheme: setting === 'light' || setting === 'dark' ? setting : 'system',
      origin: options.origin,
      sameForEveryCitizen,
      trpcFor: (queryClient) =>
        createTRPCOptionsProxy({ router: appRouter, ctx: context, queryClient: queryClient as QueryClient }),
    };
  }

  async function renderPage(
    request: FastifyRequest,
    url: string,
    language: PageLanguage,
  ): Promise<ServerPage> {
    const page = pageContextFor(request, language);
    // The address alone: no cookie or header of the reader's reaches the render, so the copy is everyone's.
    const response = await handlePage(new Request(`http://codka.invalid${url}`), page);
    const location = response.headers.get('location');
    if (location && response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      return { status: response.status, html: null, redirect: location };
    }
    const html = pageModulesAtLowPriority(await response.text());
    // The site's error page (a loader or a render failed; the handler logged why): served, never kept.
    if (response.status >= 500) throw new RenderFailed({ status: response.status, html });
    return {
      status: response.status,
      html,
      csp: options.pagePolicy(inlineScriptHashes(html)),
      encodings: {},
      etag: pageVersion(html),
    };
  }

  /** Renders the page and keeps it, unless a write landed meanwhile; null when the render failed. */
  async function renderAndKeep(
    request: FastifyRequest,
    url: string,
    language: PageLanguage,
    key: string,
    flight: Flight,
  ) {
    waiting += 1;
    const startedAt = generation;
    const askedAt = performance.now();
    try {
      const page = await renderPage(request, url, language).finally(() => {
        const end = performance.now();
        const took = end - Math.max(askedAt, lastRenderEnd);
        budget -= took;
        renderMs = 0.8 * renderMs + 0.2 * took;
        lastRenderEnd = end;
      });
      // A write that landed meanwhile may have changed what the page shows: not kept.
      if (startedAt === generation) {
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
      return page;
    } catch (error) {
      if (error instanceof RenderFailed) {
        return { ...error.page, csp: options.pagePolicy(inlineScriptHashes(error.page.html ?? '')) };
      }
      request.log.error({ err: error, url }, 'server render failed');
      return null;
    } finally {
      waiting -= 1;
    }
  }

  /** A render of the page, shared by every reader who asks while it runs; null when none may start now. */
  function startRender(request: FastifyRequest, url: string, language: PageLanguage, key: string) {
    if (waiting >= MAX_WAITING_RENDERS) return null;
    // Like every limit, off with RATE_LIMITS=off (load tests, which measure rendering itself).
    if (deps.env.RATE_LIMITS && budgetLeft(performance.now()) <= waiting * renderMs) return null;
    const flightKey = `${generation}\n${key}`;
    const flight: Flight = { page: Promise.resolve(null) };
    renderCount.set(flightKey, (renderCount.get(flightKey) ?? 0) + 1);
    flight.page = renderAndKeep(request, url, language, key, flight).finally(() => {
      if (rendering.get(flightKey) === flight) rendering.delete(flightKey);
      const left = (renderCount.get(flightKey) ?? 1) - 1;
      if (left > 0) renderCount.set(flightKey, left);
      else renderCount.delete(flightKey);
    });
    rendering.set(flightKey, flight);
    return flight;
  }

  /**
   * The page for this request, or null when none could be rendered now (the render budget, the queue): static.ts
   * then answers the busy page. A 429 with `retryAfter` when a render would take the address
   * past its call ceiling: static.ts answers it with a page that says so.
   */
  async function pageFor(request: FastifyRequest): Promise<ServerPage | null> {
    const url = request.url;
    const language = pageLanguage(request);
    const key = `${language}\n${url}`;
    const entry = pages.get(key);
    const now = Date.now();
    if (entry && now - entry.storedAt <= PUBLIC_CACHE_TTL_MS) {
      if (entry.outdatedAt === undefined) return entry.page;
      if (now - entry.outdatedAt <= PAGE_STALE_AFTER_ADD_MS) {
        // Served as it is while one render (not charged: a copy the cache holds) replaces it.
        const due = now - entry.storedAt >= PAGE_REFRESH_MS;
        if (due && !rendering.has(`${generation}\n${key}`)) startRender(request, url, language, key);
        return entry.page;
      }
    }
    if (entry) drop(key);
    const wait = (await options.secondsToWait?.(request)) ?? null;
    if (wait !== null) return { status: 429, html: null, retryAfter: wait };
    // Readers asking for one page at once (a popular page just after a write emptied the cache) share one render
    // instead of filling the queue with copies of it. One who asks after a later write gets a render of its own
    // (flights are keyed by the generation of writes that may hide something, and one a vote outdated is not
    // joined), but a page never has more than MAX_RENDERS_PER_PAGE under way: with votes arriving every few
    // milliseconds, every reader would otherwise start one (and fill the queue with copies of one page).
    const flightKey = `${generation}\n${key}`;
    const newest = rendering.get(flightKey);
    const joinable =
      newest &&
      (newest.outdatedAt === undefined || (renderCount.get(flightKey) ?? 0) >= MAX_RENDERS_PER_PAGE);
    const flight = (joinable ? newest : startRender(request, url, language, key)) ?? newest;
    if (!flight) return null;
    const joined = flight === newest;
    const page = await flight.page;
    // A reader who joined a render that a vote outdated long before it ended gets the busy page rather than a page
    // more than PAGE_STALE_AFTER_ADD_MS behind that vote (rare: a render queued for a second).
    if (
      joined &&
      flight.outdatedAt !== undefined &&
      Date.now() - flight.outdatedAt > PAGE_STALE_AFTER_ADD_MS
    ) {
      return null;
    }
    return page;
  }

  /**
   * React Router's route manifest for links a page shows (`/__manifest?p=…&version=…`): small, never cached, and
   * charged to the address's call ceiling like a page. An old release's version answers 204 with a header that
   * makes the browser load the page afresh (the new release's code).
   */
  async function manifestFor(request: FastifyRequest): Promise<Response | { retryAfter: number }> {
    const wait = (await options.secondsToWait?.(request)) ?? null;
    if (wait !== null) return { retryAfter: wait };
    return handlePage(
      new Request(`http://codka.invalid${request.url}`),
      pageContextFor(request, pageLanguage(request)),
    );
  }

  return { pageFor, manifestFor, invalidate, size: () => pages.size };
}

/** A render that gave the site's error page (5xx): the reader gets it, the cache never keeps it. */
class RenderFailed extends Error {
  constructor(readonly page: ServerPage) {
    super(`the page rendered with status ${page.status}`);
  }
}
