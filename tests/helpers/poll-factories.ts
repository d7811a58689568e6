import type { Db } from '@server/db/client';
import { pollCandidates, polls, pollVotes, profiles, users } from '@server/db/schema';
import { addMonths, monthBounds, monthKey } from '@shared/months';
import type { PollElectionType, PollStatus } from '@shared/polls';
import type { EligibilityRule } from '@shared/voter-roll';
import { eq } from 'drizzle-orm';

const HOUR = 3_600_000;

/**
 * A poll with `candidateCount` candidates; by default an open presidential poll of this month (in Somalia) from an
 * hour ago for a day, both cut to the month's bounds, so that it may be published whatever today's date.
 * Its rule is 'signedIn' unless told otherwise (the product's default is 'verifiedContact'): most tests vote as
 * any account; the eligibility tests create 'verifiedContact' and 'enrolled' polls themselves.
 */
export function createPoll(
  db: Db,
  options: Partial<{
    status: PollStatus;
    electionType: PollElectionType;
    opensAt: Date;
    closesAt: Date;
    monthYear: string;
    title: string;
    candidateCount: number;
    candidateNames: string[];
    createdAt: Date;
    eligibility: EligibilityRule;
  }> = {},
) {
  const now = Date.now();
  const month = monthBounds(monthKey(new Date(now)));
  const electionType = options.electionType ?? 'presidential';
  const poll = db
    .insert(polls)
    .values({
      title: options.title ?? `Poll ${crypto.randomUUID().slice(0, 8)}`,
      monthYear: options.monthYear ?? freeMonth(db, electionType),
      electionType,
      status: options.status ?? 'open',
      opensAt: options.opensAt ?? new Date(Math.max(now - HOUR, month.opensAt.getTime())),
      closesAt: options.closesAt ?? new Date(Math.min(now + 24 * HOUR, month.closesAt.getTime())),
      eligibility: options.eligibility ?? 'signedIn',
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning()
    .get();
  const names =
    options.candidateNames ??
    Array.from({ length: options.candidateCount ?? 3 }, (_, i) => `Candidate ${i + 1}`);
  const candidates = names.map((name, index) =>
    db
      .insert(pollCandidates)
      .values({ pollId: poll.id, name, party: `Party ${index + 1}`, orderIndex: index + 1 })
      .returning()
      .get(),
  );
  return { poll, candidates };
}

/**
 * A month takes one poll of a type: this month (in Somalia) for a database's first, then the months before it, so
 * tests that make several polls of one type get one each.
 */
function freeMonth(db: Db, electionType: PollElectionType): string {
  const taken = new Set(
    db
      .select({ monthYear: polls.monthYear })
      .from(polls)
      .where(eq(polls.electionType, electionType))
      .all()
      .map((row) => row.monthYear),
  );
  const thisMonth = monthKey(new Date());
  for (let back = 0; ; back -= 1) {
    const month = addMonths(thisMonth, back);
    if (!taken.has(month)) return month;
  }
}

/** Records votes directly (no rules), e.g. to set up a tally. */
export function insertPollVote(
  db: Db,
  values: { pollId: string; userId: string; candidateId: string; at?: Date; channel?: 'web' | 'ussd' },
) {
  return db
    .insert(pollVotes)
    .values({
      pollId: values.pollId,
      userId: values.userId,
      candidateId: values.candidateId,
      ...(values.at ? { createdAt: values.at } : {}),
      ...(values.channel ? { channel: values.channel } : {}),
    })
    .returning()
    .get();
}

/** Users that exist only to cast votes (no password: cheap to create in numbers). */
export function createVoters(db: Db, count: number): string[] {
  return Array.from({ length: count }, () => {
    const user = db
      .insert(users)
      .values({ email: `voter.${crypto.randomUUID()}@test.codka.example` })
      .returning({ id: users.id })
      .get();
    db.insert(profiles).values({ userId: user.id, fullName: 'Test Voter' }).run();
    return user.id;
  });
}
