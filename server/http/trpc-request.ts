import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';

/** The route tRPC's Fastify adapter registers (server/app.ts: prefix '/trpc'). */
export const TRPC_ROUTE = '/trpc/:path';

export interface TrpcRequest {
  /** The procedure names, as tRPC's adapter reads them: the decoded route parameter split on commas,
   * empty names and duplicates kept (each is a call). */
  names: string[];
  /** The query string without its '?', as written. */
  query: string;
}

/**
 * What a request asks of tRPC, decided from Fastify's route match and never from the raw URL. Fastify
 * decodes the path before routing, so `/%74rpc/a,b` and `/t%72pc/a,b` reach tRPC exactly like `/trpc/a,b`
 * while `request.url` does not start with '/trpc/': every hook that read the raw URL was skipped by them
 * (batch refusal, visitor cap, ceiling, cache). Null for any other route, and before routing.
 */
export function trpcRequest(request: FastifyRequest): TrpcRequest | null {
  if (request.routeOptions?.url !== TRPC_ROUTE) return null;
  const path = (request.params as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string') return null;
  const queryAt = request.url.indexOf('?');
  return { names: path.split(','), query: queryAt === -1 ? '' : request.url.slice(queryAt + 1) };
}

/**
 * Only origin-form request targets ('/path?query') are served. An absolute-form target
 * (`POST http://host/trpc/...`, which HTTP/1.1 servers must accept from proxies) was routed by Fastify
 * while every hook testing `request.url` saw something else; nothing here needs it, so it is refused
 * before anything else runs. `OPTIONS *` is refused the same way.
 */
export async function refuseOddTargets(request: FastifyRequest, reply: FastifyReply) {
  // A fragment is the browser's own and never sent: in a target it hid a path's ending from the checks that read
  // the target (`/page.data#x`, static.ts) while the page handler, which parses it, dropped it.
  if (request.raw.url?.startsWith('/') && !request.raw.url.includes('#')) return;
  return sendDomainError(reply, new DomainError('request.malformed'));
}
