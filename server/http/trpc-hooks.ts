import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';

/** The methods the site's tRPC calls use: queries by GET (HEAD alike), mutations by POST. */
const TRPC_METHODS = new Set(['GET', 'HEAD', 'POST']);

/**
 * Any other method is refused before tRPC, with the reader's sentence: tRPC's adapter answered PUT, OPTIONS and
 * the like in its own English before the request's context (and so its language) existed, and TRACE (and any
 * method the fetch API forbids) made it throw while building its Request, which answered 500 and logged an
 * error per request: a cheap way to flood the logs.
 */
export async function refuseUnsupportedMethods(request: FastifyRequest, reply: FastifyReply) {
  if (TRPC_METHODS.has(request.method)) return;
  return sendDomainError(reply, new DomainError('request.wrongMethod'));
}

/**
 * A POST whose body says it is not JSON is refused before tRPC, with the reader's sentence, for the same reason:
 * tRPC's adapter refused it (after Fastify had read it as text) before any context existed. A POST without a
 * type is left to the parser, which refuses a body it cannot name.
 */
export async function refuseBodiesOtherThanJson(request: FastifyRequest, reply: FastifyReply) {
  const type = request.headers['content-type'];
  if (request.method !== 'POST' || type === undefined || /^application\/json\s*(;|$)/i.test(type)) return;
  return sendDomainError(reply, new DomainError('request.notJson'));
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

/**
 * How deep a call's JSON may nest: the deepest input a form sends (an election's candidates inside the
 * election, in superjson's envelope, batched) is under 10 levels.
 */
export const MAX_BODY_NESTING = 32;

/**
 * A body nested deeper than any form writes is refused before anything parses it. Within the size limit, 1 MB of
 * `[[[[...` (450,000 levels) cost 160 ms of the one thread to parse and as much again for superjson to copy,
 * before the schema refused it: a signed-in sender in a loop held /healthz at 356 ms. Counting brackets outside
 * strings takes a millisecond a megabyte.
 */
export async function refuseDeepBodies(request: FastifyRequest, reply: FastifyReply) {
  if (typeof request.body !== 'string' || nestingDepth(request.body, MAX_BODY_NESTING) <= MAX_BODY_NESTING)
    return;
  return sendDomainError(reply, new DomainError('request.malformed'));
}

/** The deepest nesting of `[` and `{` in JSON text, outside its strings; counting stops past `limit`. */
export function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === 0x5c)
        at++; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return deepest;
}
