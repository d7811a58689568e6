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

/** The per-address ceiling as the open data API uses it: one call per request, and more for a large answer. */
export interface ApiCeiling {
  charge: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  chargeMore: (request: FastifyRequest, reply: FastifyReply, calls: number) => Promise<boolean>;
}

/**
 * An answer costs one call per this many bytes beyond the first ones: counted in requests alone, one address
 * could be sent 10,000 copies of a 20 MB election record a minute. The largest dataset (127 KB) costs 2 calls,
 * a 300,000-vote record 307: about 650 MB a minute for one address at most.
 */
export const BYTES_PER_CALL = 64 * 1024;

/** The calls an answer of `bytes` costs beyond the one its request was charged. */
export const extraCallsFor = (bytes: number) => Math.floor(bytes / BYTES_PER_CALL);

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
  function tooMany(reply: FastifyReply, seconds: number): false {
    sendDomainError(
      reply.header('retry-after', String(seconds)),
      new DomainError('request.tooManyRequests', { seconds }),
    );
    return false;
  }
  /** False (with a JSON 429 sent) when the address is over its ceiling. */
  async function charge(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const seconds = await secondsToWait(request);
    return seconds === null ? true : tooMany(reply, seconds);
  }
  /**
   * Charges `calls` more to a request whose answer weighs more than one call (a large file: open-data-api.ts),
   * so the ceiling bounds the bytes an address is sent, not only its requests. False (429 sent) when over.
   */
  async function chargeMore(request: FastifyRequest, reply: FastifyReply, calls: number): Promise<boolean> {
    if (calls < 1) return true;
    try {
      await limiter.consume(addressKey(request.ip), calls);
      return true;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      return tooMany(reply, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    }
  }
  async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    if (!(await charge(request, reply))) return reply;
  }
  return { charge, chargeMore, secondsToWait, onRequest };
}
