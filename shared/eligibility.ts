import { DISTRICT_REGIONS, type DistrictRegion } from './regions';
import type { EligibilityRule, EnrollmentStatus } from './voter-roll';

/**
 * Who may vote in an election or a poll: one rule for the server, which refuses the vote, and for
 * the client, which shows the reason and what to do instead of a vote button that would fail.
 */

/** The ballot's own rule, as public reads carry it: the same for every viewer, so it may be cached. */
export interface EligibilityRequirement {
  eligibility: EligibilityRule;
  /** The regions whose enrolled voters may vote; null means every region. Read only for 'enrolled'. */
  eligibleRegions: readonly string[] | null;
}

/** Whether an account has an e-mail address or a phone number, and whether its holder confirmed it. */
export type ContactStatus = 'none' | 'unconfirmed' | 'confirmed';

export function contactStatus(value: string | null | undefined, confirmed: boolean): ContactStatus {
  if (!value) return 'none';
  return confirmed ? 'confirmed' : 'unconfirmed';
}

/** The viewer's own standing: from the session (signed in, contacts confirmed) and the roll (status, region). */
export interface VoterStanding {
  signedIn: boolean;
  contacts: { email: ContactStatus; phone: ContactStatus };
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
  'phoneUnconfirmed',
  'contactUnconfirmed',
] as const;
export type IneligibleReason = (typeof INELIGIBLE_REASONS)[number];

export type VoteEligibility = { mayVote: true } | { mayVote: false; reason: IneligibleReason };

const MAY_VOTE: VoteEligibility = { mayVote: true };
const refused = (reason: IneligibleReason): VoteEligibility => ({ mayVote: false, reason });

/**
 * Which contact a viewer without a confirmed one is asked to confirm: the one the account has, or either when
 * it has both.
 */
function unconfirmedContact(contacts: VoterStanding['contacts']): IneligibleReason {
  if (contacts.phone === 'none') return 'emailUnverified';
  if (contacts.email === 'none') return 'phoneUnconfirmed';
  return 'contactUnconfirmed';
}

/**
 * May this viewer vote under this rule? Enrolled voters need an enrolled entry (a rejected one counts as none)
 * in one of the listed regions; an enrolled voter needs no confirmed contact, since a registrar saw their
 * identity document. Verified contact needs a confirmed e-mail address or a confirmed phone number; signed in
 * needs an account.
 */
export function voteEligibility(requirement: EligibilityRequirement, viewer: VoterStanding): VoteEligibility {
  if (!viewer.signedIn) return refused('signIn');
  switch (requirement.eligibility) {
    case 'signedIn':
      return MAY_VOTE;
    case 'verifiedContact': {
      const { email, phone } = viewer.contacts;
      if (email === 'confirmed' || phone === 'confirmed') return MAY_VOTE;
      return refused(unconfirmedContact(viewer.contacts));
    }
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
