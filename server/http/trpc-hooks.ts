import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';

/** What tRPC's HTTP adapter can handle; it answers 405 itself for PUT, PATCH and the like. */
const TRPC_METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS', 'PUT', 'PATCH', 'DELETE', 'QUERY']);

/**
 * TRACE (and any method the fetch API forbids) made tRPC's adapter throw while building its Request, which
 * answered 500 and logged an error per request: a cheap way to flood the logs. It gets a plain 405 instead.
 */
export async function refuseUnsupportedMethods(request: FastifyRequest, reply: FastifyReply) {
  if (TRPC_METHODS.has(request.method)) return;
  return sendDomainError(reply, new DomainError('request.wrongMethod'));
}

/**
 * API answers carry personal data (who is signed in, their votes and receipts): no browser or proxy keeps a
 * copy (OWASP ASVS 8.2.1). The client caches in memory for as long as a page needs.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  // The one exception: anonymous public answers served by the public cache (public-cache.ts) set their own.
  if (reply.hasHeader('cache-control')) return payload;
  reply.header('cache-control', 'no-store');
  return payload;
}
