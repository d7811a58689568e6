import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { languageFromHeader } from '@shared/i18n/error-messages';
import type { PageLanguage, RenderPage, RenderResult } from '@shared/page-render';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
 * flood of new URLs (junk query strings) is charged to the address's call ceiling and, past a short queue,
 * answered with the shell the browser renders itself: never an error, never an unbounded backlog.
 */
const MAX_PAGES = 500;
/** Renders waiting beyond this get the shell (the browser renders the page, as before server rendering). */
const MAX_WAITING_RENDERS = 16;

export interface ServerPage {
  status: number;
  /** The page's pieces, put into index.html by the caller. */
  result: Extract<RenderResult, { kind: 'page' }> | null;
  redirect?: string;
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
  options: { charge?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean> },
) {
  const pages = new Map<string, Entry>();
  // What a signed-in citizen's browser need not ask again after the page (shared/page-render.ts).
  const sameForEveryCitizen = proceduresWith('publicCache').filter(
    (path) => procedurePolicy(path)?.cacheByVote === undefined,
  );
  let generation = 0;
  let waiting = 0;

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

  /**
   * The page for this request, or null when it is not one the server renders (or could not render: the
   * browser then renders it from the shell). False when the call ceiling answered 429 itself.
   */
  async function pageFor(request: FastifyRequest, reply: FastifyReply): Promise<ServerPage | null | false> {
    const url = request.url;
    const language = pageLanguage(request);
    const key = `${language}\n${url}`;
    const entry = pages.get(key);
    if (entry && Date.now() - entry.storedAt <= PUBLIC_CACHE_TTL_MS) return entry.page;
    if (entry) pages.delete(key);
    if (options.charge && !(await options.charge(request, reply))) return false;
    if (waiting >= MAX_WAITING_RENDERS) return null;
    waiting += 1;
    const startedAt = generation;
    try {
      const page = await renderNow(request, url, language);
      // A write that landed meanwhile may have changed what the page shows: not kept.
      if (startedAt === generation) {
        if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value as string);
        pages.set(key, { page, storedAt: Date.now() });
      }
      return page;
    } catch (error) {
      request.log.error({ err: error, url }, 'server render failed; the browser renders the page');
      return null;
    } finally {
      waiting -= 1;
    }
  }

  return { pageFor, invalidate };
}
