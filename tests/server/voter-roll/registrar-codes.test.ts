import { voters } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { lookupEnrollmentCode } from '@server/services/voter-roll/enroll';
import { ENROLLMENT_CODE_TTL_MS } from '@shared/voter-roll';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { callerFor, createTestDeps } from '../../helpers/caller';
import {
  assignCenter,
  createCenter,
  createDistrict,
  issueCode,
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

describe('registrar tiers', () => {
  it('refuses visitors, citizens and supervisors with their sentences, and asks a registrar to step up', async () => {
    const { deps, desk, enrollment } = await setup();
    const input = enrollment();
    await expectTrpcError(callerFor(deps, null).caller.registrar.enroll(input), 'UNAUTHORIZED');
    const citizen = await rollUser(deps.db);
    await expectTrpcError(
      callerFor(deps, citizen, '203.0.113.1', { steppedUp: true }).caller.registrar.centers(),
      'FORBIDDEN',
      say('access.registrarOnly'),
    );
    const boss = await supervisor(deps.db);
    await expectTrpcError(
      callerFor(deps, boss, '203.0.113.1', { steppedUp: true }).caller.registrar.enroll(input),
      'FORBIDDEN',
      say('access.registrarOnly'),
    );
    const notSteppedUp = callerFor(deps, desk.user).caller;
    expect(await notSteppedUp.registrar.centers()).toHaveLength(1);
    for (const call of [
      () => notSteppedUp.registrar.lookupCode({ code: input.code }),
      () => notSteppedUp.registrar.enroll(input),
      () => notSteppedUp.registrar.mine(),
    ]) {
      await expectTrpcError(call(), 'PRECONDITION_FAILED', say('stepUp.required'));
    }
    expect(deps.db.select().from(voters).all()).toEqual([]);
  });
});

describe('registrar.centers', () => {
  it("lists the caller's active centers with the districts of each center's region; an admin sees every active center", async () => {
    const { deps, desk, registrar } = await setup();
    const sameRegion = createDistrict(deps.db, 'Banadir');
    createDistrict(deps.db, 'Bari');
    const closed = createCenter(deps.db, { region: 'Banadir', isActive: false });
    assignCenter(deps.db, desk.user.id, closed.centerId);
    const elsewhere = createCenter(deps.db, { region: 'Bari' });

    const centers = await registrar.registrar.centers();
    expect(centers.map((center) => center.id)).toEqual([desk.centerId]);
    expect(centers[0]?.region).toBe('Banadir');
    const districtIds = centers[0]?.districts.map((district) => district.id) ?? [];
    expect(districtIds).toContain(desk.districtId);
    expect(districtIds).toContain(sameRegion.id);
    expect(districtIds).toHaveLength(3); // the center's district, the new one, the closed center's

    const admin = await rollUser(deps.db, { role: 'System Admin' });
    const all = await callerFor(deps, admin).caller.registrar.centers();
    expect(all.map((center) => center.id).sort()).toEqual([desk.centerId, elsewhere.centerId].sort());
  });
});

describe('registrar.lookupCode', () => {
  it('shows the name and a masked e-mail address of the account behind a valid code', async () => {
    const { citizen, code, registrar } = await setup();
    const found = await registrar.registrar.lookupCode({
      code: `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`,
    });
    expect(found).toEqual({
      fullName: 'Amina Cali Warsame',
      email: `${citizen.email[0]}***@test.codka.example`,
    });
  });

  it('says which of unknown, expired and used a code is', async () => {
    const { deps, desk, registrar, enrollment } = await setup();
    await expectTrpcError(
      registrar.registrar.lookupCode({ code: 'AAAAAAAA' }),
      'NOT_FOUND',
      say('registrar.codeUnknown'),
    );
    const late = await rollUser(deps.db);
    const expired = issueCode(deps.db, late.id, new Date(Date.now() - ENROLLMENT_CODE_TTL_MS - 1000));
    await expectTrpcError(
      registrar.registrar.lookupCode({ code: expired }),
      'BAD_REQUEST',
      say('registrar.codeExpired'),
    );
    await registrar.registrar.enroll(enrollment());
    await expectTrpcError(
      registrar.registrar.lookupCode({ code: enrollment().code }),
      'CONFLICT',
      say('registrar.codeUsed'),
    );
    // A code the registrar's own account asked for.
    const own = issueCode(deps.db, desk.user.id);
    await expectTrpcError(
      registrar.registrar.lookupCode({ code: own }),
      'FORBIDDEN',
      say('registrar.ownAccount'),
    );
  });

  it('refuses the 61st look-up in 10 minutes by one registrar; enrolling spends the same points', async () => {
    const { deps, desk, code } = await setup();
    const registrar = callerFor(deps, desk.user, '203.0.113.20', { steppedUp: true }).caller;
    for (let i = 0; i < 59; i += 1) await registrar.registrar.lookupCode({ code });
    // A recorded entry gives its point back: the look-up before it already paid.
    await registrar.registrar.enroll({
      code,
      voterCardNumber: 'SO-PAID-1',
      districtId: desk.districtId,
      centerId: desk.centerId,
    });
    const late = await rollUser(deps.db);
    const second = issueCode(deps.db, late.id);
    await registrar.registrar.lookupCode({ code: second });
    await expectTrpcError(
      registrar.registrar.lookupCode({ code: second }),
      'TOO_MANY_REQUESTS',
      say('registrar.tooManyLookups', { wait: { key: 'time.minutes', params: { count: 10 } } }),
    );
    // Enrolling spends the same points: a guesser cannot switch procedures.
    await expectTrpcError(
      registrar.registrar.enroll({
        code: second,
        voterCardNumber: 'SO-0001',
        districtId: desk.districtId,
        centerId: desk.centerId,
      }),
      'TOO_MANY_REQUESTS',
    );
    expect(deps.db.select().from(voters).all()).toHaveLength(1);
  });
});

describe('code expiry', () => {
  it('holds a code for exactly 24 hours from when it was shown', async () => {
    const { deps, desk } = await setup();
    const citizen = await rollUser(deps.db);
    const shown = new Date('2031-03-01T08:00:00Z');
    const code = issueCode(deps.db, citizen.id, shown);
    const actor = { id: desk.user.id, isAdmin: false };
    const justBefore = new Date(shown.getTime() + ENROLLMENT_CODE_TTL_MS - 1);
    expect(lookupEnrollmentCode(deps.db, actor, code, justBefore).fullName).toBe('Test Citizen');
    const atExpiry = new Date(shown.getTime() + ENROLLMENT_CODE_TTL_MS);
    await expectTrpcError(
      Promise.resolve().then(() => lookupEnrollmentCode(deps.db, actor, code, atExpiry)),
      'BAD_REQUEST',
      say('registrar.codeExpired'),
    );
  });
});
