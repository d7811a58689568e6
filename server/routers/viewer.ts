import type { Db } from '../db/client';
import { currentPollId, hasVoted } from '../services/polls/poll-views';
import { twoFactorSetupRequired } from '../services/staff-two-factor';
import { isSteppedUp } from '../services/step-up';
import type { Context } from '../trpc/context';
import type { ProcedurePolicy } from '../trpc/init';

/**
 * Who reads an election or a poll. Drafts are shown to System Admins; exact live counts and results hidden from
 * voters only to one whose session stepped up recently, so a stolen admin cookie reads what a citizen reads.
 * With STAFF_TWO_FACTOR=required an admin without an authenticator is no admin here either, as for every staff
 * tool: a password alone shows no draft. That costs one indexed lookup, for admin sessions only, and only when
 * the setting is on; the session does not carry it, so turning two-factor on needs no session-cache rule.
 */
export function viewerOf(ctx: Context) {
  const isAdmin = ctx.user?.isAdmin === true && !twoFactorSetupRequired(ctx, ctx.user);
  return {
    userId: ctx.user?.id ?? null,
    isAdmin,
    seesAllResults: isAdmin && isSteppedUp(ctx.session?.steppedUpUntil ?? null),
  };
}

/**
 * Which stored answer of a publicCache read a signed-in citizen (never an admin) shares: `{ votedIn }` when the
 * procedure's answer depends on their vote in a poll (`cacheByVote`) and they voted in it, so it is stored apart
 * for that poll's voters; null when their answer is the visitors' one. viewerOf shows why that holds: apart from
 * admin rights, a reader's answer depends on them only through whether they voted in the poll it shows.
 * `currentPoll` is the current poll's id (the public cache remembers it as long as its answers).
 */
export function cacheViewerOf(
  db: Db,
  policy: ProcedurePolicy,
  userId: string,
  input: unknown,
  currentPoll: () => string | null = () => currentPollId(db),
): { votedIn: string } | null {
  if (!policy.cacheByVote) return null;
  const pollId =
    policy.cacheByVote === 'currentPoll' ? currentPoll() : (input as { pollId?: string } | undefined)?.pollId;
  return pollId && hasVoted(db, pollId, userId) ? { votedIn: pollId } : null;
}

/**
 * The poll a cacheByVote answer shows (both poll reads answer `{ poll: { id } ... }`): a voters' copy is stored
 * only when it shows the poll its readers voted in, so one computed as the current poll changed is never shared.
 */
export function pollShownBy(answer: unknown): string | undefined {
  return (answer as { poll?: { id?: unknown } } | null | undefined)?.poll?.id as string | undefined;
}
