import { isSteppedUp } from '../services/step-up';
import type { Context } from '../trpc/context';

/**
 * Who reads an election or a poll. Drafts are shown to System Admins; exact live counts and results hidden from
 * voters only to one whose session stepped up recently, so a stolen admin cookie reads what a citizen reads.
 */
export function viewerOf(ctx: Context) {
  const isAdmin = ctx.user?.isAdmin ?? false;
  return {
    userId: ctx.user?.id ?? null,
    isAdmin,
    seesAllResults: isAdmin && isSteppedUp(ctx.session?.steppedUpUntil ?? null),
  };
}
