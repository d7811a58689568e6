import type { Db } from '@server/db/client';
import { pollCandidates, polls, pollVotes } from '@server/db/schema';
import { addMonths, monthBounds, monthKey } from '@shared/months';
import type { PollStatus } from '@shared/polls';
import { and, eq } from 'drizzle-orm';
import { weightedChoices } from './elections';

const POLL_CANDIDATES = [
  { name: 'Hassan Abdi Nur', party: 'Midnimo Party', colorHex: '#2563EB' },
  { name: 'Faadumo Ali Warsame', party: 'Horseed Alliance', colorHex: '#16A34A' },
  { name: 'Abdirahman Yusuf Hirsi', party: 'Justice and Development', colorHex: '#DC2626' },
  { name: 'Maryan Hassan Omar', party: 'Independent', colorHex: '#9333EA' },
  { name: 'Mohamed Said Jimale', party: 'Unity Movement', colorHex: '#EA580C' },
];

function monthLabel(key: string): string {
  const { opensAt } = monthBounds(key);
  return new Intl.DateTimeFormat('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Mogadishu',
  }).format(opensAt);
}

function seedPoll(
  db: Db,
  key: string,
  status: PollStatus,
  weights: number[],
  actors: { adminId: string; voterIds: string[] },
  voters: number,
): void {
  const exists = db
    .select({ id: polls.id })
    .from(polls)
    .where(and(eq(polls.monthYear, key), eq(polls.electionType, 'presidential')))
    .get();
  if (exists) return;
  const { opensAt, closesAt } = monthBounds(key);
  db.transaction((tx) => {
    const poll = tx
      .insert(polls)
      .values({
        title: `Presidential Opinion Poll – ${monthLabel(key)}`,
        monthYear: key,
        electionType: 'presidential',
        status,
        // Polls ask accounts with a confirmed e-mail address (issue 17); the demo voters' are confirmed.
        eligibility: 'verifiedContact',
        opensAt,
        closesAt,
        createdBy: actors.adminId,
        createdAt: new Date(opensAt.getTime() - 24 * 60 * 60 * 1000),
      })
      .returning({ id: polls.id })
      .get();
    const candidateIds = POLL_CANDIDATES.map(
      (candidate, index) =>
        tx
          .insert(pollCandidates)
          .values({ ...candidate, pollId: poll.id, orderIndex: index + 1 })
          .returning({ id: pollCandidates.id })
          .get().id,
    );
    weightedChoices(weights, voters).forEach((choice, index) => {
      const userId = actors.voterIds[index];
      const candidateId = candidateIds[choice];
      if (!userId || !candidateId) return;
      tx.insert(pollVotes)
        .values({
          pollId: poll.id,
          userId,
          candidateId,
          createdAt: new Date(opensAt.getTime() + (index + 1) * 3_600_000),
        })
        .run();
    });
  });
}

/** An open presidential poll for the current month and a closed one for last month, with votes. */
export function seedPolls(db: Db, actors: { adminId: string; voterIds: string[] }, now: Date): void {
  const current = monthKey(now);
  seedPoll(db, addMonths(current, -1), 'closed', [9, 7, 5, 3, 2], actors, 60);
  seedPoll(db, current, 'open', [6, 6, 4, 2, 1], actors, 32);
}
