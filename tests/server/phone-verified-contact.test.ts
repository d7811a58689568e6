import { pollVotes, users } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createUser } from '../helpers/factories';
import { createPhoneUser, uniquePhone } from '../helpers/phone';
import { createPoll } from '../helpers/poll-factories';
import { importedEntry } from '../helpers/voter-roll-factories';

/** What a confirmed number proves: a verified contact for the poll, and for claiming a voter card. */
describe('a confirmed phone number is a verified contact', () => {
  it('lets a phone account vote in a verified-contact poll once its number is confirmed, and says which contact to confirm', async () => {
    const deps = createTestDeps();
    const ballot = createPoll(deps.db, { eligibility: 'verifiedContact' });
    const vote = (caller: ReturnType<typeof callerFor>['caller']) =>
      caller.polls.vote({ pollId: ballot.poll.id, candidateId: ballot.candidates[0]?.id ?? '' });
    const waiting = await createPhoneUser(deps.db, { confirmed: false });
    await expect(vote(callerFor(deps, { ...waiting, email: '' }).caller)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message:
        'Please confirm your phone number with the code we sent you by SMS before voting in this poll.',
    });
    // An account with both, neither confirmed, is offered either.
    const both = await createUser(deps.db, { verified: false });
    deps.db.update(users).set({ phone: uniquePhone() }).where(eq(users.id, both.id)).run();
    await expect(vote(callerFor(deps, both).caller)).rejects.toMatchObject({
      message: 'Please confirm your e-mail address or your phone number before voting in this poll.',
    });
    expect(deps.db.select().from(pollVotes).all()).toEqual([]);
    const confirmed = await createPhoneUser(deps.db);
    await expect(vote(callerFor(deps, { ...confirmed, email: '' }).caller)).resolves.toHaveProperty('voteId');
  });
});

describe('a confirmed phone number lets a citizen claim a voter card', () => {
  it('refuses the claim while the number waits for its code, and links the card once it is confirmed', async () => {
    const deps = createTestDeps();
    const entry = importedEntry(deps.db, { dateOfBirth: '1984-03-09', voterCardNumber: 'SO-5550-7777' });
    const waiting = await createPhoneUser(deps.db, { confirmed: false });
    const claim = () =>
      callerFor(deps, { ...waiting, email: '' }).caller.enrollment.claim({
        voterCardNumber: 'SO-5550-7777',
        dateOfBirth: '1984-03-09',
      });
    await expect(claim()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message:
        'Confirm your e-mail address or your phone number before you claim a voter card: open the link we sent you, type the code we sent by SMS, or ask for a new one on your account page.',
    });
    deps.db.update(users).set({ phoneConfirmedAt: new Date() }).where(eq(users.id, waiting.id)).run();
    await expect(claim()).resolves.toEqual({ id: entry.id, status: 'enrolled' });
  });
});
