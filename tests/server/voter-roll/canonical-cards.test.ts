import { voterCardCollisions, voters } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { readRollFile } from '@server/services/voter-roll/roll-import-file';
import { checkRollRows } from '@server/services/voter-roll/roll-import-rows';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { rollCsv, rollDistricts } from '../../helpers/roll-import';
import {
  enrolledVoter,
  importedEntry,
  issueCode,
  pendingEntry,
  registrarWithCenter,
  rollUser,
  supervisor,
} from '../../helpers/voter-roll-factories';

const say = (key: string, params?: Record<string, unknown>) => messageText({ key, params: params as never });
const DOB = '1990-04-17';

/** The attack on main: one card typed with look-alike letters is a second card, so a second entry and vote. */
describe('one card, one voter, whatever the spelling', () => {
  it("refuses 'so-2026-ooo123' at the desk when 'SO2026000123' is on the roll", async () => {
    const deps = createTestDeps();
    const desk = await registrarWithCenter(deps.db, { region: 'Banadir' });
    const registrar = callerFor(deps, desk.user, '203.0.113.30', { steppedUp: true }).caller;
    const input = async (voterCardNumber: string) => ({
      code: issueCode(deps.db, (await rollUser(deps.db)).id),
      voterCardNumber,
      districtId: desk.districtId,
      centerId: desk.centerId,
    });
    await registrar.registrar.enroll(await input('SO2026000123'));
    for (const spelling of ['so-2026-ooo123', 'S0 2026 OOO 123', 'SO2026OOO123', 'so.2026.000123']) {
      await expectTrpcError(
        registrar.registrar.enroll(await input(spelling)),
        'CONFLICT',
        say('registrar.cardOnRoll'),
      );
    }
    expect(deps.db.select({ card: voters.voterCardNumber }).from(voters).all()).toEqual([
      { card: 'S02026000123' },
    ]);
  });

  it('refuses at the desk and in an import a card the migration left unconverted for an operator, until it is rejected', async () => {
    const deps = createTestDeps();
    const desk = await registrarWithCenter(deps.db, { region: 'Banadir' });
    const registrar = callerFor(deps, desk.user, '203.0.113.31', { steppedUp: true }).caller;
    const twin = enrolledVoter(deps.db, { voterCardNumber: 'LEGACY1' });
    deps.db.update(voters).set({ voterCardNumber: 'SO-2026-000777' }).where(eq(voters.id, twin.id)).run();
    deps.db
      .insert(voterCardCollisions)
      .values({
        voterId: twin.id,
        voterCardNumber: 'SO-2026-000777',
        canonical: 'S02026000777',
        foundAt: new Date(),
      })
      .run();
    await expectTrpcError(
      registrar.registrar.enroll({
        code: issueCode(deps.db, (await rollUser(deps.db)).id),
        voterCardNumber: 'so 2026 ooo777',
        districtId: desk.districtId,
        centerId: desk.centerId,
      }),
      'CONFLICT',
      say('registrar.cardOnRoll'),
    );
    const againstRoll = () =>
      checkRollRows(deps.db, readRollFile(Buffer.from(rollCsv([`SO-2026-000777,Hodan Cali,${DOB},BN-HOD`]))));
    rollDistricts(deps.db);
    expect(againstRoll().refused[0]?.reason.code).toBe('rollImport.alreadyOnRoll');

    // Once the entry waiting for the operator is rejected, it holds the card no more than any rejected entry.
    deps.db.update(voters).set({ status: 'rejected' }).where(eq(voters.id, twin.id)).run();
    expect(againstRoll()).toMatchObject({ refused: [], entries: [{ voterCardNumber: 'S02026000777' }] });
    const { id } = await registrar.registrar.enroll({
      code: issueCode(deps.db, (await rollUser(deps.db)).id),
      voterCardNumber: 'so 2026 ooo777',
      districtId: desk.districtId,
      centerId: desk.centerId,
    });
    expect(deps.db.select().from(voters).where(eq(voters.id, id)).get()).toMatchObject({
      voterCardNumber: 'S02026000777',
      status: 'pending',
    });
  });

  it("treats 'so-2026-ooo123' and 'SO2026000123' as one card in an import file and against the roll", () => {
    const deps = createTestDeps();
    rollDistricts(deps.db);
    const inFile = checkRollRows(
      deps.db,
      readRollFile(
        Buffer.from(
          rollCsv([`SO2026000123,Hodan Cali,${DOB},BN-HOD`, `so-2026-ooo123,Hodan Cali Again,${DOB},BN-HOD`]),
        ),
      ),
    );
    expect(inFile.entries.map((entry) => entry.voterCardNumber)).toEqual(['S02026000123']);
    expect(inFile.refused).toEqual([
      expect.objectContaining({
        row: 3,
        voterCardNumber: 'S02026000123',
        reason: expect.objectContaining({ code: 'rollImport.duplicateInFile' }),
      }),
    ]);
    importedEntry(deps.db, { voterCardNumber: 'SO2026000123', dateOfBirth: DOB });
    const againstRoll = checkRollRows(
      deps.db,
      readRollFile(Buffer.from(rollCsv([`SO-2O26-OOOl23,Hodan Cali,${DOB},BN-HOD`]))),
    );
    expect(againstRoll.entries).toEqual([]);
    expect(againstRoll.refused[0]?.reason.code).toBe('rollImport.alreadyOnRoll');
  });

  it("claims the entry imported as 'SO2026000123' when the citizen types 'so-2026-ooo123'", async () => {
    const deps = createTestDeps();
    const entry = importedEntry(deps.db, { voterCardNumber: 'SO2026000123', dateOfBirth: DOB });
    const citizen = await rollUser(deps.db);
    expect(
      await callerFor(deps, citizen).caller.enrollment.claim({
        voterCardNumber: 'so-2026-ooo123',
        dateOfBirth: DOB,
      }),
    ).toEqual({ id: entry.id, status: 'enrolled' });
  });

  it('finds the entry for a supervisor whatever the spelling typed', async () => {
    const deps = createTestDeps();
    const entry = enrolledVoter(deps.db, { voterCardNumber: 'SO-2026-000123' });
    const boss = await supervisor(deps.db);
    const console = callerFor(deps, boss, '203.0.113.32', { steppedUp: true }).caller;
    expect(await console.supervisor.search({ voterCardNumber: 'so 2026 ooo123' })).toMatchObject({
      id: entry.id,
    });
  });
});

describe('possible duplicates before approval', () => {
  it('refuses to approve an entry with the same name and district as another until the supervisor says they compared them', async () => {
    const deps = createTestDeps();
    const boss = await supervisor(deps.db);
    const console = callerFor(deps, boss, '203.0.113.33', { steppedUp: true }).caller;
    const first = enrolledVoter(deps.db, { fullName: 'Hodan Cali Warsame', voterCardNumber: 'SO-1111-0001' });
    const second = pendingEntry(deps.db, {
      fullName: 'hodan cali warsame',
      districtId: first.districtId,
      voterCardNumber: 'SO-2222-0002',
    });
    const pending = await console.supervisor.pending();
    expect(pending.entries[0]?.possibleDuplicates).toEqual([
      expect.objectContaining({ id: first.id, voterCardNumber: first.voterCardNumber }),
    ]);
    await expectTrpcError(
      console.supervisor.approve({ id: second.id }),
      'CONFLICT',
      say('supervisor.possibleDuplicates', { found: 1 }),
    );
    expect(deps.db.select().from(voters).where(eq(voters.id, second.id)).get()?.status).toBe('pending');
    await console.supervisor.approve({ id: second.id, acknowledgeDuplicates: true });
    expect(deps.db.select().from(voters).where(eq(voters.id, second.id)).get()?.status).toBe('enrolled');
  });

  it('reads a name as a person does: case, accents, spacing, punctuation and word order aside', async () => {
    const deps = createTestDeps();
    const boss = await supervisor(deps.db);
    const console = callerFor(deps, boss, '203.0.113.35', { steppedUp: true }).caller;
    const first = enrolledVoter(deps.db, { fullName: 'Sádia Samatar Cali' });
    const same = [
      'SADIA  SAMATAR CALI',
      'Sa\u0301dia Samatar Cali',
      'Samatar, Sadia Cali',
      'sadia samatar-cali',
    ].map((fullName) => enrolledVoter(deps.db, { fullName, districtId: first.districtId }).id);
    // More words, fewer words, or the same words elsewhere without the same date of birth: not the same name.
    enrolledVoter(deps.db, { fullName: 'Sadia Samatar Cali Nuur', districtId: first.districtId });
    enrolledVoter(deps.db, { fullName: 'Sadia Samatar', districtId: first.districtId });
    enrolledVoter(deps.db, { fullName: 'Sadia Samatar Cali' });
    pendingEntry(deps.db, { fullName: 'sadia  SAMATAR cali', districtId: first.districtId });
    const [entry] = (await console.supervisor.pending()).entries;
    expect(entry?.possibleDuplicates.map((duplicate) => duplicate.id).sort()).toEqual(
      [first.id, ...same].sort(),
    );
  });

  it('warns of the same name and date of birth in another district, and not of a rejected entry', async () => {
    const deps = createTestDeps();
    const boss = await supervisor(deps.db);
    const console = callerFor(deps, boss, '203.0.113.34', { steppedUp: true }).caller;
    const imported = importedEntry(deps.db, { fullName: 'Axmed Warsame', dateOfBirth: DOB });
    enrolledVoter(deps.db, { fullName: 'Axmed Warsame', status: 'rejected' });
    const other = importedEntry(deps.db, { fullName: 'Axmed Warsame', dateOfBirth: DOB });
    deps.db.update(voters).set({ status: 'pending' }).where(eq(voters.id, other.id)).run();
    const [entry] = (await console.supervisor.pending()).entries;
    expect(entry?.possibleDuplicates.map((duplicate) => duplicate.id)).toEqual([imported.id]);
  });
});
