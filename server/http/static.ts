import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import { plainAcceptEncoding } from './accept-encoding';
import { routeBuiltFiles } from './built-files';
import { encodePage } from './compress';
import { holdsVersion } from './etag';
import { BUSY_RETRY_SECONDS, busyHtml, offlineHtml, refusalHtml } from './refusal-page';
import { registerServiceWorker } from './service-worker';
import { type createServerPages, pageLanguage, RENDER_ORIGIN } from './ssr';

/** The codings the build writes copies of (vite.config.ts): .br and .gz. */
const STATIC_CODINGS = ['br', 'gzip'];

/** Where React Router's browser code asks for the routes of the links a page shows (react-router.config.ts). */
const ROUTE_MANIFEST = '/__manifest';

/**
 * The longest address of a manifest request: React Router's browser code sends none longer than 7,680 characters
 * (its URL_LIMIT), and its handler refuses, without a word, one whose address (with the origin the server gives
 * it, ssr.ts) is longer. A longer one is no browser's, so it is refused before anything reads it (the call
 * ceiling, the page context, the route matching, the compression), with a sentence; the bound on a request's head
 * (server/app.ts MAX_REQUEST_HEAD_BYTES) refuses far longer ones before they are parsed.
 */
export const ROUTE_MANIFEST_MAX_URL = 7680 - RENDER_ORIGIN.length;

/**
 * React Router's data requests (`/page.data`): the site's browser code makes none (a page's loader in the browser
 * is its clientLoader, which never asks the server's; root never revalidates), and the handler's answer to one is
 * its loaders' data, text that may repeat the address's words, not a page. None reaches the handler.
 */
const ROUTE_DATA = '.data';

/** The offline worker's page for addresses it has no copy of (client/public/sw.js names it too). */
const OFFLINE_PAGE = '/offline';

/** Paths that are API surface: an unknown one answers JSON, never a page. */
const API_PREFIXES = ['/trpc', '/api', '/uploads', '/healthz'];

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Serves the site's built files (hashed assets cached for a year, pages always revalidated), stored uploads,
 * and every other GET as a page rendered on the server (ssr.ts).
 */
export async function registerStatic(
  app: FastifyInstance,
  options: {
    /** The site's browser files (dist/site/client); null when the development server's Vite serves them. */
    clientDir: string | null;
    uploadsDir: string;
    /** Pages rendered on the server (ssr.ts); without them (the site not built) no address is a page. */
    serverPages?: ReturnType<typeof createServerPages> | null;
  },
) {
  const clientDir = resolve(options.clientDir ?? 'no-client-files');
  const uploadsDir = resolve(options.uploadsDir);
  mkdirSync(uploadsDir, { recursive: true });

  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '7d',
  });

  const serverPages = options.serverPages ?? null;
  const hasClient = options.clientDir !== null && existsSync(clientDir);
  if (hasClient) {
    // @fastify/static picks a file's .br or .gz copy with a negotiator that lets `*` override a refusal
    // (`gzip;q=0, *` got gzip); the header is restated plainly first (accept-encoding.ts), so it reads it right.
    app.addHook('onRequest', async (request) => {
      const header = request.headers['accept-encoding'];
      if (typeof header === 'string' && !isApiPath(request.url)) {
        request.headers['accept-encoding'] = plainAcceptEncoding(header, STATIC_CODINGS);
      }
    });
    // The worker has a route of its own: it is served with the offline reads written in.
    registerServiceWorker(app, clientDir);
    await app.register(fastifyStatic, {
      root: clientDir,
      // The routes are built-files.ts's, from a list of the files taken at the start: the plugin's catch-all route
      // lists the folders of every path it is asked for, which was most of a script's cost, and its route for
      // each file costs the start a third more time and 20 MB (docs/scaling.md, "The built files").
      serve: false,
      index: false,
      // The build writes .br and .gz copies of its text files (vite.config.ts): sent to browsers that accept them.
      preCompressed: true,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(clientDir, 'assets')}`);
        res.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
    routeBuiltFiles(app, clientDir);
  }

  /** A page rendered on the server (ssr.ts), from its cache when it holds a copy. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? '';
    if (path === ROUTE_MANIFEST) return sendManifest(request, reply);
    if (path.endsWith(ROUTE_DATA)) {
      return sendDomainError(
        reply.header('Cache-Control', 'no-store'),
        new DomainError('request.noSuchAddress'),
      );
    }
    const page = (await serverPages?.pageFor(request)) ?? null;
    if (page?.redirect) return reply.redirect(page.redirect, page.status);
    const language = pageLanguage(request);
    const refusal = (status: number, html: string, seconds: number) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('Retry-After', String(seconds))
        .header('Cache-Control', 'no-store')
        .header('Vary', 'Cookie, Accept-Language, Accept-Encoding')
        .send(html);
    if (page?.retryAfter !== undefined) {
      return refusal(429, refusalHtml(language, page.retryAfter), page.retryAfter);
    }
    // No render could start now (the render budget, the queue): a moment later one can.
    if (!page?.html) return refusal(503, busyHtml(language), BUSY_RETRY_SECONDS);
    reply
      .header('Cache-Control', 'no-cache')
      // The same address answers in the reader's language: a shared cache must keep the copies apart.
      .header('Vary', 'Cookie, Accept-Language, Accept-Encoding');
    // Also on a 304: the browser keeps the page it holds with the headers of the 304, and the site's policy
    // that every other answer carries would refuse the page's inline scripts.
    if (page.csp) reply.header('Content-Security-Policy', page.csp);
    if (page.etag) {
      reply.header('ETag', page.etag);
      if (page.status === 200 && holdsVersion(request.headers['if-none-match'], page.etag)) {
        return reply.code(304).send();
      }
    }
    const encoded = encodePage(page.html, request.headers['accept-encoding'], page.encodings);
    if (encoded.encoding) reply.header('Content-Encoding', encoded.encoding);
    return reply.code(page.status).type('text/html; charset=utf-8').send(encoded.body);
  }
  /** React Router's route manifest for the links a page shows (ssr.ts manifestFor). */
  async function sendManifest(request: FastifyRequest, reply: FastifyReply) {
    if (request.url.length > ROUTE_MANIFEST_MAX_URL) {
      return sendDomainError(reply.header('Cache-Control', 'no-store'), new DomainError('request.tooLarge'));
    }
    const answer = await serverPages?.manifestFor(request);
    if (!answer) return sendDomainError(reply, new DomainError('request.noSuchAddress'));
    if (!(answer instanceof Response)) {
      const wait = new DomainError('request.tooManyRequests', { seconds: answer.retryAfter });
      return sendDomainError(reply.header('Retry-After', String(answer.retryAfter)), wait);
    }
    const headers = Object.fromEntries(
      [...answer.headers].filter(([name]) => name !== 'content-length' && name !== 'content-encoding'),
    );
    // Compressed like a page: the manifest of a page's links is tens of KB of JSON on a first visit's line.
    const encoded = encodePage(await answer.text(), request.headers['accept-encoding']);
    if (encoded.encoding) reply.header('Content-Encoding', encoded.encoding);
    return reply
      .code(answer.status)
      .headers(headers)
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Accept-Encoding')
      .send(encoded.body);
  }

  // What the offline worker shows for an address it kept no copy of, in the reader's language (sw.js).
  if (serverPages) {
    app.get(OFFLINE_PAGE, (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie, Accept-Language')
        .send(offlineHtml(pageLanguage(request))),
    );
  }
  // Browsers ask for /favicon.ico where a page names no icon (a JSON answer, an image): the site's one icon.
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
  // The static plugin answers the root folder itself with 403; the home page is a page like any other.
  if (serverPages) app.get('/', sendPage);

  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && serverPages) {
      return sendPage(request, reply);
    }
    return sendDomainError(reply, new DomainError('request.noSuchAddress'));
  });
}
