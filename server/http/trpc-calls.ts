import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { addressKey } from '../auth/client-address';
import { proceduresWith } from '../routers/policy';
import { jsonError } from './errors';

export const LIMITED_IN_BATCH = 'This request must be sent on its own, not in a batch.';

/** The server's maxBatchSize (app.ts): a longer URL is refused by tRPC, so it never counts for more. */
const MOST_CALLS_COUNTED = 101;

/**
 * The procedure names a /trpc URL asks for, as tRPC's adapter will read them: the path segment decoded
 * once (Fastify decodes the route parameter, so %2C is a comma) and split on commas, empty names and
 * duplicates kept (each is a call). Null when the URL is not a /trpc call or does not decode.
 */
export function trpcCallNames(url: string): string[] | null {
  if (!url.startsWith('/trpc/')) return null;
  const queryAt = url.indexOf('?');
  const segment = url.slice('/trpc/'.length, queryAt === -1 ? undefined : queryAt);
  try {
    return decodeURIComponent(segment).split(',');
  } catch {
    return null;
  }
}

/**
 * A limited procedure (one that spends a rate-limit point: a guess, a hash, a vote) is refused inside a
 * batch of two or more calls: tRPC runs a batch's calls concurrently, which is how 60 guesses came in one
 * request. The typed client sends such mutations alone (client/src/lib/trpc.ts), as `?batch=1` with one
 * call, which stays allowed. Decided on the names alone, whatever the method, batch flag or encoding.
 */
export function refuseLimitedBatches() {
  const limited = new Set(proceduresWith('limited'));
  return async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    const names = trpcCallNames(request.url);
    if (!names || names.length < 2) return;
    if (!names.some((name) => limited.has(name.trim()))) return;
    return reply.code(400).send(jsonError(400, LIMITED_IN_BATCH));
  };
}

/**
 * A ceiling per address on /trpc, counted in CALLS: a batch of 100 calls costs 100, so batching does not
 * multiply what one address may ask for. Generous because thousands of phones can share one carrier NAT;
 * keyed like every per-address limit (IPv6 per /64, client-address.ts).
 */
export function callCeiling(options: { callsPerMinute: number }) {
  const limiter = new RateLimiterMemory({ points: options.callsPerMinute, duration: 60 });
  return async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    const calls = Math.min(trpcCallNames(request.url)?.length ?? 1, MOST_CALLS_COUNTED);
    try {
      await limiter.consume(addressKey(request.ip), calls);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      return reply
        .code(429)
        .header('retry-after', String(seconds))
        .send(jsonError(429, `Too many requests. Please wait ${seconds} seconds and try again.`));
    }
  };
}
