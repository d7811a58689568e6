import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { proceduresWith, procedureType } from '../routers/policy';
import { encodePage } from './compress';

/** Where client/public/sw.js expects the list; the server writes it in when it serves the file. */
const MARKER = '/* offline reads */ []';

/**
 * The procedures the service worker may keep for offline reading: those whose meta says `offline: true`
 * (server/trpc/init.ts), and queries only. The worker holds no list of its own, so a procedure that stops
 * declaring `offline` stops being stored with the next deploy.
 */
export function offlineReads(): string[] {
  return proceduresWith('offline').filter((path) => procedureType(path) === 'query');
}

/** The worker's source with the list written in. A build without the marker is refused at start. */
export function serviceWorkerSource(source: string, reads: string[] = offlineReads()): string {
  if (!source.includes(MARKER)) {
    throw new Error(`sw.js has no "${MARKER}" for the offline reads: rebuild the client`);
  }
  return source.replace(MARKER, `/* offline reads */ ${JSON.stringify(reads)}`);
}

/**
 * GET /sw.js from the built client with the offline reads written in, revalidated on every visit so a new
 * deploy's rules reach the browser on its next page load (docs/decisions/008-offline.md).
 */
export function registerServiceWorker(app: FastifyInstance, clientDir: string): void {
  const path = join(clientDir, 'sw.js');
  if (!existsSync(path)) return;
  const source = serviceWorkerSource(readFileSync(path, 'utf8'));
  // Compressed like a page (once, then kept): every first visit downloads it.
  app.get('/sw.js', (request, reply) => {
    const { body, encoding } = encodePage(source, request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=0, must-revalidate')
      .header('Vary', 'Accept-Encoding')
      .send(body);
  });
}
