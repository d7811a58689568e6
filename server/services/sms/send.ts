import type { RateLimiterMemory } from 'rate-limiter-flexible';
import { type HeldPoints, takePoints } from '../../auth/rate-limits';
import type { AppDeps } from '../../deps';
import { DomainError } from '../../errors/domain-error';
import { giveBackDailySms, takeDailySms } from './daily-count';

type Deps = Pick<AppDeps, 'db' | 'env' | 'limits' | 'log'>;

/** The share of SMS_DAILY_LIMIT at which the log says so as an error, so an operator hears of it in time. */
export const SMS_NEAR_CEILING = 0.8;

/** Who an SMS is for and who asked for it: each is a key of its own limit. */
export interface SmsRequest {
  /** E.164, from readPhoneNumber: no SMS goes to a number it refused. */
  to: string;
  /**
   * The asker's address, as every per-address limit keys it; null for a notice a staff decision causes (no
   * visitor asked for it, and one supervisor's day of decisions must not stop at an address's share).
   */
  address: string | null;
  /** The signed-in account that asked, if any. */
  userId?: string | null;
}

/** The points an SMS took: all of them, or only the site's day (an SMS that, in the end, was not sent). */
export interface SmsAllowance extends HeldPoints {
  giveBackSite(): Promise<void>;
}

/**
 * Takes one SMS from every limit before anything is sent, or refuses: per number, per address, per account,
 * then the site's day (kept in the database: daily-count.ts). A refused key gives every point back
 * (takePoints), so a request stopped per number costs the site's day nothing. The site's day holds even with
 * RATE_LIMITS off: it is the bill's ceiling.
 */
export async function takeSmsAllowance(deps: Deps, request: SmsRequest): Promise<SmsAllowance> {
  const { limits } = deps;
  const keys: [RateLimiterMemory, string][] = [[limits.smsNumber, request.to]];
  if (request.address !== null) keys.push([limits.smsAddress, request.address]);
  if (request.userId) keys.push([limits.smsAccount, request.userId]);
  const own = await takePoints(limits.enabled, keys, 'limit.sms');
  const limit = deps.env.SMS_DAILY_LIMIT;
  const taken = takeDailySms(deps.db, limit);
  if (!taken) {
    await own.giveBack();
    // A refusal at the ceiling says "tomorrow", not a wait in minutes.
    throw new DomainError('limit.smsDaily');
  }
  warnNearCeiling(deps, taken.sent, limit);
  let siteHeld = true;
  const giveBackSite = async () => {
    if (!siteHeld) return;
    siteHeld = false;
    giveBackDailySms(deps.db, taken.day);
  };
  return {
    giveBack: async () => {
      await Promise.all([own.giveBack(), giveBackSite()]);
    },
    giveBackSite,
  };
}

/**
 * Once as the day's count reaches the share, once as it reaches the ceiling: not a line per SMS past it. Read
 * from the count this request made, so parallel requests (and a restart) each see their own.
 */
function warnNearCeiling(deps: Deps, used: number, limit: number): void {
  if (used === limit) {
    deps.log.error(
      { used, limit },
      `SMS: SMS_DAILY_LIMIT of ${limit} reached; no SMS is sent until the day ends`,
    );
  } else if (used === Math.ceil(limit * SMS_NEAR_CEILING)) {
    deps.log.error({ used, limit }, `SMS: ${used} of SMS_DAILY_LIMIT ${limit} sent today`);
  }
}

/**
 * Sends an SMS whose allowance was taken. A gateway's failure is logged, not thrown: the citizen asks for
 * another code, and the answer never tells a sent SMS from a failed one.
 */
export async function deliverSms(
  deps: Pick<AppDeps, 'sms' | 'log'>,
  to: string,
  text: string,
): Promise<void> {
  try {
    await deps.sms.send({ to, text });
  } catch (error) {
    deps.log.error({ err: error, to }, 'SMS not sent');
  }
}
