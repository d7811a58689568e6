import { enrollmentCodes, voters } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { testAppsClosedAfterEach } from '../../helpers/app';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { rollDistricts, rollSize, sendRoll, steppedUpAdmin } from '../../helpers/roll-import';
import { enrolledVoter, issueCode, registrarWithCenter, rollUser } from '../../helpers/voter-roll-factories';

const say = (key: string) => messageText({ key, params: undefined as never });

/** Attacks on the voter roll, written as the attacker would run them. */
describe('voter roll attacks: one card, two accounts', () => {
  it('refuses the same card typed with spaces where the roll has dashes, or dashes in other places', async () => {
    const deps = createTestDeps();
    const desk = await registrarWithCenter(deps.db, { region: 'Banadir' });
    const registrar = callerFor(deps, desk.user, '203.0.113.20', { steppedUp: true }).caller;
    enrolledVoter(deps.db, { voterCardNumber: 'SO-2024-0001' });
    for (const spelling of ['so 2024 0001', 'SO20240001', 'SO-20-240-001']) {
      const second = await rollUser(deps.db, { fullName: 'Second Account' });
      const code = issueCode(deps.db, second.id);
      await expectTrpcError(
        registrar.registrar.enroll({
          code,
          voterCardNumber: spelling,
          districtId: desk.districtId,
          centerId: desk.centerId,
        }),
        'CONFLICT',
        say('registrar.cardOnRoll'),
      );
    }
    expect(deps.db.select().from(voters).all()).toHaveLength(1);
    // Nothing else changed: no code was spent on a refused entry.
    expect(
      deps.db
        .select()
        .from(enrollmentCodes)
        .all()
        .every((row) => row.usedAt === null),
    ).toBe(true);
  });

  it('still lets a rejected entry be entered again under its own card number', async () => {
    const deps = createTestDeps();
    const desk = await registrarWithCenter(deps.db, { region: 'Banadir' });
    const registrar = callerFor(deps, desk.user, '203.0.113.21', { steppedUp: true }).caller;
    const citizen = await rollUser(deps.db, { fullName: 'Amina Cali Warsame' });
    const input = (code: string) => ({
      code,
      voterCardNumber: 'SO-2024-0002',
      districtId: desk.districtId,
      centerId: desk.centerId,
    });
    const { id } = await registrar.registrar.enroll(input(issueCode(deps.db, citizen.id)));
    deps.db.update(voters).set({ status: 'rejected' }).run();
    const again = await registrar.registrar.enroll({
      ...input(issueCode(deps.db, citizen.id)),
      voterCardNumber: 'SO20240002',
    });
    expect(again.id).toBe(id);
    expect(deps.db.select().from(voters).all()).toHaveLength(1);
  });
});

describe('voter roll attacks: the import', () => {
  const openApp = testAppsClosedAfterEach();

  it('refuses a card already on the roll or earlier in the file when only its dashes differ', async () => {
    const test = await openApp();
    rollDistricts(test.db);
    const { cookie } = await steppedUpAdmin(test.db);
    enrolledVoter(test.db, { voterCardNumber: 'SO-2024-0001' });
    const csv =
      'voter_card_number,full_name,date_of_birth,district_code\n' +
      'SO20240001,Hodan Cali Warsame,1990-04-17,BN-HOD\n' +
      'SO-7777-0001,Axmed Warsame,1961-12-31,BN-HOD\n' +
      'SO77770001,Axmed Warsame,1961-12-31,BN-HOD\n';
    const response = await sendRoll(test.app, csv, { cookie });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().refused.map((r: { reason: { code: string } }) => r.reason.code)).toEqual([
      'rollImport.alreadyOnRoll',
      'rollImport.duplicateInFile',
    ]);
    expect(rollSize(test.db)).toBe(1);
  });
});
