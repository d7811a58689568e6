import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * One address's share of the render budget (ssr.ts) while other readers need it too: milliseconds of the page
 * handler's time per second, counted over ADDRESS_WINDOW_SECONDS, and at most SHARE_RENDERS_AT_ONCE of its renders
 * waiting or under way. Past its share, an address starts a render only from the budget's reserve (ssr.ts).
 */
export const RENDER_MS_PER_ADDRESS_PER_SECOND = 50;
export const ADDRESS_WINDOW_SECONDS = 4;
export const SHARE_RENDERS_AT_ONCE = 2;
const SHARE_MS = RENDER_MS_PER_ADDRESS_PER_SECOND * ADDRESS_WINDOW_SECONDS;
/**
 * How long an address that asked for a render counts as another reader: a reader who asked within the last minute is
 * likely to ask for their next page. At most MAX_ASKERS are remembered (the oldest dropped first).
 */
const ASKERS_WINDOW_MS = 60_000;
const MAX_ASKERS = 10_000;

/** Time charged to an address for a call of the page handler, in whole milliseconds. */
export interface AddressCharge {
  address: string;
  ms: number;
}

export function createRenderShares(options: { enabled: boolean; log: FastifyBaseLogger }) {
  const used = new RateLimiterMemory({ points: SHARE_MS, duration: ADDRESS_WINDOW_SECONDS });
  // Each address's renders held: asked for and not yet ended; an entry lives only while it has one.
  const atOnce = new Map<string, number>();
  // When each address last asked for a render, oldest first (an ask moves its address to the end): entries older than
  // ASKERS_WINDOW_MS, or past MAX_ASKERS, are dropped from the front as asks come.
  const lastAsked = new Map<string, number>();

  function asked(address: string, now: number) {
    lastAsked.delete(address);
    lastAsked.set(address, now);
    for (const [oldest, at] of lastAsked) {
      if (now - at <= ASKERS_WINDOW_MS && lastAsked.size <= MAX_ASKERS) break;
      lastAsked.delete(oldest);
    }
  }

  /**
   * Whether an address other than this one asked for a render within ASKERS_WINDOW_MS: only then does an address
   * past its share leave the budget's reserve to them (ssr.ts). Alone, an address (the phones behind one carrier
   * address on a quiet night, or a test's browsers) renders as if no share existed.
   */
  function othersAsking(address: string): boolean {
    const now = performance.now();
    for (const [other, at] of lastAsked) {
      if (other !== address && now - at <= ASKERS_WINDOW_MS) return true;
    }
    return false;
  }

  /**
   * Charges a render about to be asked for (`ms`: what one takes lately) and says whether it is within the address's
   * share: the address had not used its share before this charge (a render costlier than the whole share is still
   * within it) and has fewer than SHARE_RENDERS_AT_ONCE renders held. The render is held from this call, before any
   * wait, so simultaneous asks count each other; `ended` (or `release`, when it was refused) lets it go.
   */
  async function withinShare(charge: AddressCharge): Promise<boolean> {
    asked(charge.address, performance.now());
    const held = atOnce.get(charge.address) ?? 0;
    atOnce.set(charge.address, held + 1);
    if (!options.enabled) return true;
    try {
      if (held >= SHARE_RENDERS_AT_ONCE) {
        await used.penalty(charge.address, charge.ms);
        return false;
      }
      await used.consume(charge.address, charge.ms);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return error.consumedPoints - charge.ms < SHARE_MS;
      release(charge);
      throw error;
    }
  }

  /** A held render that was refused: let go, its charge kept (the address asked past its share). */
  function release(charge: AddressCharge) {
    const left = (atOnce.get(charge.address) ?? 1) - 1;
    if (left > 0) atOnce.set(charge.address, left);
    else atOnce.delete(charge.address);
  }

  /** A held render has ended after `took` ms (0 when it never started): let go, its charge made right. */
  function ended(charge: AddressCharge, took: number) {
    release(charge);
    settle(charge, took);
  }

  /** Makes a charge right: `took` ms instead of the estimate (0 for a render that did not start). */
  function settle(charge: AddressCharge, took: number) {
    if (!options.enabled) return;
    const difference = Math.round(took) - charge.ms;
    const settled =
      difference > 0
        ? used.penalty(charge.address, difference)
        : difference < 0
          ? giveBack(charge.address, -difference)
          : Promise.resolve();
    settled.catch((error: unknown) => {
      options.log.warn({ err: error }, 'render share not settled');
    });
  }

  // Never below nothing: a window that has ended (its key not yet deleted) would otherwise start a new one in credit.
  async function giveBack(address: string, ms: number) {
    const current = await used.get(address);
    if (!current || current.msBeforeNext <= 0) return;
    const back = Math.min(ms, current.consumedPoints);
    if (back <= 0) return;
    const after = await used.reward(address, back);
    // Give-backs of one address at once may all have read the figure before any wrote it: each takes back only what
    // its own reward put below nothing, so together they leave the address at nothing, never in credit or over.
    const overshoot = Math.min(back, -after.consumedPoints);
    if (overshoot > 0) await used.penalty(address, overshoot);
  }

  return { withinShare, othersAsking, release, ended, settle };
}
