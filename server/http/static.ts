import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { jsonError } from './errors';
import { pagePreloadLinks } from './page-preloads';
import { registerServiceWorker } from './service-worker';

/** Paths that are API surface: an unknown one answers JSON, never the SPA's HTML. */
const API_PREFIXES = ['/trpc', '/api', '/uploads', '/healthz'];

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Serves the built client (hashed assets cached for a year, index.html always revalidated), stored
 * uploads, and the SPA fallback: every other GET gets index.html so client routes load directly.
 */
export async function registerStatic(
  app: FastifyInstance,
  options: { clientDir: string; uploadsDir: string; defaultTheme?: () => string },
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
  const pageHtml = () => {
    const theme = options.defaultTheme?.() ?? 'system';
    return (indexHtml ?? '').replace(
      '<meta name="codka-default-theme" content="system" />',
      `<meta name="codka-default-theme" content="${theme === 'light' || theme === 'dark' ? theme : 'system'}" />`,
    );
  };
  // Every page but the landing page starts its code's downloads with the HTML (page-preloads.ts).
  const preloads = hasClient ? pagePreloadLinks(clientDir) : '';
  const otherPageHtml = () => pageHtml().replace('</head>', `${preloads}</head>`);
  const sendIndex = (reply: FastifyReply, html: string) =>
    reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  // The static plugin answers the root folder itself with 403; the home page is the SPA like any route.
  if (indexHtml) app.get('/', (_request, reply) => sendIndex(reply, pageHtml()));

  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && indexHtml) {
      return sendIndex(reply, otherPageHtml());
    }
    return reply
      .code(404)
      .send(jsonError(404, `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
