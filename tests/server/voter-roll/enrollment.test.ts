import { createHash } from 'node:crypto';
import { auditLogs, enrollmentCodes } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { enrollmentCodeHash } from '@server/services/voter-roll/enrollment-codes';
import { ENROLLMENT_CODE_ALPHABET, ENROLLMENT_CODE_LENGTH, ENROLLMENT_CODE_TTL_MS } from '@shared/voter-roll';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { createDistrict, enrolledVoter, rollUser } from '../../helpers/voter-roll-factories';

const say = (key: string, params?: Record<string, unknown>) => messageText({ key, params: params as never });

describe('enrollment.status', () => {
  it('refuses a visitor with the sign-in sentence', async () => {
    const deps = createTestDeps();
    await expectTrpcError(
      callerFor(deps, null).caller.enrollment.status(),
      'UNAUTHORIZED',
      say('auth.required'),
    );
  });

  it('says none for an account without an entry, and the status, region, district and masked card otherwise', async () => {
    const deps = createTestDeps();
    const citizen = await rollUser(deps.db);
    const { caller } = callerFor(deps, citizen);
    expect(await caller.enrollment.status()).toEqual({ status: 'none' });

    const district = createDistrict(deps.db, 'Bari');
    enrolledVoter(deps.db, {
      userId: citizen.id,
      districtId: district.id,
      status: 'suspended',
      voterCardNumber: 'SO-1234-5678',
    });
    const status = await caller.enrollment.status();
    expect(status).toMatchObject({ status: 'suspended', region: 'Bari', voterCardNumber: '******5678' });
    expect(status.district).toMatch(/^District /);
  });
});

describe('enrollment.requestCode', () => {
  it('gives an 8-character code of the alphabet, valid 24 hours, stored only as its hash and audited without it', async () => {
    const deps = createTestDeps();
    const citizen = await rollUser(deps.db);
    const before = Date.now();
    const { code, expiresAt } = await callerFor(deps, citizen).caller.enrollment.requestCode();
    expect(code).toMatch(new RegExp(`^[${ENROLLMENT_CODE_ALPHABET}]{${ENROLLMENT_CODE_LENGTH}}$`));
    expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + ENROLLMENT_CODE_TTL_MS);
    expect(expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + ENROLLMENT_CODE_TTL_MS);

    const stored = deps.db.select().from(enrollmentCodes).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.codeHash).toBe(enrollmentCodeHash(deps.db, code));
    const everything = JSON.stringify(deps.db.$client.prepare('SELECT * FROM enrollment_codes').all());
    expect(everything).not.toContain(code);

    const audit = deps.db.select().from(auditLogs).where(eq(auditLogs.tableName, 'enrollment_codes')).all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'request_code', actorId: citizen.id });
    expect(JSON.stringify(audit)).not.toContain(code);
  });

  it('stores the code under a keyed hash: hashing all 20^8 codes with plain SHA-256 finds nothing in a copy of the database', async () => {
    const deps = createTestDeps();
    const citizen = await rollUser(deps.db);
    const { code } = await callerFor(deps, citizen).caller.enrollment.requestCode();
    const stored = deps.db.select({ hash: enrollmentCodes.codeHash }).from(enrollmentCodes).get()?.hash;
    // What the attacker computes for each candidate code: the one right code must not match.
    for (const candidate of [code, code.toLowerCase()]) {
      expect(stored).not.toBe(createHash('sha256').update(candidate).digest('hex'));
      expect(stored).not.toBe(createHash('sha512').update(candidate).digest('hex'));
    }
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
  });

  it("replaces the account's previous unused code", async () => {
    const deps = createTestDeps();
    const citizen = await rollUser(deps.db);
    const { caller } = callerFor(deps, citizen);
    const first = await caller.enrollment.requestCode();
    const second = await caller.enrollment.requestCode();
    const hashes = deps.db.select({ hash: enrollmentCodes.codeHash }).from(enrollmentCodes).all();
    expect(hashes.map((row) => row.hash)).toEqual([enrollmentCodeHash(deps.db, second.code)]);
    expect(hashes.map((row) => row.hash)).not.toContain(enrollmentCodeHash(deps.db, first.code));
  });

  it.each([
    ['enrolled', 'enrollment.alreadyEnrolled'],
    ['pending', 'enrollment.alreadyPending'],
    ['suspended', 'enrollment.suspended'],
  ] as const)('refuses an account whose entry is %s with a sentence', async (status, code) => {
    const deps = createTestDeps();
    const citizen = await rollUser(deps.db);
    enrolledVoter(deps.db, { userId: citizen.id, status });
    await expectTrpcError(callerFor(deps, citizen).caller.enrollment.requestCode(), 'CONFLICT', say(code));
    expect(deps.db.select().from(enrollmentCodes).all()).toEqual([]);
  });

  it('lets a citizen whose entry was rejected ask for a new code', async () => {
    const deps = createTestDeps();
    const citizen = await rollUser(deps.db);
    enrolledVoter(deps.db, { userId: citizen.id, status: 'rejected' });
    const { code } = await callerFor(deps, citizen).caller.enrollment.requestCode();
    expect(code).toHaveLength(ENROLLMENT_CODE_LENGTH);
  });

  it('allows 10 codes an hour per account, the 11th refused before a code is made', async () => {
    const deps = createTestDeps();
    const citizen = await rollUser(deps.db);
    const { caller } = callerFor(deps, citizen);
    for (let i = 0; i < 10; i += 1) await caller.enrollment.requestCode();
    const audits = deps.db.select().from(auditLogs).all().length;
    await expectTrpcError(
      caller.enrollment.requestCode(),
      'TOO_MANY_REQUESTS',
      say('enrollment.tooManyCodes', { wait: { key: 'time.minutes', params: { count: 60 } } }),
    );
    expect(deps.db.select().from(auditLogs).all()).toHaveLength(audits);
    // Another account is not affected.
    const other = await rollUser(deps.db);
    await callerFor(deps, other).caller.enrollment.requestCode();
  });
});
