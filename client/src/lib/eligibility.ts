import {
  contactStatus,
  type EligibilityRequirement,
  type IneligibleReason,
  needsRoll,
  type VoteEligibility,
  voteEligibility,
} from '@shared/eligibility';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from './auth';
import { useTRPC } from './trpc';

/** What the page needs to decide between the vote button and the reason: still finding out, or the answer. */
export type ViewerEligibility =
  | { known: false }
  | { known: true; answer: VoteEligibility; reason: IneligibleReason | null; region: string | null };

/** The viewer's roll entry is their own (never in a cached public read): asked once, shared by every card. */
const ROLL_STALE_MS = 60_000;

/**
 * May the reader vote under this ballot's rule? The same rule the server enforces (shared/eligibility.ts), fed
 * with the session (signed in, e-mail confirmed) and, only for 'enrolled', `enrollment.status()`. When the
 * roll cannot be read (offline, an error), the answer is "may vote": the server still decides, and a reader is
 * never kept from a vote by a failed read.
 */
export function useVoteEligibility(requirement: EligibilityRequirement): ViewerEligibility {
  const { user, loading } = useAuth();
  const trpc = useTRPC();
  // A ballot read before the rule existed (an offline copy from an older release) carries none: the server decides.
  const ruled = Boolean(requirement.eligibility);
  const wantsRoll = user !== null && ruled && needsRoll(requirement.eligibility);
  const roll = useQuery(
    trpc.enrollment.status.queryOptions(undefined, { enabled: wantsRoll, staleTime: ROLL_STALE_MS }),
  );
  if (loading || (wantsRoll && roll.isPending && roll.fetchStatus === 'fetching')) return { known: false };
  // Paused (offline) or failed: let the server decide.
  if (!ruled || (wantsRoll && !roll.data)) {
    return { known: true, answer: { mayVote: true }, reason: null, region: null };
  }
  const answer = voteEligibility(requirement, {
    signedIn: user !== null,
    contacts: {
      email: contactStatus(user?.email, user?.emailVerified ?? false),
      phone: contactStatus(user?.phone, user?.phoneConfirmed ?? false),
    },
    roll: wantsRoll && roll.data ? { status: roll.data.status, region: roll.data.region ?? null } : null,
  });
  return {
    known: true,
    answer,
    reason: answer.mayVote ? null : answer.reason,
    region: roll.data?.region ?? null,
  };
}
