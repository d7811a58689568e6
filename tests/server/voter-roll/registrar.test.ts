import { auditLogs, enrollmentCodes, rollFlags, voters } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { ENROLLMENT_CODE_TTL_MS } from '@shared/voter-roll';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { callerFor, createTestDeps } from '../../helpers/caller';
import {
  assignCenter,
  createCenter,
  createDistrict,
  enrolledVoter,
  issueCode,
  openFlag,
  registrarWithCenter,
  rollUser,
  supervisor,
} from '../../helpers/voter-roll-factories';

const say = (key: string, params?: Record<string, unknown>) => messageText({ key, params: params as never });

async function setup() {
  const deps = createTestDeps();
  const desk = await registrarWithCenter(deps.db, { region: 'Banadir' });
  const citizen = await rollUser(deps.db, { fullName: 'Amina Cali Warsame' });
  const code = issueCode(deps.db, citizen.id);
  const registrar = callerFor(deps, desk.user, '203.0.113.20', { steppedUp: true }).caller;
  const enrollment = (extra: Record<string, unknown> = {}) => ({
    code,
    voterCardNumber: 'SO-2024-0001',
    districtId: desk.districtId,
    centerId: desk.centerId,
    ...extra,
  });
  return { deps, desk, citizen, code, registrar, enrollment };
}

describe('registrar.enroll', () => {
  it('records a pending entry with the account name, marks the code used, and audits without the code', async () => {
    const { deps, desk, citizen, code, registrar, enrollment } = await setup();
    const { id } = await registrar.registrar.enroll(enrollment({ voterCardNumber: 'so 2024 0001' }));
    const row = deps.db.select().from(voters).where(eq(voters.id, id)).get();
    expect(row).toMatchObject({
      voterCardNumber: 'S020240001',
      fullName: 'Amina Cali Warsame',
      status: 'pending',
      source: 'registrar',
      userId: citizen.id,
      enteredBy: desk.user.id,
      centerId: desk.centerId,
      districtId: desk.districtId,
      dateOfBirthHash: null,
    });
    expect(deps.db.select().from(enrollmentCodes).get()?.usedAt).toBeInstanceOf(Date);
    const audit = deps.db.select().from(auditLogs).where(eq(auditLogs.tableName, 'voters')).all();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'enroll', recordId: id, actorId: desk.user.id }),
    ]);
    expect(JSON.stringify(audit)).not.toContain(code);
    expect(await callerFor(deps, citizen).caller.enrollment.status()).toMatchObject({ status: 'pending' });
    const mine = await registrar.registrar.mine();
    expect(mine).toEqual([
      expect.objectContaining({ id, status: 'pending', fullName: 'Amina Cali Warsame' }),
    ]);
  });

  it('takes the name as written on the identity document when given', async () => {
    const { deps, registrar, enrollment } = await setup();
    const { id } = await registrar.registrar.enroll(enrollment({ fullName: '  Aamina Cali Warsame ' }));
    expect(deps.db.select().from(voters).where(eq(voters.id, id)).get()?.fullName).toBe(
      'Aamina Cali Warsame',
    );
  });

  it('refuses a code used, expired or unknown, each with its sentence', async () => {
    const { deps, registrar, enrollment } = await setup();
    await registrar.registrar.enroll(enrollment());
    await expectTrpcError(
      registrar.registrar.enroll(enrollment({ voterCardNumber: 'SO-2024-0002' })),
      'CONFLICT',
      say('registrar.codeUsed'),
    );
    const late = await rollUser(deps.db);
    const now = Date.now();
    const expired = issueCode(deps.db, late.id, new Date(now - ENROLLMENT_CODE_TTL_MS));
    await expectTrpcError(
      registrar.registrar.enroll(enrollment({ code: expired, voterCardNumber: 'SO-2024-0003' })),
      'BAD_REQUEST',
      say('registrar.codeExpired'),
    );
    await expectTrpcError(
      registrar.registrar.enroll(enrollment({ code: 'CCCCCCCC', voterCardNumber: 'SO-2024-0004' })),
      'NOT_FOUND',
      say('registrar.codeUnknown'),
    );
    expect(deps.db.select().from(voters).all()).toHaveLength(1);
  });

  it('refuses a center the registrar is not assigned to, a closed one, and a district outside its region', async () => {
    const { deps, desk, registrar, enrollment } = await setup();
    const other = createCenter(deps.db, { region: 'Banadir' });
    await expectTrpcError(
      registrar.registrar.enroll(enrollment({ centerId: other.centerId })),
      'FORBIDDEN',
      say('registrar.centerNotAssigned'),
    );
    const closed = createCenter(deps.db, { region: 'Banadir', isActive: false });
    assignCenter(deps.db, desk.user.id, closed.centerId);
    await expectTrpcError(
      registrar.registrar.enroll(enrollment({ centerId: closed.centerId })),
      'NOT_FOUND',
      say('registrar.centerNotFound'),
    );
    const bari = createDistrict(deps.db, 'Bari');
    await expectTrpcError(
      registrar.registrar.enroll(enrollment({ districtId: bari.id })),
      'BAD_REQUEST',
      say('registrar.districtOutsideRegion'),
    );
    await expectTrpcError(
      registrar.registrar.enroll(enrollment({ districtId: '00000000-0000-4000-8000-000000000000' })),
      'NOT_FOUND',
      say('registrar.districtNotFound'),
    );
    expect(deps.db.select().from(voters).all()).toEqual([]);
    expect(deps.db.select().from(enrollmentCodes).get()?.usedAt).toBeNull();
  });

  it('lets a System Admin enroll at any active center, but never their own account', async () => {
    const { deps, enrollment } = await setup();
    const admin = await rollUser(deps.db, { role: 'System Admin' });
    const adminCaller = callerFor(deps, admin, '203.0.113.30', { steppedUp: true }).caller;
    const elsewhere = createCenter(deps.db, { region: 'Bari' });
    const { id } = await adminCaller.registrar.enroll(
      enrollment({ centerId: elsewhere.centerId, districtId: elsewhere.districtId }),
    );
    expect(deps.db.select().from(voters).where(eq(voters.id, id)).get()?.enteredBy).toBe(admin.id);
    const own = issueCode(deps.db, admin.id);
    await expectTrpcError(
      adminCaller.registrar.enroll(enrollment({ code: own, voterCardNumber: 'SO-ADMIN-1' })),
      'FORBIDDEN',
      say('registrar.ownAccount'),
    );
  });

  it('refuses a card number already on the roll and an account that already has an entry', async () => {
    const { deps, citizen, registrar, enrollment } = await setup();
    enrolledVoter(deps.db, { voterCardNumber: 'SO-2024-0001' });
    await expectTrpcError(registrar.registrar.enroll(enrollment()), 'CONFLICT', say('registrar.cardOnRoll'));
    expect(deps.db.select().from(enrollmentCodes).get()?.usedAt).toBeNull();

    enrolledVoter(deps.db, { userId: citizen.id, status: 'pending' });
    await expectTrpcError(
      registrar.registrar.enroll(enrollment({ voterCardNumber: 'SO-2024-0009' })),
      'CONFLICT',
      say('registrar.accountHasEntry'),
    );
    await expectTrpcError(
      registrar.registrar.lookupCode({ code: enrollment().code }),
      'CONFLICT',
      say('registrar.accountHasEntry'),
    );
  });

  it('records a rejected citizen again on the same entry, pending once more', async () => {
    const { deps, desk, citizen, registrar, enrollment } = await setup();
    const old = enrolledVoter(deps.db, {
      userId: citizen.id,
      status: 'rejected',
      voterCardNumber: 'SO-WRONG-1',
    });
    const { id } = await registrar.registrar.enroll(enrollment());
    expect(id).toBe(old.id);
    expect(deps.db.select().from(voters).where(eq(voters.id, id)).get()).toMatchObject({
      status: 'pending',
      voterCardNumber: 'S020240001',
      enteredBy: desk.user.id,
      reviewedBy: null,
      statusReason: null,
    });
    const audit = deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'enroll_again')).all();
    expect(audit).toHaveLength(1);
    // The visit's typed name, and what the new visit replaced: the rejected card, name and reason.
    expect(JSON.parse(audit[0]?.newValues ?? '{}')).toMatchObject({ fullName: expect.any(String) });
    expect(JSON.parse(audit[0]?.oldValues ?? '{}')).toMatchObject({
      voterCardNumber: 'S0WR0NG1',
      fullName: 'Roll Voter',
      status: 'rejected',
      source: 'registrar',
      dateOfBirthOnEntry: false,
    });
  });

  it("records a card that another account's rejected entry held, beside that entry, which keeps its flags", async () => {
    const { deps, citizen, registrar, enrollment } = await setup();
    const other = await rollUser(deps.db, { fullName: 'Someone Else' });
    const rejected = enrolledVoter(deps.db, {
      userId: other.id,
      status: 'rejected',
      voterCardNumber: 'SO-2024-0001',
    });
    const flag = openFlag(deps.db, rejected.id, citizen.id);
    // A pending entry still holds its card: a Supervisor has not refused it yet.
    enrolledVoter(deps.db, { status: 'pending', voterCardNumber: 'SO-2024-0002' });
    await expectTrpcError(
      registrar.registrar.enroll(enrollment({ voterCardNumber: 'SO-2024-0002' })),
      'CONFLICT',
      say('registrar.cardOnRoll'),
    );

    const { id } = await registrar.registrar.enroll(enrollment());
    expect(id).not.toBe(rejected.id);
    const onCard = deps.db.select().from(voters).where(eq(voters.voterCardNumber, 'S020240001')).all();
    expect(onCard.map((row) => [row.id, row.userId, row.status]).sort()).toEqual(
      [
        [id, citizen.id, 'pending'],
        [rejected.id, other.id, 'rejected'],
      ].sort(),
    );
    expect(deps.db.select().from(rollFlags).where(eq(rollFlags.id, flag.id)).get()?.resolvedAt).toBeNull();
    expect(await callerFor(deps, other).caller.enrollment.status()).toMatchObject({ status: 'rejected' });
    // The card's one live entry is the one staff find by the card.
    const supervisorCaller = callerFor(deps, await supervisor(deps.db), '203.0.113.21', {
      steppedUp: true,
    }).caller;
    expect(await supervisorCaller.supervisor.search({ voterCardNumber: 'SO 2024 0001' })).toMatchObject({
      id,
    });
    // The supervisor reads why the card was refused before, and approves only after saying they compared.
    deps.db.update(voters).set({ statusReason: 'Forged card' }).where(eq(voters.id, rejected.id)).run();
    const { entries } = await supervisorCaller.supervisor.pending();
    expect(entries.find((entry) => entry.id === id)?.possibleDuplicates).toEqual([
      expect.objectContaining({ id: rejected.id, status: 'rejected', statusReason: 'Forged card' }),
    ]);
    await expectTrpcError(
      supervisorCaller.supervisor.approve({ id }),
      'CONFLICT',
      say('supervisor.possibleDuplicates', { found: 1 }),
    );
    await supervisorCaller.supervisor.approve({ id, acknowledgeDuplicates: true });
    expect(deps.db.select().from(voters).where(eq(voters.id, id)).get()?.status).toBe('enrolled');
  });

  it('refuses to record a rejected account again on a card another entry holds, as a refusal, not a crash', async () => {
    const { deps, citizen, registrar, enrollment } = await setup();
    enrolledVoter(deps.db, { userId: citizen.id, status: 'rejected', voterCardNumber: 'SO-WRONG-1' });
    enrolledVoter(deps.db, { voterCardNumber: 'SO-2024-0001' });
    await expectTrpcError(registrar.registrar.enroll(enrollment()), 'CONFLICT', say('registrar.cardOnRoll'));
    expect(await callerFor(deps, citizen).caller.enrollment.status()).toMatchObject({ status: 'rejected' });
  });

  it('makes one entry of ten simultaneous submits of one form; the others hear the code is used', async () => {
    const { deps, registrar, enrollment } = await setup();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => registrar.registrar.enroll(enrollment())),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason.message).toBe(say('registrar.codeUsed'));
    }
    expect(deps.db.select().from(voters).all()).toHaveLength(1);
  });

  it.each([
    [{ code: 'ABCDEFG' }, 'roll.codeInvalid'],
    [{ code: 'OOOOOOOO' }, 'roll.codeInvalid'],
    [{ voterCardNumber: 'SO 2024 <script>' }, 'roll.voterCardInvalid'],
    [{ districtId: 'not-a-uuid' }, 'validation.id'],
    [{ fullName: 'x'.repeat(101) }, 'roll.fullNameTooLong'],
  ])('refuses %j with its sentence', async (change, key) => {
    const { registrar, enrollment } = await setup();
    await expectTrpcError(
      registrar.registrar.enroll(enrollment(change)),
      'BAD_REQUEST',
      say(
        key,
        key === 'roll.fullNameTooLong'
          ? { max: 100 }
          : key === 'roll.codeInvalid'
            ? { length: 8, characters: 'A C E F G H J K M N P R W X Y 3 4 6 7 9' }
            : undefined,
      ),
    );
  });
});
