import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { plainAcceptEncoding } from './accept-encoding';
import { jsonError } from './errors';
import { pageAssets } from './page-assets';
import { encodePage, type PageEncodings, pageHtml } from './page-html';
import { refusalHtml } from './refusal-page';
import { registerServiceWorker } from './service-worker';
import { type createServerPages, pageLanguage, type ServerPage } from './ssr';

/** The codings the build writes copies of (vite.config.ts): .br and .gz. */
const STATIC_CODINGS = ['br', 'gzip'];

/** Paths that are API surface: an unknown one answers JSON, never the SPA's HTML. */
const API_PREFIXES = ['/trpc', '/api', '/uploads', '/healthz'];

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Serves the built client (hashed assets cached for a year, pages always revalidated), stored uploads, and
 * every other GET as a page: rendered on the server when it is a public one (ssr.ts), else the shell.
 */
export async function registerStatic(
  app: FastifyInstance,
  options: {
    clientDir: string;
    uploadsDir: string;
    defaultTheme?: () => string;
    /** Public pages rendered on the server (ssr.ts); without it every page is the shell the browser renders. */
    serverPages?: ReturnType<typeof createServerPages> | null;
    publicOrigin?: string;
  },
) {
  const clientDir = resolve(options.clientDir);
  const uploadsDir = resolve(options.uploadsDir);
  mkdirSync(uploadsDir, { recursive: true });

  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '7d',
  });

  const indexPath = join(clientDir, 'index.html');
  const hasClient = existsSync(indexPath);
  const indexHtml = hasClient ? readFileSync(indexPath, 'utf8') : null;
  if (hasClient) {
    // @fastify/static picks a file's .br or .gz copy with a negotiator that lets `*` override a refusal
    // (`gzip;q=0, *` got gzip); the header is restated plainly first (accept-encoding.ts), so it reads it right.
    app.addHook('onRequest', async (request) => {
      const header = request.headers['accept-encoding'];
      if (typeof header === 'string' && !isApiPath(request.url)) {
        request.headers['accept-encoding'] = plainAcceptEncoding(header, STATIC_CODINGS);
      }
    });
    // A page's address (nothing after a dot in its last part) goes straight to the page: @fastify/static's lookup
    // (the folder's listing, then the .br, .gz and plain file) takes several turns of the event loop, which under
    // R1's reads put /parliament-members 140-250 ms from its first byte against 12 ms for / (P1, page-ttfb.mjs).
    // Only what the static files' catch-all route matched: every route of its own keeps it.
    // A callback hook, the cheapest kind: it runs before every request.
    app.addHook('onRequest', (request, reply, done) => {
      if ((request.method !== 'GET' && request.method !== 'HEAD') || request.routeOptions.url !== '/*') {
        return done();
      }
      const last = (request.url.split('?')[0] ?? '').split('/').pop() ?? '';
      if (last.includes('.') || isApiPath(request.url)) return done();
      sendPage(request, reply).catch((error: unknown) => reply.send(error));
    });
    // Before the static files: the worker is served with the offline reads written in.
    registerServiceWorker(app, clientDir);
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies of its text files (vite.config.ts): sent to browsers that accept them.
      preCompressed: true,
      // Dot folders stay private: .vite/ holds the build manifest, which names the source files.
      allowedPath: (path) => !path.split('/').some((part) => part.startsWith('.')),
      setHeaders(res, path) {
        const immutable = path.includes(`${join(clientDir, 'assets')}`);
        res.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }

  // The page carries the admin's default theme so the first paint already uses it, without an extra request.
  // One template per theme, made once: the same string each time, so an assembled page can be reused (below).
  const templates = new Map<string, string>();
  const template = () => {
    const setting = options.defaultTheme?.() ?? 'system';
    const theme = setting === 'light' || setting === 'dark' ? setting : 'system';
    let html = templates.get(theme);
    if (html === undefined) {
      html = (indexHtml ?? '').replace(
        '<meta name="codka-default-theme" content="system" />',
        `<meta name="codka-default-theme" content="${theme}" />`,
      );
      templates.set(theme, html);
    }
    return html;
  };
  // A cached page (ssr.ts) is assembled and compressed once, not on every request it answers: the HTML and its
  // compressed copies go with the page (gone when the page leaves the cache). Rebuilt if the theme changed.
  const assembled = new WeakMap<ServerPage, { template: string; html: string; encodings: PageEncodings }>();
  const linksFor = hasClient ? pageAssets(clientDir) : () => '';
  const origin = options.publicOrigin ?? '';
  /** A public page rendered on the server, else the shell (in the reader's language) the browser renders. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const page = (await options.serverPages?.pageFor(request)) ?? null;
    if (page?.redirect) return reply.redirect(page.redirect, page.status);
    const language = pageLanguage(request);
    if (page?.retryAfter !== undefined) {
      return reply
        .code(429)
        .type('text/html; charset=utf-8')
        .header('Retry-After', String(page.retryAfter))
        .header('Cache-Control', 'no-store')
        .header('Vary', 'Cookie, Accept-Language, Accept-Encoding')
        .send(refusalHtml(template(), language, page.retryAfter));
    }
    const result = page?.result ?? null;
    const pageTemplate = template();
    let kept = page ? assembled.get(page) : undefined;
    if (!kept || kept.template !== pageTemplate) {
      const html = pageHtml(pageTemplate, language, {
        result,
        url: request.url,
        origin,
        links: result ? linksFor(result.files) : '',
      });
      kept = { template: pageTemplate, html, encodings: {} };
      if (page) assembled.set(page, kept);
    }
    const encoded = encodePage(
      kept.html,
      request.headers['accept-encoding'],
      page ? kept.encodings : undefined,
    );
    if (encoded.encoding) reply.header('Content-Encoding', encoded.encoding);
    return (
      reply
        .code(page?.status ?? 200)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        // The same address answers in the reader's language: a shared cache must keep the copies apart.
        .header('Vary', 'Cookie, Accept-Language, Accept-Encoding')
        .send(encoded.body)
    );
  }
  // Browsers ask for /favicon.ico where a page names no icon (a JSON answer, an image): the site's one icon.
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
  // The static plugin answers the root folder itself with 403; the home page is a page like any other.
  if (indexHtml) app.get('/', sendPage);

  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && indexHtml) {
      return sendPage(request, reply);
    }
    return reply
      .code(404)
      .send(jsonError(404, `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
