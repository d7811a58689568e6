import { votePercentage } from '@shared/election-rules';
import { parseEligibleRegions } from '@shared/eligibility';
import { DISTRICT_REGIONS, type DistrictRegion } from '@shared/regions';
import type { EligibilityRule } from '@shared/voter-roll';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { districts, elections, eligibleVoterCounts, encryptedBallots, voters, votes } from '../db/schema';
import { enrolledVotersByRegion } from './voter-roll/counts';

/**
 * Turnout: votes / eligible voters. The eligible count is live: it is read when the results
 * are read, so suspending a voter after an election closed lowers it. Fixing it at close needs a column
 * (elections.eligible_voters), which this change does not add; see the voter roll notes in README.
 */
export interface Turnout {
  votes: number;
  eligibleVoters: number;
  /** Rounded to 2 decimals like the results' shares; 0 when nobody is eligible. */
  percentage: number;
}

interface StoredRule {
  eligibility: EligibilityRule;
  /** As stored (JSON), or as publicRequirement parsed it: a results read has the parsed rule already. */
  eligibleRegions: string | readonly DistrictRegion[] | null;
}

export function turnoutOf(voteCount: number, eligibleVoters: number): Turnout {
  return { votes: voteCount, eligibleVoters, percentage: votePercentage(voteCount, eligibleVoters) };
}

/** The regions whose enrolled voters may vote: the listed ones, or all 18 (read as the vote check reads them). */
function eligibleRegionsOf(rule: StoredRule): readonly DistrictRegion[] {
  const regions = rule.eligibleRegions;
  return (typeof regions === 'string' ? parseEligibleRegions(regions) : regions) ?? DISTRICT_REGIONS;
}

/**
 * Active accounts, or only those with a confirmed address: the counts the triggers of drizzle/0010 keep in the
 * transaction of every write to accounts, so this is one indexed read at any number of accounts.
 */
const activeAccountsCount = preparedOnce((db) =>
  db
    .select({ accounts: eligibleVoterCounts.voters })
    .from(eligibleVoterCounts)
    .where(and(eq(eligibleVoterCounts.rule, sql.placeholder('rule')), eq(eligibleVoterCounts.region, '')))
    .prepare(),
);

/**
 * Counts eligible voters by rule, each kind read at most once per counter (the /verified-results list asks for
 * many elections at once). Accounts count only while active: a deactivated account cannot sign in to vote.
 */
export function eligibleVoterCounter(db: Db) {
  let enrolled: Map<DistrictRegion, number> | undefined;
  const accounts = new Map<'verifiedContact' | 'signedIn', number>();
  const activeAccounts = (rule: 'verifiedContact' | 'signedIn') =>
    activeAccountsCount(db).get({ rule })?.accounts ?? 0;
  return (rule: StoredRule): number => {
    if (rule.eligibility === 'enrolled') {
      enrolled ??= enrolledVotersByRegion(db);
      const byRegion = enrolled;
      return eligibleRegionsOf(rule).reduce((sum, region) => sum + (byRegion.get(region) ?? 0), 0);
    }
    let counted = accounts.get(rule.eligibility);
    if (counted === undefined) {
      counted = activeAccounts(rule.eligibility);
      accounts.set(rule.eligibility, counted);
    }
    return counted;
  };
}

function storedRule(db: Db, electionId: string) {
  return db
    .select({
      eligibility: elections.eligibility,
      eligibleRegions: elections.eligibleRegions,
      counting: elections.counting,
    })
    .from(elections)
    .where(eq(elections.id, electionId))
    .get();
}

/** Who voted, by region of their entry on the roll: a verifiable election's ballots are as much a vote each. */
function votedByRegion(db: Db, electionId: string, counting: 'standard' | 'verifiable') {
  const cast = counting === 'verifiable' ? encryptedBallots : votes;
  return new Map(
    db
      .select({ region: districts.region, votes: count() })
      .from(cast)
      .innerJoin(voters, eq(voters.userId, cast.userId))
      .innerJoin(districts, eq(districts.id, voters.districtId))
      .where(and(eq(cast.electionId, electionId), eq(voters.status, 'enrolled')))
      .groupBy(districts.region)
      .all()
      .map((row) => [row.region, row.votes]),
  );
}

/**
 * A reader of public turnout for a list of elections: `voteCount` is the total the viewer's results show
 * (the published batch or the exact count), so turnout never says more than the counts beside it.
 */
export function turnoutReader(db: Db) {
  const eligible = eligibleVoterCounter(db);
  return (electionId: string, voteCount: number): Turnout | null => {
    const rule = storedRule(db, electionId);
    return rule ? turnoutOf(voteCount, eligible(rule)) : null;
  };
}

/**
 * For admins (/admin/elections/:id/results): the election's turnout and, for an 'enrolled' election, each
 * eligible region's: votes (a verifiable election's ballots) cast by accounts linked to a voter enrolled in the
 * region / the region's enrolled voters. This one reads the election's vote rows (joined to the roll through
 * user_id), so it is for the step-up admin page only, never a public read. `votesOutsideRoll` are votes from accounts not enrolled in an
 * eligible region now (suspended since, or cast under an earlier rule).
 */
export function adminTurnout(db: Db, electionId: string, voteCount: number) {
  const rule = storedRule(db, electionId);
  if (!rule) return null;
  const overall = turnoutOf(voteCount, eligibleVoterCounter(db)(rule));
  if (rule.eligibility !== 'enrolled') {
    return { eligibility: rule.eligibility, overall, regions: null, votesOutsideRoll: null };
  }
  const enrolled = enrolledVotersByRegion(db);
  const voted = votedByRegion(db, electionId, rule.counting);
  const regions = eligibleRegionsOf(rule).map((region) => ({
    region,
    ...turnoutOf(voted.get(region) ?? 0, enrolled.get(region) ?? 0),
  }));
  const onRoll = regions.reduce((sum, row) => sum + row.votes, 0);
  return {
    eligibility: rule.eligibility,
    overall,
    regions,
    votesOutsideRoll: Math.max(0, voteCount - onRoll),
  };
}
