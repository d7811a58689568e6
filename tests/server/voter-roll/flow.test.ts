import { auditLogs } from '@server/db/schema';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { randomMasked } from '../../helpers/random-masked';
import { importedEntry, registrarWithCenter, rollUser, supervisor } from '../../helpers/voter-roll-factories';

describe('the roll end to end (in person, and from the official roll)', () => {
  it('takes a citizen from a code to enrolled, and another by claim, leaving an audit trail with no code or date of birth', async () => {
    const deps = createTestDeps();
    const desk = await registrarWithCenter(deps.db, { region: 'Mudug' });
    const boss = await supervisor(deps.db);
    const citizen = await rollUser(deps.db, { fullName: 'Faadumo Xasan' });
    const me = callerFor(deps, citizen).caller;
    const registrar = callerFor(deps, desk.user, '203.0.113.50', { steppedUp: true }).caller;
    const review = callerFor(deps, boss, '203.0.113.51', { steppedUp: true }).caller;

    expect(await me.enrollment.status()).toEqual({ status: 'none' });
    const { code } = await me.enrollment.requestCode();
    expect(await registrar.registrar.lookupCode({ code })).toMatchObject({ fullName: 'Faadumo Xasan' });
    const { id } = await registrar.registrar.enroll({
      code,
      voterCardNumber: 'MD-0042-7788',
      districtId: desk.districtId,
      centerId: desk.centerId,
    });
    expect(await me.enrollment.status()).toMatchObject({ status: 'pending', region: 'Mudug' });
    const pending = await review.supervisor.pending();
    expect(pending.entries.map((entry) => entry.id)).toEqual([id]);
    await review.supervisor.approve({ id });
    expect(await me.enrollment.status()).toMatchObject({
      status: 'enrolled',
      region: 'Mudug',
      voterCardNumber: '******7788',
    });

    const dateOfBirth = '1990-07-14';
    importedEntry(deps.db, { voterCardNumber: 'MD-0099-1234', dateOfBirth });
    const claimant = await rollUser(deps.db);
    await callerFor(deps, claimant).caller.enrollment.claim({ voterCardNumber: 'MD-0099-1234', dateOfBirth });
    const late = await rollUser(deps.db);
    await expect(
      callerFor(deps, late).caller.enrollment.claim({ voterCardNumber: 'MD-0099-1234', dateOfBirth }),
    ).rejects.toThrow();

    const audit = deps.db.select().from(auditLogs).orderBy(auditLogs.id).all();
    expect(audit.map((row) => row.action)).toEqual([
      'request_code',
      'enroll',
      'approve',
      'claim',
      'claim_refused',
    ]);
    const text = randomMasked(audit);
    expect(text).toContain('<id>');
    expect(text).toContain('<card>');
    expect(text).not.toContain(code);
    expect(text).not.toContain(dateOfBirth);
    expect(text).not.toContain('1990');
  });
});
