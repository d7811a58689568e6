import { DISTRICT_REGIONS, type DistrictRegion } from './regions';
import type { EligibilityRule, EnrollmentStatus } from './voter-roll';

/**
 * Who may vote in an election or a poll (issue 17): one rule for the server, which refuses the vote, and for
 * the client, which shows the reason and what to do instead of a vote button that would fail.
 */

/** The ballot's own rule, as public reads carry it: the same for every viewer, so it may be cached. */
export interface EligibilityRequirement {
  eligibility: EligibilityRule;
  /** The regions whose enrolled voters may vote; null means every region. Read only for 'enrolled'. */
  eligibleRegions: readonly string[] | null;
}

/** The viewer's own standing: from the session (signed in, e-mail confirmed) and the roll (status, region). */
export interface VoterStanding {
  signedIn: boolean;
  emailVerified: boolean;
  /** The account's voter entry; 'none' (or null: not asked, because the rule does not need it) when it has none. */
  roll: { status: EnrollmentStatus; region?: string | null } | null;
}

/** Why a viewer may not vote, in the order the rule checks them. */
export const INELIGIBLE_REASONS = [
  'signIn',
  'notOnRoll',
  'pending',
  'suspended',
  'outsideRegion',
  'emailUnverified',
] as const;
export type IneligibleReason = (typeof INELIGIBLE_REASONS)[number];

export type VoteEligibility = { mayVote: true } | { mayVote: false; reason: IneligibleReason };

const MAY_VOTE: VoteEligibility = { mayVote: true };
const refused = (reason: IneligibleReason): VoteEligibility => ({ mayVote: false, reason });

/**
 * May this viewer vote under this rule? Enrolled voters need an enrolled entry (a rejected one counts as none)
 * in one of the listed regions; an enrolled voter needs no confirmed e-mail address, since a registrar saw
 * their identity document. Verified e-mail needs a confirmed address; signed in needs an account.
 */
export function voteEligibility(requirement: EligibilityRequirement, viewer: VoterStanding): VoteEligibility {
  if (!viewer.signedIn) return refused('signIn');
  switch (requirement.eligibility) {
    case 'signedIn':
      return MAY_VOTE;
    case 'verifiedEmail':
      return viewer.emailVerified ? MAY_VOTE : refused('emailUnverified');
    case 'enrolled': {
      const status = viewer.roll?.status ?? 'none';
      if (status === 'none' || status === 'rejected') return refused('notOnRoll');
      if (status === 'pending') return refused('pending');
      if (status === 'suspended') return refused('suspended');
      const regions = requirement.eligibleRegions;
      if (regions && !regions.includes(viewer.roll?.region ?? '')) {
        return refused('outsideRegion');
      }
      return MAY_VOTE;
    }
  }
}

/** Whether the rule needs the viewer's voter entry (the server reads the roll only then). */
export const needsRoll = (rule: EligibilityRule): boolean => rule === 'enrolled';

/**
 * The stored list of regions (elections.eligible_regions, a JSON array) as the rule reads it: null for every
 * region. Written only through the admin schema (storedEligibleRegions); anything else it may hold (broken
 * JSON, unknown names) is read closed: unknown names are dropped, and a list left empty lets nobody vote rather
 * than everybody.
 */
export function parseEligibleRegions(stored: string | null): DistrictRegion[] | null {
  if (stored === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (value === null) return null;
  if (!Array.isArray(value)) return [];
  return DISTRICT_REGIONS.filter((region) => value.includes(region));
}

/** What the database keeps: null for every region, else the regions in the fixed north-to-south order. */
export function storedEligibleRegions(regions: readonly string[] | null | undefined): string | null {
  if (!regions || regions.length === 0) return null;
  return JSON.stringify(DISTRICT_REGIONS.filter((region) => regions.includes(region)));
}
