import { readdirSync } from 'node:fs';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';

/** The build's compressed copies: @fastify/static sends one in place of its file (`preCompressed`). */
const COMPRESSED_COPY = /\.(br|gz)$/;

/** Served by a route of its own, with the offline reads written in (service-worker.ts). */
const SERVICE_WORKER = 'sw.js';

/**
 * The routes' options: a reader who goes away before the file is sent (a tab closed, a navigation) is no
 * failure of the server's, and is neither answered nor logged as one, as in @fastify/static's own routes.
 */
export function fileRouteOptions(app: FastifyInstance): RouteShorthandOptions {
  return {
    errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
        request.raw.destroy();
        return;
      }
      return app.errorHandler(error, request, reply);
    },
  };
}

/**
 * The client build's files by folder (`''` for the top), listed once: a release's files do not change while
 * it runs. Dot entries stay private (a build manifest names the source files).
 */
export function builtFiles(clientDir: string): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const folder = entry.parentPath.slice(clientDir.length).replace(/^\//, '');
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (path.split('/').some((part) => part.startsWith('.'))) continue;
    if (COMPRESSED_COPY.test(entry.name) || path === SERVICE_WORKER) continue;
    if (!folders.has(folder)) folders.set(folder, new Set());
    folders.get(folder)?.add(entry.name);
  }
  return folders;
}

/**
 * A route for each file at the top (a handful) and one for each folder, which sends a name the build wrote,
 * spelled as the build spelled it, and hands every other to the not-found handler (a page, static.ts). Nothing
 * else is ever read from the folder: no other path, no other spelling, no file written after the start.
 * `reply.sendFile` is @fastify/static's (registered with the client's folder as its root).
 */
export function routeBuiltFiles(app: FastifyInstance, clientDir: string): void {
  const options = fileRouteOptions(app);
  for (const [folder, names] of builtFiles(clientDir)) {
    if (folder === '') {
      for (const name of names) app.get(`/${name}`, options, (_request, reply) => reply.sendFile(name));
      continue;
    }
    app.get<{ Params: { name: string } }>(`/${folder}/:name`, options, (request, reply) => {
      const { name } = request.params;
      return names.has(name) ? reply.sendFile(`${folder}/${name}`) : reply.callNotFound();
    });
  }
}
