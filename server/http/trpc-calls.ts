import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { addressKey } from '../auth/client-address';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import { errorText } from '../errors/texts';
import { proceduresWith } from '../routers/policy';
import { trpcRequest } from './trpc-request';

export const LIMITED_IN_BATCH = errorText(new DomainError('batch.aloneOnly'));

/** The server's maxBatchSize (app.ts): a longer URL is refused by tRPC, so it never counts for more. */
const MOST_CALLS_COUNTED = 101;

/**
 * A limited procedure (one that spends a rate-limit point: a guess, a hash, a vote) is refused inside a
 * batch of two or more calls: tRPC runs a batch's calls concurrently, which is how 60 guesses came in one
 * request. The typed client sends such mutations alone (client/src/lib/trpc.ts), as `?batch=1` with one
 * call, which stays allowed. Decided on the names alone, whatever the method, batch flag or encoding.
 */
export function refuseLimitedBatches() {
  const limited = new Set(proceduresWith('limited'));
  return async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    const names = trpcRequest(request)?.names;
    if (!names || names.length < 2) return;
    if (!names.some((name) => limited.has(name.trim()))) return;
    return sendDomainError(reply, new DomainError('batch.aloneOnly'));
  };
}

/**
 * Calls per minute per address on /trpc. Every phone behind one carrier NAT shares this address (keyed like
 * every per-address limit: IPv6 per /64, client-address.ts): on election day a few hundred citizens at one
 * address each opening pages (about 10 reads each) and voting must fit, while one flooder is still bounded
 * far below what two cores serve. Public-cache hits are free (see callCeiling), so the figure only counts
 * calls that make the server work.
 */
export const CALLS_PER_MINUTE = 10_000;

/**
 * A ceiling per address on /trpc, counted in CALLS: a batch of 100 calls costs 100, so batching does not
 * multiply what one address may ask for. `charge` is taken once per request: by the public cache just
 * before it computes a miss (public-cache.ts), else by `onRequest`, which runs after the cache, so an
 * answer served from memory costs nothing: 300 visitors' page loads of cached reads cannot lock a
 * signed-in neighbour at the same carrier-NAT address out of the API.
 */
export function callCeiling(options: { callsPerMinute: number }) {
  const limiter = new RateLimiterMemory({ points: options.callsPerMinute, duration: 60 });
  const charged = new WeakSet<FastifyRequest>();
  /**
   * Charges the request's calls: null when the address is within its ceiling, else the seconds until it may
   * ask again (the caller answers: JSON for the API, an HTML page for a reader's page, static.ts).
   */
  async function secondsToWait(request: FastifyRequest): Promise<number | null> {
    if (charged.has(request)) return null;
    charged.add(request);
    const calls = Math.min(trpcRequest(request)?.names.length ?? 1, MOST_CALLS_COUNTED);
    try {
      await limiter.consume(addressKey(request.ip), calls);
      return null;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    }
  }
  /** False (with a JSON 429 sent) when the address is over its ceiling. */
  async function charge(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const seconds = await secondsToWait(request);
    if (seconds === null) return true;
    sendDomainError(
      reply.header('retry-after', String(seconds)),
      new DomainError('request.tooManyRequests', { seconds }),
    );
    return false;
  }
  async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    if (!(await charge(request, reply))) return reply;
  }
  return { charge, secondsToWait, onRequest };
}
