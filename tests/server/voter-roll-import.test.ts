import { createHash } from 'node:crypto';
import { voters } from '@server/db/schema';
import { dateOfBirthHash } from '@server/services/voter-roll/date-of-birth';
import { describe, expect, it } from 'vitest';
import { sameOrigin, testAppsClosedAfterEach } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { randomMasked } from '../helpers/random-masked';
import {
  confirmBySecondAdmin,
  importAudits,
  importConfirmed,
  ROLL_HEADER,
  rollCsv,
  rollDistricts,
  rollRows,
  rollSize,
  sendRoll,
  steppedUpAdmin,
} from '../helpers/roll-import';
import { sessionCookie } from '../helpers/security/world';
import { enrolledVoter } from '../helpers/voter-roll-factories';

const openApp = testAppsClosedAfterEach();

async function setup() {
  const test = await openApp();
  const districts = rollDistricts(test.db);
  const { admin, cookie } = await steppedUpAdmin(test.db);
  return { ...test, districts, admin, cookie };
}

describe('POST /api/admin/voter-roll.csv: a good file', () => {
  it('imports every row enrolled, keeps only a keyed hash of the date of birth, and audits the file', async () => {
    const { app, db, admin, cookie, districts } = await setup();
    // Header names in another order and case; a card typed in lower case with a space; a blank line.
    const csv =
      'Full_Name, VOTER_CARD_NUMBER ,district_code,Date_Of_Birth\n' +
      'Hodan Cali Warsame,so-2026 000123,bn-hod,1990-04-17\n\n' +
      '"Warsame, Axmed",SO-2026-000124,BR-BOS,1961-12-31\n';
    const response = await sendRoll(app, csv, { cookie });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({
      accepted: 2,
      imported: 0,
      refused: [],
      refusedCount: 0,
      dryRun: false,
      pendingApproval: { id: expect.any(String) },
    });
    expect(rollSize(db)).toBe(0);
    const { second } = await confirmBySecondAdmin(db, response.json().pendingApproval.id);

    const rows = db.select().from(voters).orderBy(voters.voterCardNumber).all();
    expect(rows.map((row) => [row.voterCardNumber, row.fullName, row.status, row.source])).toEqual([
      // Stored canonical: upper case, no spaces or dashes, O folded to 0.
      ['S02026000123', 'Hodan Cali Warsame', 'enrolled', 'import'],
      ['S02026000124', 'Warsame, Axmed', 'enrolled', 'import'],
    ]);
    expect(rows[0]?.districtId).toBe(districts.find((d) => d.code === 'BN-HOD')?.id);
    expect(rows[0]?.dateOfBirthHash).toBe(dateOfBirthHash(db, '1990-04-17'));
    expect(rows[0]).toMatchObject({
      enteredBy: admin.id,
      reviewedBy: second.id,
      userId: null,
      centerId: null,
    });
    expect(randomMasked(rows)).toContain('<digest>');
    expect(randomMasked(rows)).not.toContain('1990');

    const [audit, ...more] = importAudits(db);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ tableName: 'voters', actorId: second.id });
    const values = JSON.parse(audit?.newValues ?? '{}');
    expect(values).toEqual({
      requestedBy: admin.id,
      rows: 2,
      bytes: Buffer.byteLength(csv),
      sha256: createHash('sha256').update(csv).digest('hex'),
    });
    expect(audit?.newValues).not.toMatch(/Hodan|1990|000123/);
  });

  it('reads a byte-order mark and CRLF line ends as Excel writes them', async () => {
    const { app, db, cookie } = await setup();
    const csv = `\uFEFF${ROLL_HEADER}\r\n${rollRows(3).join('\r\n')}\r\n`;
    await importConfirmed(app, db, Buffer.from(csv, 'utf8'), { cookie });
    expect(rollSize(db)).toBe(3);
    expect(
      db
        .select({ name: voters.fullName })
        .from(voters)
        .all()
        .map((r) => r.name),
    ).not.toContain(expect.stringMatching(/\r/));
  });

  it('checks a file without writing anything on a dry run', async () => {
    const { app, db, cookie } = await setup();
    const good = await sendRoll(app, rollCsv(rollRows(5)), { cookie, dryRun: true });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ accepted: 5, imported: 0, refused: [], refusedCount: 0, dryRun: true });
    const bad = await sendRoll(app, rollCsv([...rollRows(2), 'SO-X-1,,1990-01-01,BN-HOD']), {
      cookie,
      dryRun: true,
    });
    // A dry run with refused rows is still an answered question: 200 with the report.
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ accepted: 2, imported: 0, refusedCount: 1, dryRun: true });
    // Any other spelling of the flag than 0 or false checks too: a typo never writes the roll.
    const typo = await app.inject({
      method: 'POST',
      url: '/api/admin/voter-roll.csv?dryRun=yes',
      headers: { ...sameOrigin, 'content-type': 'text/csv', cookie },
      payload: rollCsv(rollRows(3)),
    });
    expect(typo.json()).toMatchObject({ accepted: 3, imported: 0, dryRun: true });
    expect(rollSize(db)).toBe(0);
    expect(importAudits(db)).toEqual([]);
  });
});

describe('POST /api/admin/voter-roll.csv: refused rows', () => {
  it('refuses each kind of bad row with its reason and writes nothing', async () => {
    const { app, db, cookie } = await setup();
    const [first, second] = rollRows(2);
    const thisYear = new Date().getUTCFullYear();
    const rows = [
      first, // line 2: fine
      'SO-B-1,Only three cells,1990-01-01', // 3
      ',No Card,1990-01-01,BN-HOD', // 4
      'SO#B#2,Bad Card,1990-01-01,BN-HOD', // 5
      'SO-B-3,,1990-01-01,BN-HOD', // 6
      `SO-B-4,${'N'.repeat(151)},1990-01-01,BN-HOD`, // 7
      'SO-B-5,Slash Date,17/04/1990,BN-HOD', // 8
      'SO-B-6,No Such Day,1990-02-30,BN-HOD', // 9
      `SO-B-7,Child,${thisYear - 10}-01-01,BN-HOD`, // 10
      'SO-B-8,Ancient,1850-01-01,BN-HOD', // 11
      `SO-B-9,Unborn,${thisYear + 1}-01-01,BN-HOD`, // 12
      'SO-B-10,No District,1990-01-01,', // 13
      'SO-B-11,Unknown District,1990-01-01,XX-NOPE', // 14
      first?.replace('Voter', 'Again'), // 15: the card of line 2 again
      '"SO-B-12","Line\nBreak",1990-01-01,BN-HOD', // 16-17
      second, // 18: fine
    ];
    const response = await sendRoll(app, rollCsv(rows as string[]), { cookie });
    expect(response.statusCode, response.body).toBe(400);
    const report = response.json();
    expect(report.message).toBe(
      'Nothing was imported. Refused rows: 14. Correct them and send the whole file again.',
    );
    expect(report).toMatchObject({ accepted: 2, imported: 0, refusedCount: 14, dryRun: false });
    const reasons = report.refused.map((r: { row: number; reason: { code: string } }) => [
      r.row,
      r.reason.code,
    ]);
    expect(reasons).toEqual([
      [3, 'rollImport.columnCount'],
      [4, 'rollImport.cardMissing'],
      [5, 'rollImport.cardInvalid'],
      [6, 'rollImport.nameMissing'],
      [7, 'rollImport.nameTooLong'],
      [8, 'rollImport.dateInvalid'],
      [9, 'rollImport.dateInvalid'],
      [10, 'rollImport.tooYoung'],
      [11, 'rollImport.dateAbsurd'],
      [12, 'rollImport.dateAbsurd'],
      [13, 'rollImport.districtMissing'],
      [14, 'rollImport.districtUnknown'],
      [15, 'rollImport.duplicateInFile'],
      [17, 'rollImport.controlCharacter'],
    ]);
    expect(report.refused[0]).toEqual({
      row: 3,
      reason: { code: 'rollImport.columnCount', params: { expected: 4, found: 3 } },
      message: 'This row has 3 cells; it must have 4.',
    });
    expect(report.refused[12]).toMatchObject({
      voterCardNumber: 'S0A1',
      message: 'This voter card number is already on row 2 of the file.',
    });
    expect(report.refused[13].message).toBe(
      'The full_name cell holds a line break or another control character.',
    );
    // A card that is not well-formed is never echoed back.
    expect(report.refused[2].voterCardNumber).toBeUndefined();
    expect(rollSize(db)).toBe(0);
    expect(importAudits(db)).toEqual([]);
  });

  it('says the reasons in Somali when the request asks for Somali', async () => {
    const { app, cookie } = await setup();
    const response = await sendRoll(app, rollCsv(['SO-C-1,Hodan,1990-01-01,XX-NOPE']), {
      cookie,
      headers: { 'accept-language': 'so' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().refused[0].message).toBe('Ma jirto degmo leh koodka XX-NOPE.');
    expect(response.json().message).toMatch(/^Waxba lama soo gelin\./);
  });

  it('refuses every cell a spreadsheet would run as a formula, and stores none of them', async () => {
    const { app, db, cookie } = await setup();
    const rows = [
      '"=HYPERLINK(""http://evil.example"")",Name,1990-01-01,BN-HOD',
      'SO-F-2,+cmd|calc,1990-01-01,BN-HOD',
      'SO-F-3,-2+3,1990-01-01,BN-HOD',
      'SO-F-4,@SUM(A1),1990-01-01,BN-HOD',
      'SO-F-5,"\tTabbed",1990-01-01,BN-HOD',
      'SO-F-6,"\rReturn",1990-01-01,BN-HOD',
      'SO-F-7,Fine Name,1990-01-01,=1+1',
      'SO-F-8,  =cmd after spaces,1990-01-01,BN-HOD',
    ];
    const response = await sendRoll(app, rollCsv([...rows, ...rollRows(2)]), { cookie });
    expect(response.statusCode).toBe(400);
    const refused = response.json().refused as { row: number; reason: { code: string; params: object } }[];
    expect(refused.map((r) => r.reason.code)).toEqual(Array(8).fill('rollImport.formula'));
    expect(refused[0]?.reason.params).toEqual({ column: 'voter_card_number' });
    expect(refused[6]?.reason.params).toEqual({ column: 'district_code' });
    expect(response.body).not.toContain('HYPERLINK');
    expect(rollSize(db)).toBe(0);
  });

  it('refuses, the second time, every row of a file already imported', async () => {
    const { app, db, cookie } = await setup();
    const csv = rollCsv(rollRows(4));
    await importConfirmed(app, db, csv, { cookie });
    const again = await sendRoll(app, csv, { cookie });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ accepted: 0, imported: 0, refusedCount: 4 });
    expect(again.json().refused.map((r: { reason: { code: string } }) => r.reason.code)).toEqual(
      Array(4).fill('rollImport.alreadyOnRoll'),
    );
    expect(again.json().refused[0].message).toBe('This voter card number is already on the roll.');
    expect(rollSize(db)).toBe(4);
    expect(importAudits(db)).toHaveLength(1);
  });

  it('imports a card that a rejected entry held, beside that entry, but not one a pending entry holds', async () => {
    const { app, db, cookie } = await setup();
    const rejected = enrolledVoter(db, { status: 'rejected', voterCardNumber: 'SO-A-1' });
    enrolledVoter(db, { status: 'pending', voterCardNumber: 'SO-A-2' });
    const withPending = await sendRoll(app, rollCsv(rollRows(3)), { cookie });
    expect(withPending.statusCode).toBe(400);
    expect(withPending.json().refused).toEqual([
      expect.objectContaining({ row: 3, reason: { code: 'rollImport.alreadyOnRoll', params: {} } }),
    ]);

    const rows = rollRows(3).filter((row) => !row.startsWith('SO-A-2,'));
    await importConfirmed(app, db, rollCsv(rows), { cookie });
    const cards = db.select().from(voters).all();
    expect(cards.map((row) => [row.voterCardNumber, row.status, row.source]).sort()).toEqual([
      ['S0A1', 'enrolled', 'import'],
      ['S0A1', 'rejected', 'registrar'],
      ['S0A2', 'pending', 'registrar'],
      ['S0A3', 'enrolled', 'import'],
    ]);
    expect(cards.find((row) => row.id === rejected.id)?.status).toBe('rejected');
  });

  it('lists at most 1,000 refused rows and says how many there were', async () => {
    const { app, cookie } = await setup();
    const rows = Array.from({ length: 1500 }, (_, i) => `SO-D-${i},Name,1990-01-01,XX`);
    const response = await sendRoll(app, rollCsv(rows), { cookie });
    expect(response.json().refused).toHaveLength(1000);
    expect(response.json().refusedCount).toBe(1500);
  });
});

describe('POST /api/admin/voter-roll.csv: who may send it', () => {
  it('answers 401 to a visitor, 403 to a citizen, 428 without step-up, 403 cross-site; nothing written', async () => {
    const { app, db, admin, cookie } = await setup();
    const csv = rollCsv(rollRows(2));
    const visitor = await sendRoll(app, csv);
    expect(visitor.statusCode).toBe(401);
    const citizen = await createUser(db);
    const asCitizen = await sendRoll(app, csv, {
      cookie: sessionCookie(db, citizen.id, { steppedUp: true }),
    });
    expect(asCitizen.statusCode).toBe(403);
    expect(asCitizen.json().error.message).toBe('Access denied. Admin privileges required.');
    const noStepUp = await sendRoll(app, csv, { cookie: sessionCookie(db, admin.id) });
    expect(noStepUp.statusCode).toBe(428);
    expect(noStepUp.json().error).toMatchObject({ errorCode: 'stepUp.required', stepUpRequired: true });
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/admin/voter-roll.csv',
      headers: { 'content-type': 'text/csv', cookie, origin: 'https://evil.example' },
      payload: csv,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.errorCode).toBe('request.crossSite');
    const noOriginAtAll = await app.inject({
      method: 'POST',
      url: '/api/admin/voter-roll.csv',
      headers: { 'content-type': 'text/csv', cookie },
      payload: csv,
    });
    expect(noOriginAtAll.statusCode).toBe(403);
    expect(rollSize(db)).toBe(0);
    // Only the CSV body is read: a form post or JSON is refused by its type.
    const json = await app.inject({
      method: 'POST',
      url: '/api/admin/voter-roll.csv',
      headers: { ...sameOrigin, 'content-type': 'application/json', cookie },
      payload: JSON.stringify({ csv }),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe('Please send the roll as a CSV file (text/csv).');
  });
});
