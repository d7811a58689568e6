import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { languageFromHeader } from '@shared/i18n/error-messages';
import type { PageLanguage, RenderPage, RenderResult } from '@shared/page-render';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { FastifyRequest } from 'fastify';
import { appRouter } from '../routers/_app';
import { procedurePolicy, proceduresWith } from '../routers/policy';
import { type AppDeps, createInnerContext } from '../trpc/context';
import { PUBLIC_CACHE_TTL_MS } from './public-cache';

/**
 * Public pages rendered on the server (client/src/entry-server.tsx, built to dist/ssr/entry-server.cjs): the
 * reader's language, the page's heading, first view and link-preview tags are in the HTML; the browser hydrates
 * it (client/src/entry-client.tsx).
 *
 * Every page is rendered as a visitor sees it, with an anonymous context: the HTML never holds anyone's data,
 * so one copy serves every reader of a language for a short while (the public cache's TTL, emptied by any
 * write, like the public cache). A render costs milliseconds of CPU and renders run one at a time, so a
 * flood of new URLs (junk query strings) is charged to the address's call ceiling and, past a short queue or
 * the render budget, answered with the shell the browser renders itself: never an error, never an unbounded
 * backlog, never the whole thread.
 */
const MAX_PAGES = 500;
/** Renders waiting beyond this get the shell (the browser renders the page, as before server rendering). */
const MAX_WAITING_RENDERS = 16;
/**
 * What rendering may take of the one thread that also answers every API call: milliseconds of rendering per
 * second, and the most saved up. A render of /senators takes 20 ms warm and up to 100 ms, so one address
 * asking for new URLs (`?junk=1`, `?junk=2`...) at 28 a second, far below its call ceiling, held /healthz at
 * 200-250 ms p50 (attack review of issue 19). Past the budget a new page gets the shell, which the browser renders
 * itself: pages the cache holds are still served, the API keeps three quarters of the thread, and new pages are
 * rendered again as the budget refills.
 */
export const RENDER_MS_PER_SECOND = 250;
export const RENDER_BURST_MS = 1000;

export interface ServerPage {
  status: number;
  /** The page's pieces, put into index.html by the caller. */
  result: Extract<RenderResult, { kind: 'page' }> | null;
  redirect?: string;
  /** Refused by the address's call ceiling (429): the seconds until it may ask again. */
  retryAfter?: number;
}

interface Entry {
  page: ServerPage;
  storedAt: number;
}

export function loadPageRenderer(ssrDir: string): RenderPage | null {
  const path = join(resolve(ssrDir), 'entry-server.cjs');
  if (!existsSync(path)) return null;
  // CommonJS, so both the server's ESM build and the release's single executable load it the same way.
  const loaded = createRequire(path)(path) as { render: RenderPage };
  return loaded.render;
}

/** The reader's language: their choice on the site (the `lang` cookie), else what their browser asks for. */
export function pageLanguage(request: FastifyRequest): PageLanguage {
  const chosen = request.cookies?.lang;
  if (chosen === 'so' || chosen === 'en') return chosen;
  return languageFromHeader(request.headers['accept-language']);
}

export function createServerPages(
  deps: AppDeps,
  render: RenderPage,
  options: { secondsToWait?: (request: FastifyRequest) => Promise<number | null> },
) {
  const pages = new Map<string, Entry>();
  // What a signed-in citizen's browser need not ask again after the page (shared/page-render.ts).
  const sameForEveryCitizen = proceduresWith('publicCache').filter(
    (path) => procedurePolicy(path)?.cacheByVote === undefined,
  );
  let generation = 0;
  let waiting = 0;
  // The render budget (RENDER_MS_PER_SECOND): milliseconds left, refilled with time; may go below zero by the
  // renders already queued when it ran out.
  let budget = RENDER_BURST_MS;
  let budgetAt = performance.now();
  // Renders run one at a time (entry-server.tsx), so one's work is from its start or the previous one's end.
  let lastRenderEnd = 0;
  // What a render takes lately: the renders already queued are counted against the budget before one more.
  let renderMs = 20;
  // Renders under way, by generation, language and address (pageFor).
  const rendering = new Map<string, Promise<ServerPage | null>>();
  function budgetLeft(now: number): number {
    budget = Math.min(RENDER_BURST_MS, budget + ((now - budgetAt) * RENDER_MS_PER_SECOND) / 1000);
    budgetAt = now;
    return budget;
  }

  function invalidate() {
    generation += 1;
    pages.clear();
  }

  async function renderNow(
    request: FastifyRequest,
    url: string,
    language: PageLanguage,
  ): Promise<ServerPage> {
    const context = createInnerContext(deps, {
      session: null,
      ip: request.ip,
      language,
      cookies: { setSession() {}, clearSession() {} },
    });
    const result = await render({
      url,
      language,
      sameForEveryCitizen,
      trpcFor: (queryClient) =>
        createTRPCOptionsProxy({ router: appRouter, ctx: context, queryClient: queryClient as QueryClient }),
    });
    if (result.kind === 'redirect') return { status: result.status, result: null, redirect: result.location };
    if (result.kind === 'browser') return { status: 200, result: null };
    return { status: result.status, result };
  }

  /** Renders the page and keeps it, unless a write landed meanwhile; null when the render failed. */
  async function renderAndKeep(request: FastifyRequest, url: string, language: PageLanguage, key: string) {
    waiting += 1;
    const startedAt = generation;
    const askedAt = performance.now();
    try {
      const page = await renderNow(request, url, language).finally(() => {
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
          pages.delete(stored);
        }
        pages.delete(key);
        if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value as string);
        pages.set(key, { page, storedAt: now });
      }
      return page;
    } catch (error) {
      request.log.error({ err: error, url }, 'server render failed; the browser renders the page');
      return null;
    } finally {
      waiting -= 1;
    }
  }

  /**
   * The page for this request, or null when it is not one the server renders (or could not render: the
   * browser then renders it from the shell). A 429 with `retryAfter` when a render would take the address
   * past its call ceiling: static.ts answers it with a page that says so.
   */
  async function pageFor(request: FastifyRequest): Promise<ServerPage | null> {
    const url = request.url;
    const language = pageLanguage(request);
    const key = `${language}\n${url}`;
    const entry = pages.get(key);
    if (entry && Date.now() - entry.storedAt <= PUBLIC_CACHE_TTL_MS) return entry.page;
    if (entry) pages.delete(key);
    const wait = (await options.secondsToWait?.(request)) ?? null;
    if (wait !== null) return { status: 429, result: null, retryAfter: wait };
    // Readers asking for one page at once (a popular page just after a vote emptied the cache) share one render
    // instead of filling the queue with copies of it; one who asks after a later write gets a render of its own.
    const flightKey = `${generation}\n${key}`;
    const inFlight = rendering.get(flightKey);
    if (inFlight) return inFlight;
    if (waiting >= MAX_WAITING_RENDERS) return null;
    // Like every limit, off with RATE_LIMITS=off (load tests, which measure rendering itself).
    if (deps.env.RATE_LIMITS && budgetLeft(performance.now()) <= waiting * renderMs) return null;
    const flight = renderAndKeep(request, url, language, key);
    rendering.set(flightKey, flight);
    try {
      return await flight;
    } finally {
      rendering.delete(flightKey);
    }
  }

  return { pageFor, invalidate, size: () => pages.size };
}
