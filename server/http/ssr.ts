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
import { createPageCache, type Flight, type ServerPage } from './page-cache';
import { pageModulesAtLowPriority, pageVersion } from './page-copy';
import { inlineScriptHashes } from './page-csp';

/**
 * Pages rendered on the server (client/src/page-handler.ts with React Router's route modules, built to
 * dist/site/server/index.cjs): the reader's language, the page's heading, first view and link-preview tags are
 * in the HTML; the browser hydrates it (client/src/entry.client.tsx). Pages about the signed-in reader come as
 * the site's frame with a loader, which the browser fills.
 *
 * Every page is rendered as a visitor sees it, with an anonymous context: the HTML never holds anyone's data,
 * so one copy serves every reader of a language for a short while (page-cache.ts says how long, and what a write
 * does to it). A render costs milliseconds of CPU and renders run one at a time, so a flood of new URLs (junk
 * query strings) is charged to the address's call ceiling and, past a short queue or the render budget, answered
 * with a short "busy" page that reloads itself a moment later (static.ts): never an unbounded backlog, never the
 * whole thread.
 */
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
/** The origin of every address the page handler is given: no reader's Host header reaches a render. */
export const RENDER_ORIGIN = 'http://codka.invalid';

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
  const cache = createPageCache();
  // What a signed-in citizen's browser need not ask again after the page (shared/page-context.ts).
  const sameForEveryCitizen = proceduresWith('publicCache').filter(
    (path) => procedurePolicy(path)?.cacheByVote === undefined,
  );
  let waiting = 0;
  // The render budget (RENDER_MS_PER_SECOND): milliseconds left, refilled with time; may go below zero by the
  // renders already queued when it ran out.
  let budget = RENDER_BURST_MS;
  let budgetAt = performance.now();
  // Renders run one at a time (client/src/page-handler.ts), so one's work is from its start or the previous one's end.
  let lastRenderEnd = 0;
  // What a render takes lately: the renders already queued are counted against the budget before one more.
  let renderMs = 20;
  function budgetLeft(now: number): number {
    budget = Math.min(RENDER_BURST_MS, budget + ((now - budgetAt) * RENDER_MS_PER_SECOND) / 1000);
    budgetAt = now;
    return budget;
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
    const response = await handlePage(new Request(`${RENDER_ORIGIN}${url}`), page);
    const location = response.headers.get('location');
    if (location && response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      return { status: response.status, html: null, redirect: location };
    }
    const html = pageModulesAtLowPriority(await response.text());
    const csp = options.pagePolicy(pageScriptHashes(response, html));
    // The site's error page (a loader or a render failed; the handler logged why): served, never kept.
    if (response.status >= 500) throw new RenderFailed({ status: response.status, html, csp });
    return {
      status: response.status,
      html,
      csp,
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
    const askedAt = performance.now();
    try {
      const page = await renderPage(request, url, language).finally(() => {
        const end = performance.now();
        const took = end - Math.max(askedAt, lastRenderEnd);
        budget -= took;
        renderMs = 0.8 * renderMs + 0.2 * took;
        lastRenderEnd = end;
      });
      cache.keep(key, flight, page);
      return page;
    } catch (error) {
      if (error instanceof RenderFailed) return error.page;
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
    return cache.startFlight(key, (flight) => renderAndKeep(request, url, language, key, flight));
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
    const copy = cache.copy(key);
    if (copy) {
      // Served as it is while one render (not charged: a copy the cache holds) replaces it.
      if (copy.refresh) startRender(request, url, language, key);
      return copy.page;
    }
    const wait = (await options.secondsToWait?.(request)) ?? null;
    if (wait !== null) return { status: 429, html: null, retryAfter: wait };
    // Readers asking for one page at once (a popular page just after a write emptied the cache) share one render
    // instead of filling the queue with copies of it (page-cache.ts flightOf).
    const { newest, joinable } = cache.flightOf(key);
    const flight = (joinable ? newest : startRender(request, url, language, key)) ?? newest;
    if (!flight) return null;
    const joined = flight === newest;
    const page = await flight.page;
    // A reader who joined a render a vote outdated long before it ended gets the busy page instead.
    return joined && !cache.freshEnough(flight) ? null : page;
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
      new Request(`${RENDER_ORIGIN}${request.url}`),
      pageContextFor(request, pageLanguage(request)),
    );
  }

  return { pageFor, manifestFor, invalidate: cache.invalidate, size: cache.size };
}

/**
 * The inline scripts the page's policy allows: those of an HTML document the handler rendered (React Router's
 * context and hydration data). An answer of another kind is no document of ours, whatever it holds: a
 * `<script>` in it is text that may have come from the address, and none is allowed.
 */
function pageScriptHashes(response: Response, html: string): string[] {
  const type = response.headers.get('content-type') ?? '';
  return /^text\/html\s*(;|$)/i.test(type) ? inlineScriptHashes(html) : [];
}

/** A render that gave the site's error page (5xx): the reader gets it, the cache never keeps it. */
class RenderFailed extends Error {
  constructor(readonly page: ServerPage) {
    super(`the page rendered with status ${page.status}`);
  }
}
