import { cardClaimAttempts, rollFlags, voters } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { claimVoterEntry } from '@server/services/voter-roll/claim';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { importedEntry, rollUser, supervisor } from '../../helpers/voter-roll-factories';

/** The numbers: 5 wrong dates on one card within 24 hours lock it for 24 hours. */
const CLAIM_ATTEMPTS_PER_CARD = 5;
const CLAIM_LOCK_MS = 24 * 60 * 60 * 1000;
const DOB = '1986-07-21';
const CARD = 'SO-6100-0042';
const say = (key: string, language?: 'en' | 'so') =>
  messageText({ key, params: undefined as never }, language);

/** `count` real dates of birth that are not DOB, as a script walks the calendar. */
function wrongDates(count: number): string[] {
  const dates: string[] = [];
  for (let day = 0; dates.length < count; day += 1) {
    const date = new Date(Date.UTC(1950, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
    if (date !== DOB) dates.push(date);
  }
  return dates;
}

/**
 * The attack on main: wrong dates of birth were counted per account and per address only, so 180 wrong dates
 * from 3 addresses (a few throwaway accounts each) then the right one linked someone else's imported entry.
 * Now every claim that does not link counts on the card itself, whoever sends it.
 */
describe('claim guessing: dates of birth counted per card', () => {
  it('refuses the right date after 180 wrong ones from 36 accounts on 3 addresses, and flags the card once', async () => {
    const deps = createTestDeps();
    const entry = importedEntry(deps.db, { dateOfBirth: DOB, voterCardNumber: CARD });
    const accounts = await Promise.all(Array.from({ length: 36 }, () => rollUser(deps.db)));
    const dates = wrongDates(180);
    const answers: string[] = [];
    for (const [i, date] of dates.entries()) {
      const account = accounts[Math.floor(i / 5)];
      if (!account) throw new Error('no account');
      const { caller } = callerFor(deps, account, `100.64.7.${1 + Math.floor(i / 60)}`);
      const answer = await caller.enrollment.claim({ voterCardNumber: CARD, dateOfBirth: date }).then(
        () => 'linked',
        (error: { cause?: { code?: string } }) => error.cause?.code ?? 'other',
      );
      answers.push(answer);
    }
    // Four wrong dates get the no-match sentence; the fifth locks the card; every later try is refused.
    expect(answers.slice(0, CLAIM_ATTEMPTS_PER_CARD - 1)).toEqual(
      Array(CLAIM_ATTEMPTS_PER_CARD - 1).fill('claim.noMatch'),
    );
    expect(new Set(answers.slice(CLAIM_ATTEMPTS_PER_CARD - 1))).toEqual(new Set(['claim.cardLocked']));

    // The right date, from a fresh account on a fresh address, is refused too: go to a registration center.
    const owner = await rollUser(deps.db);
    await expectTrpcError(
      callerFor(deps, owner, '100.64.8.1').caller.enrollment.claim({
        voterCardNumber: CARD,
        dateOfBirth: DOB,
      }),
      'TOO_MANY_REQUESTS',
      say('claim.cardLocked'),
    );
    expect(say('claim.cardLocked', 'so')).toMatch(/xarunta diiwaangelinta/);
    expect(deps.db.select().from(voters).where(eq(voters.id, entry.id)).get()?.userId).toBeNull();

    // Supervisors are told once for this lockout, and see it on their list.
    const flags = deps.db.select().from(rollFlags).all();
    expect(flags).toEqual([expect.objectContaining({ kind: 'dateOfBirthGuessing', voterId: entry.id })]);
    const boss = await supervisor(deps.db);
    const list = await callerFor(deps, boss, '203.0.113.50', { steppedUp: true }).caller.supervisor.flags();
    expect(list.items).toEqual([
      expect.objectContaining({ id: entry.id, kinds: ['dateOfBirthGuessing'], count: 1 }),
    ]);
    expect(deps.db.select().from(cardClaimAttempts).all()).toEqual([
      expect.objectContaining({ voterCardNumber: entry.voterCardNumber, attempts: CLAIM_ATTEMPTS_PER_CARD }),
    ]);
  });

  it('counts the card however it is spelled, and keeps the count across a restart of the process', async () => {
    const deps = createTestDeps();
    const entry = importedEntry(deps.db, { dateOfBirth: DOB, voterCardNumber: CARD });
    const spellings = ['so-6100-0042', 'SO61000042', 's0 6100 oo42', 'SO–6100–0O42', 'so.6100.0042'];
    for (const [i, spelling] of spellings.entries()) {
      const { caller } = callerFor(deps, await rollUser(deps.db), `100.64.9.${i + 1}`);
      await expect(
        caller.enrollment.claim({ voterCardNumber: spelling, dateOfBirth: wrongDates(5)[i] ?? '' }),
      ).rejects.toThrow();
    }
    // A new process: the in-memory limits are new, the card's count is in the database.
    const restarted = createTestDeps(deps.db);
    await expectTrpcError(
      callerFor(restarted, await rollUser(deps.db), '100.64.10.1').caller.enrollment.claim({
        voterCardNumber: CARD,
        dateOfBirth: DOB,
      }),
      'TOO_MANY_REQUESTS',
      say('claim.cardLocked'),
    );
    expect(deps.db.select().from(voters).where(eq(voters.id, entry.id)).get()?.userId).toBeNull();
  });

  it('locks a card that is not on the roll with the same sentence, so the lock tells nothing, and flags nothing', async () => {
    const deps = createTestDeps();
    const answers: string[] = [];
    for (const date of wrongDates(6)) {
      const { caller } = callerFor(deps, await rollUser(deps.db), '100.64.11.1');
      answers.push(
        await caller.enrollment.claim({ voterCardNumber: 'SO-6100-9999', dateOfBirth: date }).then(
          () => 'linked',
          (error: { cause?: { code?: string } }) => error.cause?.code ?? 'other',
        ),
      );
    }
    expect(answers).toEqual([
      'claim.noMatch',
      'claim.noMatch',
      'claim.noMatch',
      'claim.noMatch',
      'claim.cardLocked',
      'claim.cardLocked',
    ]);
    expect(deps.db.select().from(rollFlags).all()).toEqual([]);
  });

  it('lets the card be claimed online again once the lock has run out', async () => {
    const deps = createTestDeps();
    const entry = importedEntry(deps.db, { dateOfBirth: DOB, voterCardNumber: CARD });
    const start = new Date('2026-03-01T08:00:00Z');
    const input = (dateOfBirth: string) => ({ voterCardNumber: entry.voterCardNumber, dateOfBirth });
    for (const date of wrongDates(CLAIM_ATTEMPTS_PER_CARD)) {
      const guesser = await rollUser(deps.db);
      expect(() =>
        claimVoterEntry(
          deps.db,
          { id: guesser.id, emailVerified: true, phoneConfirmed: false },
          input(date),
          start,
        ),
      ).toThrow();
    }
    const owner = await rollUser(deps.db);
    const claimant = { id: owner.id, emailVerified: true, phoneConfirmed: false };
    const almost = new Date(start.getTime() + CLAIM_LOCK_MS - 1);
    expect(() => claimVoterEntry(deps.db, claimant, input(DOB), almost)).toThrow(
      expect.objectContaining({ code: 'claim.cardLocked' }),
    );
    const after = new Date(start.getTime() + CLAIM_LOCK_MS);
    expect(claimVoterEntry(deps.db, claimant, input(DOB), after)).toEqual({
      id: entry.id,
      status: 'enrolled',
    });
  });

  it('forgets the counts of cards whose window and lock are both over, so junk card numbers do not pile up', async () => {
    const deps = createTestDeps();
    const guesser = { id: (await rollUser(deps.db)).id, emailVerified: true, phoneConfirmed: false };
    const start = new Date('2026-03-01T08:00:00Z');
    for (const card of ['JUNK0001', 'JUNK0002']) {
      expect(() =>
        claimVoterEntry(deps.db, guesser, { voterCardNumber: card, dateOfBirth: DOB }, start),
      ).toThrow();
    }
    expect(deps.db.select().from(cardClaimAttempts).all()).toHaveLength(2);
    const later = new Date(start.getTime() + 2 * CLAIM_LOCK_MS + 1);
    expect(() =>
      claimVoterEntry(deps.db, guesser, { voterCardNumber: 'JUNK0003', dateOfBirth: DOB }, later),
    ).toThrow();
    expect(deps.db.select({ card: cardClaimAttempts.voterCardNumber }).from(cardClaimAttempts).all()).toEqual(
      [{ card: 'JUNK0003' }],
    );
  });

  it('refuses a claim from an account whose e-mail address is not confirmed, counting and linking nothing', async () => {
    const deps = createTestDeps();
    const entry = importedEntry(deps.db, { dateOfBirth: DOB, voterCardNumber: CARD });
    const throwaway = await rollUser(deps.db);
    deps.db.$client.prepare('UPDATE users SET email_verified_at = NULL WHERE id = ?').run(throwaway.id);
    await expectTrpcError(
      callerFor(deps, throwaway).caller.enrollment.claim({ voterCardNumber: CARD, dateOfBirth: DOB }),
      'FORBIDDEN',
      say('claim.contactNotConfirmed'),
    );
    expect(say('claim.contactNotConfirmed', 'so')).not.toBe(say('claim.contactNotConfirmed'));
    expect(deps.db.select().from(voters).where(eq(voters.id, entry.id)).get()?.userId).toBeNull();
    expect(deps.db.select().from(cardClaimAttempts).all()).toEqual([]);
  });

  it('refuses a malformed or future date of birth with its sentence before anything is counted', async () => {
    const deps = createTestDeps();
    importedEntry(deps.db, { dateOfBirth: DOB, voterCardNumber: CARD });
    const { caller } = callerFor(deps, await rollUser(deps.db));
    for (const [dateOfBirth, key] of [
      ['21/07/1986', 'roll.dateOfBirthInvalid'],
      ['1986-02-30', 'roll.dateOfBirthInvalid'],
      ['2999-01-01', 'roll.dateOfBirthFuture'],
    ] as const) {
      await expectTrpcError(
        caller.enrollment.claim({ voterCardNumber: CARD, dateOfBirth }),
        'BAD_REQUEST',
        say(key),
      );
    }
    expect(deps.db.select().from(cardClaimAttempts).all()).toEqual([]);
  });

  it('limits claims of a card already linked to another account on the card too', async () => {
    const deps = createTestDeps();
    const entry = importedEntry(deps.db, { dateOfBirth: DOB, voterCardNumber: CARD });
    const holder = await rollUser(deps.db);
    await callerFor(deps, holder).caller.enrollment.claim({ voterCardNumber: CARD, dateOfBirth: DOB });
    const answers: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const { caller } = callerFor(deps, await rollUser(deps.db), `100.64.12.${i + 1}`);
      answers.push(
        await caller.enrollment.claim({ voterCardNumber: CARD, dateOfBirth: DOB }).then(
          () => 'linked',
          (error: { cause?: { code?: string } }) => error.cause?.code ?? 'other',
        ),
      );
    }
    expect(answers).toEqual([
      ...Array(CLAIM_ATTEMPTS_PER_CARD - 1).fill('claim.alreadyClaimed'),
      ...Array(8 - CLAIM_ATTEMPTS_PER_CARD + 1).fill('claim.cardLocked'),
    ]);
    expect(deps.db.select().from(voters).where(eq(voters.id, entry.id)).get()?.userId).toBe(holder.id);
  });
});
