import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession } from '@server/auth/sessions';
import { closeDb, createDb, migrateDb } from '@server/db/client';
import { attachKeys, randomKeys } from '@server/db/keys';
import { pollVotes, votes } from '@server/db/schema';
import { englishMessage } from '@server/errors/texts';
import { ALREADY_VOTED } from '@server/services/voting';
import { pollMessages } from '@shared/schemas/polls';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin } from '../../helpers/app';
import { createElection } from '../../helpers/election-factories';
import { createPoll, createVoters } from '../../helpers/poll-factories';
import { reportFigures } from '../../helpers/security/figures';
import { encodeInput } from '../../helpers/security/http';

/**
 * 200 citizens, all behind one carrier NAT address, each pressing Vote five times at once in one election
 * and five times in the monthly poll: 2,000 requests in flight together, on a database file in WAL mode as
 * in production. The unique indexes decide: exactly one vote per citizen per ballot, the rest a clear 409.
 */
const CITIZENS = 200;
const ATTEMPTS = 5;
const folder = mkdtempSync(join(tmpdir(), 'codka-concurrency-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('simultaneous votes', () => {
  it(`records exactly ${CITIZENS} votes in each ballot from ${CITIZENS * ATTEMPTS * 2} simultaneous attempts`, async () => {
    const db = createDb(join(folder, 'codka.db'));
    migrateDb(db);
    attachKeys(db, randomKeys());
    const { app } = await buildTestApp({ db });
    const { election, candidates } = createElection(db, { candidateCount: 4 });
    const { poll, candidates: pollCandidates } = createPoll(db, { candidateCount: 3 });
    // Sessions straight in the database: 200 argon2 sign-ins would be the slow part of this test.
    const citizens = createVoters(db, CITIZENS).map((userId, index) => ({
      userId,
      cookie: `codka_session=${createSession(db, userId).token}`,
      candidateId: candidates[index % candidates.length]?.id ?? '',
      pollCandidateId: pollCandidates[index % pollCandidates.length]?.id ?? '',
    }));

    const attempt = (path: string, cookie: string, input: unknown) =>
      app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        headers: { ...sameOrigin, 'content-type': 'application/json', cookie },
        payload: encodeInput(input),
        remoteAddress: '100.64.0.1',
      });
    const started = performance.now();
    const answers = await Promise.all(
      citizens.flatMap((citizen) =>
        Array.from({ length: ATTEMPTS }, () => [
          attempt('votes.cast', citizen.cookie, {
            electionId: election.id,
            candidateId: citizen.candidateId,
          }).then((response) => ({ citizen, kind: 'cast' as const, response })),
          attempt('polls.vote', citizen.cookie, {
            pollId: poll.id,
            candidateId: citizen.pollCandidateId,
          }).then((response) => ({ citizen, kind: 'poll' as const, response })),
        ]).flat(),
      ),
    );
    const elapsedMs = Math.round(performance.now() - started);

    const statuses = new Map<number, number>();
    for (const { response } of answers)
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ 200: CITIZENS * 2, 409: CITIZENS * 2 * (ATTEMPTS - 1) });

    const receipts = new Map<string, string>();
    for (const { citizen, kind, response } of answers) {
      const body = response.json();
      if (response.statusCode === 409) {
        expect(body.error.json.message).toBe(
          kind === 'cast' ? ALREADY_VOTED : englishMessage(pollMessages.alreadyVoted),
        );
      } else if (kind === 'cast') {
        expect(receipts.has(citizen.userId), 'two successful casts for one citizen').toBe(false);
        receipts.set(citizen.userId, body.result.data.json.receiptId);
      }
    }

    const stored = db
      .select({ userId: votes.userId, receiptId: votes.receiptId, candidateId: votes.candidateId })
      .from(votes)
      .where(eq(votes.electionId, election.id))
      .all();
    expect(stored).toHaveLength(CITIZENS);
    for (const row of stored) {
      expect(row.receiptId).toBe(receipts.get(row.userId));
      expect(row.candidateId).toBe(citizens.find((c) => c.userId === row.userId)?.candidateId);
    }
    const pollRows = db
      .select({ userId: pollVotes.userId })
      .from(pollVotes)
      .where(eq(pollVotes.pollId, poll.id))
      .all();
    expect(new Set(pollRows.map((row) => row.userId)).size).toBe(CITIZENS);
    expect(pollRows).toHaveLength(CITIZENS);
    expect(db.$client.pragma('integrity_check', { simple: true })).toBe('ok');

    await app.close();
    closeDb(db);
    reportFigures(
      'concurrency',
      `concurrency: ${CITIZENS} citizens × ${ATTEMPTS} simultaneous casts and ${ATTEMPTS} poll votes = ` +
        `${answers.length} requests in ${elapsedMs} ms: ${CITIZENS} votes and ${CITIZENS} poll votes recorded, ` +
        `${CITIZENS * 2 * (ATTEMPTS - 1)} answered 409, no 5xx`,
      {
        citizens: CITIZENS,
        attemptsEach: ATTEMPTS,
        requests: answers.length,
        elapsedMs,
        statuses: Object.fromEntries(statuses),
      },
    );
  });
});
