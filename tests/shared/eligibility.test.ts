import {
  type ContactStatus,
  type EligibilityRequirement,
  INELIGIBLE_REASONS,
  needsRoll,
  parseEligibleRegions,
  storedEligibleRegions,
  type VoterStanding,
  voteEligibility,
} from '@shared/eligibility';
import { ELIGIBILITY_RULES, type EnrollmentStatus } from '@shared/voter-roll';
import { describe, expect, it } from 'vitest';

const visitor: VoterStanding = { signedIn: false, contacts: { email: 'none', phone: 'none' }, roll: null };
/** An account with an e-mail address, confirmed unless `emailVerified: false`, unless `contacts` says otherwise. */
const standing = (
  overrides: Partial<VoterStanding> & {
    emailVerified?: boolean;
    status?: EnrollmentStatus;
    region?: string;
  } = {},
): VoterStanding => ({
  signedIn: true,
  contacts: overrides.contacts ?? {
    email: overrides.emailVerified === false ? 'unconfirmed' : 'confirmed',
    phone: 'none',
  },
  roll: overrides.roll ?? { status: overrides.status ?? 'none', region: overrides.region ?? null },
});
const rule = (
  eligibility: EligibilityRequirement['eligibility'],
  eligibleRegions: string[] | null = null,
): EligibilityRequirement => ({ eligibility, eligibleRegions });

describe('voteEligibility', () => {
  it('asks every visitor to sign in, whatever the rule', () => {
    for (const eligibility of ELIGIBILITY_RULES) {
      expect(voteEligibility(rule(eligibility), visitor)).toEqual({ mayVote: false, reason: 'signIn' });
    }
  });

  it('lets any signed-in account vote under signedIn, e-mail confirmed or not, on the roll or not', () => {
    for (const emailVerified of [true, false]) {
      for (const status of ['none', 'pending', 'enrolled', 'rejected', 'suspended'] as const) {
        expect(voteEligibility(rule('signedIn'), standing({ emailVerified, status }))).toEqual({
          mayVote: true,
        });
      }
    }
  });

  it('needs a confirmed e-mail address under verifiedContact, and nothing from the roll', () => {
    expect(voteEligibility(rule('verifiedContact'), standing({ emailVerified: true }))).toEqual({
      mayVote: true,
    });
    expect(
      voteEligibility(rule('verifiedContact'), standing({ emailVerified: false, status: 'enrolled' })),
    ).toEqual({ mayVote: false, reason: 'emailUnverified' });
  });

  it('takes a confirmed phone number as a verified contact, and names the contact to confirm', () => {
    const contacts = (email: ContactStatus, phone: ContactStatus) => standing({ contacts: { email, phone } });
    const verdict = (email: ContactStatus, phone: ContactStatus) =>
      voteEligibility(rule('verifiedContact'), contacts(email, phone));
    expect(verdict('none', 'confirmed')).toEqual({ mayVote: true });
    expect(verdict('unconfirmed', 'confirmed')).toEqual({ mayVote: true });
    expect(verdict('confirmed', 'unconfirmed')).toEqual({ mayVote: true });
    expect(verdict('none', 'unconfirmed')).toEqual({ mayVote: false, reason: 'phoneUnconfirmed' });
    expect(verdict('unconfirmed', 'none')).toEqual({ mayVote: false, reason: 'emailUnverified' });
    expect(verdict('unconfirmed', 'unconfirmed')).toEqual({ mayVote: false, reason: 'contactUnconfirmed' });
  });

  it('gives each roll status under enrolled its own reason; a rejected entry counts as none', () => {
    const cases: [EnrollmentStatus, string | null][] = [
      ['none', 'notOnRoll'],
      ['rejected', 'notOnRoll'],
      ['pending', 'pending'],
      ['suspended', 'suspended'],
      ['enrolled', null],
    ];
    for (const [status, reason] of cases) {
      const answer = voteEligibility(rule('enrolled'), standing({ status, region: 'Banadir' }));
      expect(answer).toEqual(reason ? { mayVote: false, reason } : { mayVote: true });
    }
    // Not asked (null) is no entry.
    expect(voteEligibility(rule('enrolled'), standing({ roll: null }))).toEqual({
      mayVote: false,
      reason: 'notOnRoll',
    });
  });

  it('does not ask an enrolled voter for a confirmed e-mail address', () => {
    expect(
      voteEligibility(
        rule('enrolled'),
        standing({ emailVerified: false, status: 'enrolled', region: 'Bay' }),
      ),
    ).toEqual({ mayVote: true });
  });

  it('limits an election to its listed regions', () => {
    const limited = rule('enrolled', ['Banadir', 'Bay']);
    expect(voteEligibility(limited, standing({ status: 'enrolled', region: 'Bay' }))).toEqual({
      mayVote: true,
    });
    expect(voteEligibility(limited, standing({ status: 'enrolled', region: 'Gedo' }))).toEqual({
      mayVote: false,
      reason: 'outsideRegion',
    });
    expect(voteEligibility(limited, standing({ status: 'enrolled' }))).toEqual({
      mayVote: false,
      reason: 'outsideRegion',
    });
    // The roll's own reason comes before the region: a pending voter in Gedo is told it is pending.
    expect(voteEligibility(limited, standing({ status: 'pending', region: 'Gedo' }))).toEqual({
      mayVote: false,
      reason: 'pending',
    });
    // An empty list (only from damaged data) lets nobody vote; null lets every region.
    expect(
      voteEligibility(rule('enrolled', []), standing({ status: 'enrolled', region: 'Bay' })).mayVote,
    ).toBe(false);
    expect(
      voteEligibility(rule('enrolled', null), standing({ status: 'enrolled', region: 'Bay' })).mayVote,
    ).toBe(true);
  });

  it('ignores regions for the other rules', () => {
    expect(voteEligibility(rule('signedIn', ['Bay']), standing()).mayVote).toBe(true);
    expect(voteEligibility(rule('verifiedContact', ['Bay']), standing()).mayVote).toBe(true);
  });

  it('answers only reasons from its list', () => {
    const reasons = new Set<string>();
    for (const eligibility of ELIGIBILITY_RULES) {
      for (const viewer of [
        visitor,
        standing({ emailVerified: false }),
        standing({ contacts: { email: 'none', phone: 'unconfirmed' } }),
        standing({ contacts: { email: 'unconfirmed', phone: 'unconfirmed' } }),
        ...(['none', 'pending', 'enrolled', 'rejected', 'suspended'] as const).map((status) =>
          standing({ status, region: 'Gedo' }),
        ),
      ]) {
        const answer = voteEligibility(rule(eligibility, ['Bay']), viewer);
        if (!answer.mayVote) reasons.add(answer.reason);
      }
    }
    expect([...reasons].sort()).toEqual([...INELIGIBLE_REASONS].sort());
  });

  it('reads the roll only for enrolled', () => {
    expect(ELIGIBILITY_RULES.filter(needsRoll)).toEqual(['enrolled']);
  });
});

describe('eligible regions as stored', () => {
  it('writes null for every region and the listed regions north to south, once each', () => {
    expect(storedEligibleRegions(null)).toBeNull();
    expect(storedEligibleRegions([])).toBeNull();
    expect(storedEligibleRegions(['Bay', 'Banadir', 'Bay'])).toBe('["Banadir","Bay"]');
  });

  it('reads back what it wrote, and damaged values closed', () => {
    expect(parseEligibleRegions(null)).toBeNull();
    expect(parseEligibleRegions('null')).toBeNull();
    expect(parseEligibleRegions('["Banadir","Bay"]')).toEqual(['Banadir', 'Bay']);
    expect(parseEligibleRegions('["Bay","Atlantis"]')).toEqual(['Bay']);
    expect(parseEligibleRegions('not json')).toEqual([]);
    expect(parseEligibleRegions('{"a":1}')).toEqual([]);
  });
});
