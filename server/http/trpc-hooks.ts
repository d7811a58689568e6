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
 * The most a call's JSON may hold, far above any form's (an election's hundred candidates, a batch of a page's
 * reads: under 10 levels and a thousand values) and far below what costs the one thread: nesting, and values
 * (each object, array and element). A ballot travels as one string and counts as one value.
 */
export const MAX_BODY_NESTING = 32;
export const MAX_BODY_VALUES = 5_000;

/**
 * A body shaped as no form writes it is refused before anything parses it. Within the size limit, 1 MB of
 * `[[[[...` (450,000 levels) cost about 300 ms of the one thread to parse and for superjson to copy before the
 * schema refused it, and 1 MB of flat keys (83,000 of them, sent without signing in, to sign-in) 200 to 320 ms:
 * two senders in a loop held /healthz at 300 ms. Counting brackets and commas outside strings takes a
 * millisecond a megabyte.
 */
export async function refuseCostlyBodies(request: FastifyRequest, reply: FastifyReply) {
  if (typeof request.body !== 'string') return;
  const shape = bodyShape(request.body, { depth: MAX_BODY_NESTING, values: MAX_BODY_VALUES });
  if (shape.depth <= MAX_BODY_NESTING && shape.values <= MAX_BODY_VALUES) return;
  return sendDomainError(reply, new DomainError('request.malformed'));
}

/**
 * The deepest nesting of `[` and `{` in JSON text and its count of values (each `[`, `{` and `,`: every
 * container, and every element after a container's first), outside its strings; counting stops past a limit.
 */
export function bodyShape(text: string, limits: { depth: number; values: number }) {
  let depth = 0;
  let deepest = 0;
  let values = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === 0x5c)
        at++; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      values++;
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (code === 0x5d || code === 0x7d) depth--;
    else if (code === 0x2c) values++;
    else continue;
    if (deepest > limits.depth || values > limits.values) break;
  }
  return { depth: deepest, values };
}
