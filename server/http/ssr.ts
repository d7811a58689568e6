import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { languageFromHeader } from '@shared/i18n/error-messages';
import type { HandlePage, PageContext, PageLanguage } from '@shared/page-context';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { FastifyRequest } from 'fastify';
import { addressKey } from '../auth/client-address';
import { appRouter } from '../routers/_app';
import { procedurePolicy, proceduresWith } from '../routers/policy';
import { type AppDeps, createInnerContext } from '../trpc/context';
import { createPageCache, type Flight, type ServerPage } from './page-cache';
import { pageModulesAtLowPriority, pageVersion } from './page-copy';
import { inlineScriptHashes } from './page-csp';
import { type AddressCharge, createRenderShares } from './render-shares';

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
/**
 * The budget's reserve: while other addresses ask for renders too, an address past its share (render-shares.ts)
 * starts no render that would leave less than this, the renders already queued counted, so one reader asking for new
 * addresses (`/senators?junk=N`) cannot leave everyone else with the busy page. Above it, or with no other address
 * asking, such an address renders as before: hundreds of phones behind one carrier address keep the budget's whole
 * rate, and lose only the reserve when others need it.
 */
export const SHARED_BELOW_MS = RENDER_BURST_MS / 2;
/** A render of a heavy page (/parliament-members, /senators) on a loaded machine. */
const HEAVY_RENDER_MS = 100;
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
  const shares = createRenderShares({ enabled: deps.env.RATE_LIMITS, log: deps.log });

  /** The page handler's time on a call since it was asked: calls run one at a time, in turn. */
  function handlerTime(askedAt: number): number {
    const end = performance.now();
    const took = end - Math.max(askedAt, lastRenderEnd);
    lastRenderEnd = end;
    return took;
  }

  /** What a render for this reader is charged to their address before it starts (shares.ended corrects it). */
  const chargeFor = (request: FastifyRequest): AddressCharge => ({
    address: addressKey(request.ip),
    ms: Math.max(1, Math.round(renderMs)),
  });

  // Renders allowed (mayRender) and not yet asked of the page handler: counted with those waiting.
  let allowedNotStarted = 0;

  /**
   * Whether the reader may start a render: within their address's share, or with no other address asking for renders
   * (nobody to keep the reserve for), or from a budget that keeps its reserve once
   * the renders waiting or allowed and this one are counted, each at no less than a heavy page's (the figure of lately
   * may be of light pages, or of none yet, while a burst of asks for heavy ones arrives). When it may, `decided` must
   * follow, with whether the render started.
   */
  async function mayRender(charge: AddressCharge): Promise<boolean> {
    const within = await shares.withinShare(charge);
    const queued = (waiting + allowedNotStarted + 1) * Math.max(renderMs, HEAVY_RENDER_MS);
    const reserveKept = budgetLeft(performance.now()) - queued >= SHARED_BELOW_MS;
    if (!within && !reserveKept && shares.othersAsking(charge.address)) {
      shares.release(charge);
      return false;
    }
    allowedNotStarted += 1;
    return true;
  }

  /** After mayRender allowed a render: whether it started (renderAndKeep ends its charge) or not (ended here). */
  function decided(charge: AddressCharge, started: boolean) {
    allowedNotStarted -= 1;
    if (!started) shares.ended(charge, 0);
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
    charge: AddressCharge | undefined,
  ) {
    waiting += 1;
    const askedAt = performance.now();
    try {
      const page = await renderPage(request, url, language).finally(() => {
        const took = handlerTime(askedAt);
        budget -= took;
        renderMs = 0.8 * renderMs + 0.2 * took;
        if (charge) shares.ended(charge, took);
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

  /**
   * A render of the page, shared by every reader who asks while it runs; null when none may start now. `charge`:
   * the address it is charged to (none for the refresh of a copy the cache holds).
   */
  function startRender(
    request: FastifyRequest,
    url: string,
    language: PageLanguage,
    key: string,
    charge?: AddressCharge,
  ) {
    if (waiting >= MAX_WAITING_RENDERS) return null;
    // Like every limit, off with RATE_LIMITS=off (load tests, which measure rendering itself).
    if (deps.env.RATE_LIMITS && budgetLeft(performance.now()) <= waiting * renderMs) return null;
    return cache.startFlight(key, (flight) => renderAndKeep(request, url, language, key, flight, charge));
  }

  /** A render this reader may join, or one started for them (charged to their address); null when none may start. */
  async function flightFor(request: FastifyRequest, url: string, language: PageLanguage, key: string) {
    const asked = cache.flightOf(key);
    if (asked.joinable) return { flight: asked.newest, joined: true };
    const charge = chargeFor(request);
    const allowed = await mayRender(charge);
    // Another reader of this page may have started its render meanwhile.
    const { newest, joinable } = cache.flightOf(key);
    const started = allowed && !joinable ? startRender(request, url, language, key, charge) : null;
    if (allowed) decided(charge, started !== null);
    return started ? { flight: started, joined: false } : { flight: newest, joined: true };
  }

  /**
   * Replaces a copy a vote outdated, charged to the reader whose read found it due (they get the copy at once), so
   * asking for copies of many pages again and again renders nothing past an address's share.
   */
  async function refreshCopy(request: FastifyRequest, url: string, language: PageLanguage, key: string) {
    const charge = chargeFor(request);
    const allowed = await mayRender(charge);
    // Another reader may have found it due too and started its render meanwhile.
    const started =
      allowed && !cache.flightOf(key).newest ? startRender(request, url, language, key, charge) : null;
    if (allowed) decided(charge, started !== null);
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
      // Served as it is while one render replaces it (not charged to the call ceiling: a copy the cache holds).
      if (copy.refresh) {
        refreshCopy(request, url, language, key).catch((error: unknown) => {
          request.log.error({ err: error, url }, 'page refresh failed');
        });
      }
      return copy.page;
    }
    const wait = (await options.secondsToWait?.(request)) ?? null;
    if (wait !== null) return { status: 429, html: null, retryAfter: wait };
    // Readers asking for one page at once (a popular page just after a write emptied the cache) share one render
    // instead of filling the queue with copies of it (page-cache.ts flightOf).
    const { flight, joined } = await flightFor(request, url, language, key);
    if (!flight) return null;
    const page = await flight.page;
    // A reader who joined a render a vote outdated long before it ended gets the busy page instead.
    return joined && !cache.freshEnough(flight) ? null : page;
  }

  /**
   * React Router's route manifest for links a page shows (`/__manifest?p=…&version=…`): small, never cached, and
   * charged to the address's call ceiling like a page. It waits its turn with the renders: its time is charged to
   * the address's share (so the render after it is not), never taken from the budget (so asking for manifests
   * cannot refuse other readers' pages) and never refused (a page's links need it). An old release's version
   * answers 204 with a header that makes the browser load the page afresh (the new release's code).
   */
  async function manifestFor(request: FastifyRequest): Promise<Response | { retryAfter: number }> {
    const wait = (await options.secondsToWait?.(request)) ?? null;
    if (wait !== null) return { retryAfter: wait };
    const askedAt = performance.now();
    return handlePage(
      new Request(`${RENDER_ORIGIN}${request.url}`),
      pageContextFor(request, pageLanguage(request)),
    ).finally(() => {
      shares.settle({ address: addressKey(request.ip), ms: 0 }, handlerTime(askedAt));
    });
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
