import {
  contactStatus,
  type IneligibleReason,
  parseEligibleRegions,
  voteEligibility,
} from '@shared/eligibility';
import type { MessageParams } from '@shared/errors';
import type { DistrictRegion } from '@shared/regions';
import type { EligibilityRule, VoterStatus } from '@shared/voter-roll';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { districts, users, voters } from '../db/schema';
import { DomainError } from '../errors/domain-error';

/** A ballot's rule as stored: the regions are the JSON text of elections.eligible_regions (null for polls). */
export interface StoredRequirement {
  eligibility: EligibilityRule;
  eligibleRegions: string | null;
}

/** What public reads carry: the ballot's own rule, never the viewer's standing (those reads are cached). */
export function publicRequirement(stored: StoredRequirement): {
  eligibility: EligibilityRule;
  eligibleRegions: DistrictRegion[] | null;
} {
  return { eligibility: stored.eligibility, eligibleRegions: parseEligibleRegions(stored.eligibleRegions) };
}

/**
 * What the eligibility rule reads of an account: its contacts and their confirmation, and its roll entry with the
 * entry's region. The vote path reads one account with it, the credential preparation a page of them.
 */
export const STANDING_COLUMNS = {
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  phone: users.phone,
  phoneConfirmedAt: users.phoneConfirmedAt,
  status: voters.status,
  region: districts.region,
};

/** An account's standing as STANDING_COLUMNS reads it. */
export interface Standing {
  email: string | null;
  emailVerifiedAt: Date | null;
  phone: string | null;
  phoneConfirmedAt: Date | null;
  status: VoterStatus | null;
  region: DistrictRegion | null;
}

/**
 * The rule applied to a standing: the one place a stored account becomes the rule's input. `standing` undefined is
 * no account; `carrierNumber` counts the phone as confirmed (requireEligible says when).
 */
export function eligibilityOf(
  requirement: ReturnType<typeof publicRequirement>,
  standing: Standing | undefined,
  options: { signedIn: boolean; carrierNumber?: boolean },
) {
  return voteEligibility(requirement, {
    signedIn: options.signedIn,
    contacts: {
      email: contactStatus(standing?.email, Boolean(standing?.emailVerifiedAt)),
      phone: options.carrierNumber
        ? 'confirmed'
        : contactStatus(standing?.phone, Boolean(standing?.phoneConfirmedAt)),
    },
    roll: standing?.status ? { status: standing.status, region: standing.region } : null,
  });
}

/**
 * The voter's standing in one indexed read: the account's contacts and the roll entry with its region. The
 * one statement the eligibility rule adds to a vote, prepared once (the vote path's budget, docs/scaling.md R2).
 */
const standingOf = preparedOnce((db) =>
  db
    .select(STANDING_COLUMNS)
    .from(users)
    .leftJoin(voters, eq(voters.userId, users.id))
    .leftJoin(districts, eq(districts.id, voters.districtId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(),
);

const BALLOT = {
  election: { key: 'eligibility.thisElection' },
  poll: { key: 'eligibility.thisPoll' },
} as const;

const CODES = {
  notOnRoll: 'eligibility.notOnRoll',
  pending: 'eligibility.pending',
  suspended: 'eligibility.suspended',
  outsideRegion: 'eligibility.outsideRegion',
  emailUnverified: 'eligibility.emailUnverified',
  phoneUnconfirmed: 'eligibility.phoneUnconfirmed',
  contactUnconfirmed: 'eligibility.contactUnconfirmed',
} as const;

/**
 * Refuses a vote the ballot's rule does not allow, with FORBIDDEN and a sentence saying what to do. Runs in
 * the vote's service, so every way in (the typed client, the vote fast path, a batch, USSD) meets it.
 * 'signedIn' ballots cost nothing more: the caller's tier already required an account.
 *
 * `carrierNumber`: the voter reached us on the phone line itself (USSD), whose number the carrier vouches for,
 * so it counts as a confirmed phone number; without an account (`userId` null) that number stands for the
 * voter, who is on no roll.
 */
export function requireEligible(
  db: Db,
  userId: string | null,
  stored: StoredRequirement,
  ballot: keyof typeof BALLOT,
  options: { carrierNumber?: boolean } = {},
): void {
  const carrier = options.carrierNumber === true;
  if (stored.eligibility === 'signedIn' && (userId !== null || carrier)) return;
  const standing = userId === null ? undefined : standingOf(db).get({ userId });
  const requirement = publicRequirement(stored);
  const answer = eligibilityOf(requirement, standing, {
    signedIn: standing !== undefined || (userId === null && carrier),
    carrierNumber: carrier,
  });
  if (answer.mayVote) return;
  throw ineligible(answer.reason, ballot, requirement.eligibleRegions ?? [], standing?.region ?? null);
}

function ineligible(
  reason: IneligibleReason,
  ballot: keyof typeof BALLOT,
  regions: readonly string[],
  region: string | null,
): DomainError {
  // An account deleted between its session check and this read: the tier's own sentence.
  if (reason === 'signIn') return new DomainError('auth.required');
  const params: MessageParams = { ballot: BALLOT[ballot] };
  if (reason === 'outsideRegion') {
    // Region names are proper names, written as the districts list writes them.
    params.regions = regions.join(', ');
    params.region = region ?? '';
  }
  return new DomainError(CODES[reason], params);
}
