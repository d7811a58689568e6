import type { ErrorCode } from '@shared/errors';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../errors/domain-error';

const MINUTE = 60;

/**
 * Limits kept in memory (one process). Per-address limits are generous because many citizens share
 * one carrier NAT address on Somali mobile networks; per-account limits stop guessing one password.
 */
export function createRateLimits(enabled: boolean) {
  const limiter = (points: number, durationSeconds: number) =>
    new RateLimiterMemory({ points, duration: durationSeconds });
  return {
    enabled,
    // Failed sign-ins for one account from one address: stops a single guesser quickly...
    failedSignInAccountAddress: limiter(10, 15 * MINUTE),
    // ...for one account from anywhere: stops a distributed guesser without letting one address lock it.
    failedSignInAccount: limiter(50, 15 * MINUTE),
    // ...from one address for any account: stops credential stuffing behind one address.
    failedSignInAddress: limiter(200, 15 * MINUTE),
    signUpAddress: limiter(60, 60 * MINUTE),
    // Notices to an address that already has an account ("someone tried to sign up with it"): a few, not a flood.
    signUpNoticeEmail: limiter(3, 60 * MINUTE),
    bootstrapAdminAddress: limiter(10, 60 * MINUTE),
    verificationMailUser: limiter(5, 60 * MINUTE),
    // Password reset emails: per address (generous, as above) and per email, counted whether or not the
    // email has an account so the answer never tells which do.
    passwordResetAddress: limiter(30, 60 * MINUTE),
    passwordResetEmail: limiter(5, 60 * MINUTE),
    // Staff invitations, as the reset flow: failed accepts per address (generous, as above; a right link or
    // code gives its point back), and messages per invited address or number (a confirm and a few "send again").
    invitationAcceptAddress: limiter(30, 60 * MINUTE),
    invitationSendContact: limiter(5, 60 * MINUTE),
    // Wrong current passwords from a signed-in session (password change, turning two-factor off).
    failedPasswordCheckUser: limiter(10, 15 * MINUTE),
    // Wrong authenticator or recovery codes for one account, wherever they are typed.
    failedTwoFactorUser: limiter(10, 15 * MINUTE),
    // Public credentials files begun by one System Admin (parts or whole): each may be a gigabyte of reading and
    // checking, so a stolen session cannot keep the workers busy; a real admin sends a file a few times at most.
    credentialUploadsUser: limiter(20, 60 * MINUTE),
    // Votes from one address: a ceiling against scripted floods, far above what one carrier NAT's citizens cast.
    votesAddress: limiter(1200, MINUTE),
    // Verifiable ballots from one account: a voter casts one and may retry a few times, but each refused ballot
    // has cost the workers a full check, so one account cannot keep them busy for everyone else. A refusal
    // because the workers were full is given back (server/routers/votes.ts).
    ballotsUser: limiter(20, 60 * MINUTE),
    // The same ceiling for monthly poll votes, counted apart so one kind of vote cannot starve the other.
    pollVotesAddress: limiter(1200, MINUTE),
    // The voter roll: enrollment codes per account, claims of an imported entry per account and
    // per address (generous for a carrier NAT), and code look-ups per registrar (a code is a name).
    enrollmentCodeUser: limiter(10, 60 * MINUTE),
    claimUser: limiter(5, 60 * MINUTE),
    claimAddress: limiter(60, 60 * MINUTE),
    codeLookupRegistrar: limiter(60, 10 * MINUTE),
    // USSD screens per phone number (all numbers arrive from the gateway's few addresses, so the number is the
    // key): a person reads a screen in seconds, a script asking thousands is stopped.
    ussdNumber: limiter(60, MINUTE),
    // SMS cost money per message, so they are counted before each is sent (server/services/sms/send.ts), on
    // every key at once: per number (a phone is not flooded, a premium range not milked), per address
    // (generous, as above: a carrier NAT) and per account (a signed-in account asking codes for number after
    // number). The whole site's day (SMS_DAILY_LIMIT) is counted in the database: sms/daily-count.ts.
    smsNumber: limiter(3, 60 * MINUTE),
    smsAddress: limiter(30, 60 * MINUTE),
    smsAccount: limiter(5, 60 * MINUTE),
    // Wrong SMS codes typed for one number (a password reset, where no account is signed in): a code has
    // 1,000,000 values, and this keeps guessing far from them whether or not the number has an account.
    wrongSmsCodeNumber: limiter(5, 10 * MINUTE),
    // Trustees' shares from one address: a trustee sends one per election; a token is 256 random bits, so
    // this only keeps a script from making the server check proofs without end.
    trusteeSharesAddress: limiter(30, 60 * MINUTE),
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;

/** A limit's refusal: its own sentence, with the wait in whole minutes ("1 minute", "15 minutes"). */
export function tooManyRequests(what: ErrorCode, msBeforeNext: number): DomainError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60000));
  return new DomainError(what, { wait: { key: 'time.minutes', params: { count: minutes } } });
}

/**
 * How long a refused call asks the caller to wait, in seconds, for Retry-After (app.ts's tRPC answers and the
 * votes' fast path): a limit's wait in whole minutes (tooManyRequests), or a `seconds` parameter (the ballot
 * checkers' full line); undefined for any other refusal. `error` is the tRPC error, its DomainError the cause.
 */
export function retryAfterSeconds(error: { cause?: unknown }): number | undefined {
  if (!(error.cause instanceof DomainError)) return undefined;
  const { seconds, wait } = error.cause.params as {
    seconds?: unknown;
    wait?: { key?: unknown; params?: { count?: unknown } };
  };
  if (typeof seconds === 'number') return seconds;
  const minutes = wait?.key === 'time.minutes' ? wait.params?.count : undefined;
  return typeof minutes === 'number' ? minutes * 60 : undefined;
}

/** Points spent by takePoints, which the caller gives back when the attempt should not count. */
export interface HeldPoints {
  /** Returns the point on every key (once; later calls do nothing). */
  giveBack(): Promise<void>;
}

const NOTHING_HELD: HeldPoints = { giveBack: async () => undefined };

/**
 * Spends one point on every key BEFORE the work it protects (argon2id, a code check, a write). Reading a
 * limit and counting a failure afterwards let every call of a concurrent batch pass the read: 60 guesses
 * in one request all got through. Spending first means the (points + 1)th concurrent call is refused at
 * once. When any key is used up this throws TOO_MANY_REQUESTS and returns what it took, since nothing was
 * tried. Limits that count failures give the point back on success (`giveBack`).
 */
export async function takePoints(
  enabled: boolean,
  checks: [RateLimiterMemory, string][],
  what: ErrorCode,
): Promise<HeldPoints> {
  if (!enabled) return NOTHING_HELD;
  const taken: [RateLimiterMemory, string][] = [];
  for (const [limiter, key] of checks) {
    try {
      await limiter.consume(key);
      taken.push([limiter, key]);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      // The refused key counted this call too; nothing was tried, so every key gets its point back.
      await Promise.all([...taken, [limiter, key] as const].map(([l, k]) => l.reward(k)));
      throw tooManyRequests(what, error.msBeforeNext);
    }
  }
  let held = true;
  return {
    async giveBack() {
      if (!held) return;
      held = false;
      await Promise.all(taken.map(([limiter, key]) => limiter.reward(key)));
    },
  };
}

/** Spends one point on each key for good (sign-ups, votes, emails): takePoints without giving back. */
export async function consume(enabled: boolean, checks: [RateLimiterMemory, string][], what: ErrorCode) {
  await takePoints(enabled, checks, what);
}
