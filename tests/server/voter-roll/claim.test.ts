import { auditLogs, rollFlags, voters } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { randomMasked } from '../../helpers/random-masked';
import { enrolledVoter, importedEntry, rollUser, supervisor } from '../../helpers/voter-roll-factories';

// Counts the keyed hashes of dates of birth: a refused claim must not reach one.
const hashing = vi.hoisted(() => ({ calls: 0 }));
vi.mock('@server/services/voter-roll/date-of-birth', async (importOriginal) => {
  const original = await importOriginal<typeof import('@server/services/voter-roll/date-of-birth')>();
  return {
    ...original,
    dateOfBirthHash: (...args: Parameters<typeof original.dateOfBirthHash>) => {
      hashing.calls += 1;
      return original.dateOfBirthHash(...args);
    },
  };
});
beforeEach(() => {
  hashing.calls = 0;
});

const DOB = '1984-03-09';
const say = (key: string, params?: Record<string, unknown>) => messageText({ key, params: params as never });

async function setup() {
  const deps = createTestDeps();
  const entry = importedEntry(deps.db, { dateOfBirth: DOB, voterCardNumber: 'SO-5550-1234' });
  const citizen = await rollUser(deps.db);
  // The factory hashed the entry's date as the import does; count only what claims hash.
  hashing.calls = 0;
  return { deps, entry, citizen, caller: callerFor(deps, citizen).caller };
}

describe('enrollment.claim', () => {
  it('refuses a visitor', async () => {
    const { deps } = await setup();
    await expectTrpcError(
      callerFor(deps, null).caller.enrollment.claim({ voterCardNumber: 'SO-5550-1234', dateOfBirth: DOB }),
      'UNAUTHORIZED',
    );
  });

  it("links the commission's entry to an account whose visit at a center was rejected, which stays on the roll unlinked", async () => {
    const { deps, entry, citizen, caller } = await setup();
    const refused = enrolledVoter(deps.db, {
      userId: citizen.id,
      status: 'rejected',
      voterCardNumber: 'SO-WRONG-7',
    });
    expect(await caller.enrollment.claim({ voterCardNumber: 'SO-5550-1234', dateOfBirth: DOB })).toEqual({
      id: entry.id,
      status: 'enrolled',
    });
    expect(deps.db.select().from(voters).where(eq(voters.id, refused.id)).get()).toMatchObject({
      userId: null,
      status: 'rejected',
    });
    const unlinked = deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'unlink_rejected')).all();
    expect(unlinked).toEqual([expect.objectContaining({ recordId: refused.id, actorId: citizen.id })]);
    expect(JSON.parse(unlinked[0]?.oldValues ?? '{}')).toEqual({ userId: citizen.id });
    expect(await caller.enrollment.status()).toMatchObject({ status: 'enrolled' });
  });

  it('links an entry to the admin who asked for its import, or confirmed it, only for a supervisor to approve', async () => {
    const deps = createTestDeps();
    const asked = await rollUser(deps.db, { role: 'System Admin' });
    const confirmed = await rollUser(deps.db, { role: 'System Admin' });
    const reviewer = await supervisor(deps.db);
    const entries = [
      ['SO-5550-2001', 'Asha Warsame'],
      ['SO-5550-2002', 'Hodan Jama'],
    ].map(([voterCardNumber, fullName]) => {
      const entry = importedEntry(deps.db, {
        dateOfBirth: DOB,
        voterCardNumber,
        fullName,
        enteredBy: asked.id,
      });
      deps.db.update(voters).set({ reviewedBy: confirmed.id }).where(eq(voters.id, entry.id)).run();
      return entry;
    });
    for (const [i, admin] of [asked, confirmed].entries()) {
      const entry = entries[i] as (typeof entries)[number];
      const caller = callerFor(deps, admin).caller;
      expect(
        await caller.enrollment.claim({ voterCardNumber: entry.voterCardNumber, dateOfBirth: DOB }),
      ).toEqual({ id: entry.id, status: 'pending' });
      expect(await caller.enrollment.status()).toMatchObject({ status: 'pending' });
    }
    // Neither admin approves an entry of the file they brought in, their own or the other's.
    const byAsker = callerFor(deps, asked, undefined, { steppedUp: true }).caller;
    await expectTrpcError(
      byAsker.supervisor.approve({ id: entries[1]?.id ?? '' }),
      'FORBIDDEN',
      say('supervisor.ownEntry'),
    );
    const byConfirmer = callerFor(deps, confirmed, undefined, { steppedUp: true }).caller;
    await expectTrpcError(
      byConfirmer.supervisor.approve({ id: entries[1]?.id ?? '' }),
      'FORBIDDEN',
      say('supervisor.ownAccount'),
    );
    // Nor does the confirmer approve the asker's own entry: the two who brought the file in are one pair of eyes.
    await expectTrpcError(
      byConfirmer.supervisor.approve({ id: entries[0]?.id ?? '' }),
      'FORBIDDEN',
      say('supervisor.ownEntry'),
    );
    const review = callerFor(deps, reviewer, undefined, { steppedUp: true }).caller;
    for (const entry of entries) {
      expect(await review.supervisor.approve({ id: entry.id })).toEqual({ id: entry.id, status: 'enrolled' });
    }
    const claims = deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'claim')).all();
    expect(claims.map((row) => JSON.parse(row.newValues ?? '{}').status)).toEqual(['pending', 'pending']);
  });

  it('links an imported entry to the account, card typed in any case and spacing, audited without the date', async () => {
    const { deps, entry, citizen, caller } = await setup();
    const result = await caller.enrollment.claim({ voterCardNumber: ' so-5550-1234 ', dateOfBirth: DOB });
    expect(result).toEqual({ id: entry.id, status: 'enrolled' });
    const row = deps.db.select().from(voters).where(eq(voters.id, entry.id)).get();
    expect(row).toMatchObject({ userId: citizen.id, status: 'enrolled' });
    expect(await caller.enrollment.status()).toMatchObject({
      status: 'enrolled',
      voterCardNumber: '******1234',
    });
    const audit = deps.db.select().from(auditLogs).all();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'claim', recordId: entry.id, actorId: citizen.id }),
    ]);
    const text = randomMasked(audit);
    expect(text).toContain('<id>');
    expect(text).not.toContain(DOB);
    expect(text).not.toContain('1984');
  });

  it('gives one and the same sentence for a wrong card and a wrong date of birth', async () => {
    const { deps, caller } = await setup();
    const noMatch = say('claim.noMatch');
    await expectTrpcError(
      caller.enrollment.claim({ voterCardNumber: 'SO-0000-0000', dateOfBirth: DOB }),
      'BAD_REQUEST',
      noMatch,
    );
    await expectTrpcError(
      caller.enrollment.claim({ voterCardNumber: 'SO-5550-1234', dateOfBirth: '1984-03-10' }),
      'BAD_REQUEST',
      noMatch,
    );
    // An entry recorded by a registrar has no date of birth to check: it cannot be claimed either.
    enrolledVoter(deps.db, { voterCardNumber: 'SO-7777-0001' });
    await expectTrpcError(
      caller.enrollment.claim({ voterCardNumber: 'SO-7777-0001', dateOfBirth: DOB }),
      'BAD_REQUEST',
      noMatch,
    );
    expect(
      deps.db.select().from(voters).where(eq(voters.voterCardNumber, 'S055501234')).get()?.userId,
    ).toBeNull();
    expect(deps.db.select().from(rollFlags).all()).toEqual([]);
  });

  it('refuses a card another account holds, with one open flag per card and claimant and an audit row per try', async () => {
    const { deps, entry, caller } = await setup();
    const holder = await rollUser(deps.db);
    await callerFor(deps, holder).caller.enrollment.claim({
      voterCardNumber: 'SO-5550-1234',
      dateOfBirth: DOB,
    });

    for (let i = 0; i < 3; i += 1) {
      await expectTrpcError(
        caller.enrollment.claim({ voterCardNumber: 'SO-5550-1234', dateOfBirth: DOB }),
        'CONFLICT',
        say('claim.alreadyClaimed'),
      );
    }
    const flags = deps.db.select().from(rollFlags).all();
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: 'cardAlreadyClaimed', voterId: entry.id, resolvedAt: null });
    const refusals = deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'claim_refused')).all();
    expect(refusals).toHaveLength(3);
    expect(JSON.stringify(refusals)).not.toContain(DOB);
    expect(deps.db.select().from(voters).where(eq(voters.id, entry.id)).get()?.userId).toBe(holder.id);
  });

  it('refuses an account that already has an entry, pending, enrolled or suspended', async () => {
    const { deps, citizen, caller } = await setup();
    const own = enrolledVoter(deps.db, { userId: citizen.id, status: 'pending' });
    for (const status of ['pending', 'enrolled', 'suspended'] as const) {
      deps.db.update(voters).set({ status }).where(eq(voters.id, own.id)).run();
      await expectTrpcError(
        caller.enrollment.claim({ voterCardNumber: 'SO-5550-1234', dateOfBirth: DOB }),
        'CONFLICT',
        say('claim.accountHasEntry'),
      );
    }
  });

  it('refuses a suspended imported entry with the no-match sentence', async () => {
    const { deps, caller } = await setup();
    importedEntry(deps.db, { dateOfBirth: DOB, voterCardNumber: 'SO-9990-0001' });
    deps.db.update(voters).set({ status: 'suspended' }).where(eq(voters.voterCardNumber, 'S099900001')).run();
    await expectTrpcError(
      caller.enrollment.claim({ voterCardNumber: 'SO-9990-0001', dateOfBirth: DOB }),
      'BAD_REQUEST',
      say('claim.noMatch'),
    );
  });

  it('refuses the 6th claim of an hour from one account before any hash or database work', async () => {
    const { deps, caller } = await setup();
    for (let i = 0; i < 5; i += 1) {
      await expectTrpcError(
        caller.enrollment.claim({ voterCardNumber: `SO-0000-000${i}`, dateOfBirth: DOB }),
        'BAD_REQUEST',
      );
    }
    expect(hashing.calls).toBe(5);
    const writes = deps.db.$client.prepare('SELECT total_changes()').pluck().get();
    await expectTrpcError(
      caller.enrollment.claim({ voterCardNumber: 'SO-5550-1234', dateOfBirth: DOB }),
      'TOO_MANY_REQUESTS',
      say('claim.tooManyAttempts', { wait: { key: 'time.minutes', params: { count: 60 } } }),
    );
    expect(hashing.calls).toBe(5);
    expect(deps.db.$client.prepare('SELECT total_changes()').pluck().get()).toBe(writes);
    expect(
      deps.db.select().from(voters).where(eq(voters.voterCardNumber, 'S055501234')).get()?.userId,
    ).toBeNull();
  });

  it('refuses the 61st claim of an hour from one address, whoever asks, before any hash', async () => {
    const deps = createTestDeps();
    const address = '100.64.9.9';
    const claimants = await Promise.all(Array.from({ length: 13 }, () => rollUser(deps.db)));
    let sent = 0;
    for (const claimant of claimants) {
      const { caller } = callerFor(deps, claimant, address);
      for (let i = 0; i < 5 && sent < 60; i += 1) {
        sent += 1;
        await expectTrpcError(
          caller.enrollment.claim({ voterCardNumber: `SO-1111-${sent}`, dateOfBirth: DOB }),
          'BAD_REQUEST',
        );
      }
    }
    expect(hashing.calls).toBe(60);
    const fresh = claimants.at(-1);
    if (!fresh) throw new Error('no claimant');
    await expectTrpcError(
      callerFor(deps, fresh, address).caller.enrollment.claim({
        voterCardNumber: 'SO-1111-X',
        dateOfBirth: DOB,
      }),
      'TOO_MANY_REQUESTS',
    );
    expect(hashing.calls).toBe(60);
    // The same account from another address still has its own points.
    await expectTrpcError(
      callerFor(deps, fresh, '100.64.9.10').caller.enrollment.claim({
        voterCardNumber: 'SO-1111-Y',
        dateOfBirth: DOB,
      }),
      'BAD_REQUEST',
    );
  });

  it.each([
    [{ voterCardNumber: 'ab', dateOfBirth: DOB }, 'roll.voterCardInvalid', undefined],
    [{ voterCardNumber: 'SO-5550-1234', dateOfBirth: '1984-02-30' }, 'roll.dateOfBirthInvalid', undefined],
    [{ voterCardNumber: 'SO-5550-1234', dateOfBirth: '09/03/1984' }, 'roll.dateOfBirthInvalid', undefined],
    [{ voterCardNumber: 'SO-5550-1234', dateOfBirth: '2999-01-01' }, 'roll.dateOfBirthFuture', undefined],
    [
      { voterCardNumber: 'SO-5550-1234', dateOfBirth: `${new Date().getUTCFullYear() - 10}-01-01` },
      'roll.tooYoung',
      { min: 18 },
    ],
    [{ voterCardNumber: 'SO-5550-1234', dateOfBirth: '1850-01-01' }, 'roll.tooOld', { max: 130 }],
  ])('refuses %j with its sentence before any work', async (input, key, params) => {
    const { caller } = await setup();
    await expectTrpcError(caller.enrollment.claim(input), 'BAD_REQUEST', say(key, params));
    expect(hashing.calls).toBe(0);
  });
});
