import { enrollmentCodes } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { liveEnrollmentCode } from '@server/services/voter-roll/enrollment-codes';
import { ENROLLMENT_CODE_TTL_MS } from '@shared/voter-roll';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { enrolledVoter, registrarWithCenter, rollUser } from '../../helpers/voter-roll-factories';

/** enrollment.liveCode: /account shows the reader's own code again after a reload, until it is used or expires. */
describe('enrollment.liveCode', () => {
  it('refuses a visitor with the sign-in sentence', async () => {
    const deps = createTestDeps();
    await expectTrpcError(
      callerFor(deps, null).caller.enrollment.liveCode(),
      'UNAUTHORIZED',
      messageText({ key: 'auth.required' }),
    );
  });

  it('answers null before any code, then the code just given with its expiry, as often as asked', async () => {
    const deps = createTestDeps();
    const citizen = await rollUser(deps.db);
    const { caller } = callerFor(deps, citizen);
    expect(await caller.enrollment.liveCode()).toBeNull();
    const issued = await caller.enrollment.requestCode();
    expect(await caller.enrollment.liveCode()).toEqual(issued);
    expect(await caller.enrollment.liveCode()).toEqual(issued);
    // Reading it made no new code: the one given still is the only one stored.
    expect(deps.db.select().from(enrollmentCodes).all()).toHaveLength(1);
  });

  it('answers the newest code once asked again, never the replaced one', async () => {
    const deps = createTestDeps();
    const citizen = await rollUser(deps.db);
    const { caller } = callerFor(deps, citizen);
    const first = await caller.enrollment.requestCode();
    const second = await caller.enrollment.requestCode();
    expect(second.code).not.toBe(first.code);
    expect(await caller.enrollment.liveCode()).toEqual(second);
  });

  it("never answers another account's code", async () => {
    const deps = createTestDeps();
    const owner = await rollUser(deps.db);
    const other = await rollUser(deps.db);
    await callerFor(deps, owner).caller.enrollment.requestCode();
    expect(await callerFor(deps, other).caller.enrollment.liveCode()).toBeNull();
    const own = await callerFor(deps, other).caller.enrollment.requestCode();
    expect(await callerFor(deps, other).caller.enrollment.liveCode()).toEqual(own);
  });

  it('answers null once the code is used at a registration center', async () => {
    const deps = createTestDeps();
    const desk = await registrarWithCenter(deps.db, { region: 'Mudug' });
    const citizen = await rollUser(deps.db);
    const me = callerFor(deps, citizen).caller;
    const { code } = await me.enrollment.requestCode();
    await callerFor(deps, desk.user, '203.0.113.50', { steppedUp: true }).caller.registrar.enroll({
      code,
      voterCardNumber: 'MD-0042-7788',
      districtId: desk.districtId,
      centerId: desk.centerId,
    });
    expect(await me.enrollment.liveCode()).toBeNull();
  });

  it('answers null once the code has expired', async () => {
    const deps = createTestDeps();
    const citizen = await rollUser(deps.db);
    const issued = await callerFor(deps, citizen).caller.enrollment.requestCode();
    const justBefore = new Date(issued.expiresAt.getTime() - 1);
    expect(liveEnrollmentCode(deps.db, citizen.id, justBefore)).toEqual(issued);
    expect(liveEnrollmentCode(deps.db, citizen.id, issued.expiresAt)).toBeNull();
    expect(
      liveEnrollmentCode(deps.db, citizen.id, new Date(Date.now() + ENROLLMENT_CODE_TTL_MS + 1)),
    ).toBeNull();
  });

  it('answers null once the account is on the roll by another way', async () => {
    const deps = createTestDeps();
    const citizen = await rollUser(deps.db);
    const { caller } = callerFor(deps, citizen);
    await caller.enrollment.requestCode();
    enrolledVoter(deps.db, { userId: citizen.id, status: 'enrolled' });
    expect(await caller.enrollment.liveCode()).toBeNull();
  });
});
