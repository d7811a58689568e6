import { candidates as candidateTable, elections, pollVotes, voters, votes } from '@server/db/schema';
import type { VoterStatus } from '@shared/voter-roll';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestDeps, type TestDeps } from '../../helpers/caller';
import { createElection } from '../../helpers/election-factories';
import { CONFIRM_EMAIL_POLL, NOT_ON_ROLL } from '../../helpers/eligibility';
import { createUser } from '../../helpers/factories';
import { createPoll } from '../../helpers/poll-factories';
import { enrolledVoter } from '../../helpers/voter-roll-factories';

/** A citizen with a session; `status` puts them on the roll (in `region`), `verified` their e-mail address. */
async function citizen(
  deps: TestDeps,
  options: { status?: VoterStatus; region?: 'Banadir' | 'Bay' | 'Gedo'; verified?: boolean } = {},
) {
  const user = await createUser(deps.db, { verified: options.verified ?? true });
  if (options.status)
    enrolledVoter(deps.db, { userId: user.id, status: options.status, region: options.region });
  return { user, caller: callerFor(deps, user).caller };
}

function castIn(
  caller: Awaited<ReturnType<typeof citizen>>['caller'],
  ballot: ReturnType<typeof createElection>,
) {
  return caller.votes.cast({ electionId: ballot.election.id, candidateId: ballot.candidates[0]?.id ?? '' });
}

describe('votes.cast: who may vote in an election', () => {
  it('lets an enrolled voter vote in an enrolled-voters election, e-mail confirmed or not', async () => {
    const deps = createTestDeps();
    const ballot = createElection(deps.db, { eligibility: 'enrolled' });
    for (const verified of [true, false]) {
      const { caller } = await citizen(deps, { status: 'enrolled', verified });
      await expect(castIn(caller, ballot)).resolves.toEqual({ receiptId: expect.any(String) });
    }
  });

  it.each([
    ['no entry on the roll', undefined, NOT_ON_ROLL],
    ['a rejected entry', 'rejected' as const, NOT_ON_ROLL],
    [
      'a pending entry',
      'pending' as const,
      'Your voter registration is waiting for approval. You can vote in this election once an enrollment supervisor approves it.',
    ],
    [
      'a suspended entry',
      'suspended' as const,
      'Your voter registration is suspended, so you cannot vote in this election. Take your voter card to a registration center to ask why.',
    ],
  ])('refuses a citizen with %s (FORBIDDEN, with what to do)', async (_label, status, sentence) => {
    const deps = createTestDeps();
    const ballot = createElection(deps.db, { eligibility: 'enrolled' });
    const { caller } = await citizen(deps, { status });
    await expect(castIn(caller, ballot)).rejects.toMatchObject({ code: 'FORBIDDEN', message: sentence });
  });

  it('limits an election to its regions, naming them', async () => {
    const deps = createTestDeps();
    const ballot = createElection(deps.db, { eligibility: 'enrolled', eligibleRegions: ['Bay', 'Banadir'] });
    const inside = await citizen(deps, { status: 'enrolled', region: 'Bay' });
    await expect(castIn(inside.caller, ballot)).resolves.toBeTruthy();
    const outside = await citizen(deps, { status: 'enrolled', region: 'Gedo' });
    await expect(castIn(outside.caller, ballot)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only voters enrolled in Banadir, Bay can vote in this election. You are enrolled in Gedo.',
    });
  });

  it('needs a confirmed e-mail address in a verified-e-mail election, and no roll entry', async () => {
    const deps = createTestDeps();
    const ballot = createElection(deps.db, { eligibility: 'verifiedContact' });
    const unconfirmed = await citizen(deps, { verified: false, status: 'enrolled' });
    await expect(castIn(unconfirmed.caller, ballot)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Please confirm your e-mail address before voting in this election.',
    });
    const confirmed = await citizen(deps);
    await expect(castIn(confirmed.caller, ballot)).resolves.toBeTruthy();
  });

  it('lets any signed-in account vote in a signed-in election, and asks visitors to sign in', async () => {
    const deps = createTestDeps();
    const ballot = createElection(deps.db, { eligibility: 'signedIn' });
    const anyone = await citizen(deps, { verified: false });
    await expect(castIn(anyone.caller, ballot)).resolves.toBeTruthy();
    await expect(
      callerFor(deps, null).caller.votes.cast({
        electionId: ballot.election.id,
        candidateId: ballot.candidates[0]?.id ?? '',
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('says a closed election is closed before who may vote', async () => {
    const deps = createTestDeps();
    const ballot = createElection(deps.db, { eligibility: 'enrolled', status: 'Closed' });
    const { caller } = await citizen(deps);
    await expect(castIn(caller, ballot)).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
  });

  it('changes nothing when it refuses: no vote, no counts; the same citizen votes once approved', async () => {
    const deps = createTestDeps();
    const ballot = createElection(deps.db, { eligibility: 'enrolled' });
    const { user, caller } = await citizen(deps, { status: 'pending' });
    await expect(castIn(caller, ballot)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(deps.db.select().from(votes).all()).toEqual([]);
    const counts = deps.db
      .select({ votes: elections.voteCount })
      .from(elections)
      .where(eq(elections.id, ballot.election.id))
      .get();
    expect(counts?.votes).toBe(0);
    const candidateCounts = deps.db.select({ n: candidateTable.voteCount }).from(candidateTable).all();
    expect(candidateCounts.every((row) => row.n === 0)).toBe(true);

    // Like every other refusal, it has spent one of the address's vote points: the limit is taken before the work.
    expect((await deps.limits.votesAddress.get('203.0.113.7'))?.consumedPoints).toBe(1);

    deps.db.update(voters).set({ status: 'enrolled' }).where(eq(voters.userId, user.id)).run();
    await expect(castIn(caller, ballot)).resolves.toBeTruthy();
    expect(deps.db.select().from(votes).all()).toHaveLength(1);
  });
});

describe('polls.vote: who may vote in a poll', () => {
  const voteIn = (
    caller: Awaited<ReturnType<typeof citizen>>['caller'],
    ballot: ReturnType<typeof createPoll>,
  ) => caller.polls.vote({ pollId: ballot.poll.id, candidateId: ballot.candidates[0]?.id ?? '' });

  it('needs a confirmed contact in a verified-contact poll (the polls default): an e-mail account is asked for its address', async () => {
    const deps = createTestDeps();
    const ballot = createPoll(deps.db, { eligibility: 'verifiedContact' });
    const unconfirmed = await citizen(deps, { verified: false });
    await expect(voteIn(unconfirmed.caller, ballot)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: CONFIRM_EMAIL_POLL,
    });
    expect(deps.db.select().from(pollVotes).all()).toEqual([]);
    const confirmed = await citizen(deps);
    await expect(voteIn(confirmed.caller, ballot)).resolves.toMatchObject({ voteId: expect.any(String) });
  });

  it('keeps an enrolled-voters poll to the roll', async () => {
    const deps = createTestDeps();
    const ballot = createPoll(deps.db, { eligibility: 'enrolled' });
    const outsider = await citizen(deps);
    await expect(voteIn(outsider.caller, ballot)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message:
        'You are not on the voter roll for this poll. Get an enrollment code on your account page and take it with your voter card to a registration center.',
    });
    const suspended = await citizen(deps, { status: 'suspended' });
    await expect(voteIn(suspended.caller, ballot)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message:
        'Your voter registration is suspended, so you cannot vote in this poll. Take your voter card to a registration center to ask why.',
    });
    const voter = await citizen(deps, { status: 'enrolled', verified: false });
    await expect(voteIn(voter.caller, ballot)).resolves.toBeTruthy();
  });

  it('lets any account vote in a signed-in poll, and keeps the sign-in sentence for visitors', async () => {
    const deps = createTestDeps();
    const ballot = createPoll(deps.db, { eligibility: 'signedIn' });
    const anyone = await citizen(deps, { verified: false });
    await expect(voteIn(anyone.caller, ballot)).resolves.toBeTruthy();
    await expect(
      callerFor(deps, null).caller.polls.vote({
        pollId: ballot.poll.id,
        candidateId: ballot.candidates[0]?.id ?? '',
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to vote' });
  });
});
