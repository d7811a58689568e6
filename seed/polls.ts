import type { Db } from '@server/db/client';
import { pollCandidates, polls, pollVotes } from '@server/db/schema';
import { addMonths, monthBounds, monthKey } from '@shared/months';
import type { PollStatus } from '@shared/polls';
import { and, eq, isNull } from 'drizzle-orm';
import { weightedChoices } from './elections';
import { type DemoText, monthName, PARTIES } from './texts';

const POLL_CANDIDATES = [
  { name: 'Hassan Abdi Nur', party: PARTIES.midnimo, colorHex: '#2563EB' },
  { name: 'Faadumo Ali Warsame', party: PARTIES.horseed, colorHex: '#16A34A' },
  { name: 'Abdirahman Yusuf Hirsi', party: PARTIES.justice, colorHex: '#DC2626' },
  { name: 'Maryan Hassan Omar', party: PARTIES.independent, colorHex: '#9333EA' },
  { name: 'Mohamed Said Jimale', party: PARTIES.unity, colorHex: '#EA580C' },
];

/** "Presidential Opinion Poll – November 2026" and its Somali. */
export function demoPollTitle(key: string): DemoText {
  const month = monthName(key);
  return {
    en: `Presidential Opinion Poll – ${month.en}`,
    so: `Ra'yi ururinta madaxweynaha – ${month.so}`,
  };
}

/**
 * The Somali of a demo poll seeded without it: only into columns still empty, and only when the poll is the demo's
 * (its English title as the seed writes it), not one staff created for the month.
 */
function addSomali(db: Db, pollId: string, key: string): void {
  const title = demoPollTitle(key);
  const demo = db
    .select({ id: polls.id })
    .from(polls)
    .where(and(eq(polls.id, pollId), eq(polls.title, title.en)))
    .get();
  if (!demo) return;
  db.update(polls)
    .set({ titleSo: title.so })
    .where(and(eq(polls.id, pollId), eq(polls.titleSo, '')))
    .run();
  for (const candidate of POLL_CANDIDATES) {
    db.update(pollCandidates)
      .set({ partySo: candidate.party.so })
      .where(
        and(
          eq(pollCandidates.pollId, pollId),
          eq(pollCandidates.name, candidate.name),
          isNull(pollCandidates.partySo),
        ),
      )
      .run();
  }
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
  if (exists) {
    addSomali(db, exists.id, key);
    return;
  }
  const { opensAt, closesAt } = monthBounds(key);
  db.transaction((tx) => {
    const poll = tx
      .insert(polls)
      .values({
        title: demoPollTitle(key).en,
        titleSo: demoPollTitle(key).so,
        monthYear: key,
        electionType: 'presidential',
        status,
        // Polls ask for a verified contact (docs/product.md#monthly-presidential-poll); the demo voters' are confirmed.
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
          .values({
            name: candidate.name,
            party: candidate.party.en,
            partySo: candidate.party.so,
            colorHex: candidate.colorHex,
            pollId: poll.id,
            orderIndex: index + 1,
          })
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
