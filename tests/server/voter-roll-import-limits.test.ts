import { Readable } from 'node:stream';
import { ROLL_IMPORT_MAX_BYTES } from '@shared/roll-import';
import { describe, expect, it } from 'vitest';
import { sameOrigin, testAppsClosedAfterEach } from '../helpers/app';
import {
  confirmBySecondAdmin,
  importAudits,
  ROLL_HEADER,
  rollCsv,
  rollDistricts,
  rollRows,
  rollSize,
  sendRoll,
  steppedUpAdmin,
} from '../helpers/roll-import';
import { reportFigures } from '../helpers/security/figures';

const openApp = testAppsClosedAfterEach();

async function setup() {
  const test = await openApp();
  rollDistricts(test.db);
  const { cookie } = await steppedUpAdmin(test.db);
  return { ...test, cookie };
}

const MB = 1024 * 1024;

describe('POST /api/admin/voter-roll.csv: files it cannot read', () => {
  it.each([
    ['an empty file', Buffer.alloc(0), 'The file is empty.'],
    ['only blank lines', Buffer.from('\uFEFF\r\n\r\n  \n'), 'The file is empty.'],
    ['a header and no rows', Buffer.from(`${ROLL_HEADER}\n`), 'The file has a header line but no voters.'],
    [
      'binary bytes (a spreadsheet in its own format)',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0xff, 0xfe]),
      'This is not a CSV text file. Save the roll from your spreadsheet as CSV UTF-8 and try again.',
    ],
    [
      'Latin-1 text instead of UTF-8',
      Buffer.from(`${ROLL_HEADER}\nSO-1-1,Ren\xe9 Cali,1990-01-01,BN-HOD\n`, 'latin1'),
      'The file is not UTF-8 text. Save it as CSV UTF-8 and try again.',
    ],
    [
      'no header (the first line is a voter)',
      Buffer.from(rollCsv(rollRows(2), rollRows(3)[2])),
      'The first line must name the columns: voter_card_number,full_name,date_of_birth,district_code.',
    ],
    [
      'a fifth column',
      Buffer.from(rollCsv(['SO-1-1,Name,1990-01-01,BN-HOD,x'], `${ROLL_HEADER},phone`)),
      'The first line must name the columns: voter_card_number,full_name,date_of_birth,district_code.',
    ],
    [
      'a column named twice',
      Buffer.from(
        rollCsv(['SO-1-1,Name,1990-01-01,1990'], 'voter_card_number,full_name,date_of_birth,Full Name'),
      ),
      'The first line must name the columns: voter_card_number,full_name,date_of_birth,district_code.',
    ],
    [
      'an unclosed quote',
      Buffer.from(rollCsv([...rollRows(2), 'SO-1-9,"Open quote,1990-01-01,BN-HOD', ...rollRows(2, 'Z')])),
      'The file cannot be read as CSV near line 4: check the quotation marks and the length of that line.',
    ],
    [
      'one line of 100 KB',
      Buffer.from(rollCsv([`SO-1-1,${'x'.repeat(100_000)},1990-01-01,BN-HOD`])),
      'The file cannot be read as CSV near line 2: check the quotation marks and the length of that line.',
    ],
  ])('%s: 400 with a sentence, nothing written', async (_name, body, message) => {
    const { app, db, cookie } = await setup();
    const response = await sendRoll(app, body, { cookie });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(rollSize(db)).toBe(0);
  });

  it('refuses more than 200,000 rows', async () => {
    const { app, db, cookie } = await setup();
    const response = await sendRoll(app, rollCsv(rollRows(200_001)), { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'The file has more than 200000 rows. Split it into several files.',
    );
    expect(rollSize(db)).toBe(0);
  });
});

describe('POST /api/admin/voter-roll.csv: size', () => {
  it('answers 413 to a 50 MB body at once, from its Content-Length, in the reader language', async () => {
    const { app, db, cookie } = await setup();
    const body = Buffer.alloc(50 * MB, 'a');
    const started = performance.now();
    const response = await sendRoll(app, body, { cookie, headers: { 'accept-language': 'so' } });
    const ms = performance.now() - started;
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({ errorCode: 'rollImport.tooLarge', params: { max: 20 } });
    expect(response.json().error.message).toMatch(/^Faylku aad buu u weyn yahay/);
    expect(ms).toBeLessThan(2000);
    expect(rollSize(db)).toBe(0);
  });

  it('stops reading a 50 MB body sent without a length once it passes 20 MB, and does not keep it', async () => {
    const { app, db, cookie } = await setup();
    let produced = 0;
    const chunk = Buffer.alloc(64 * 1024, 'b');
    // Made on demand, so what the server does not read is never made.
    const stream = new Readable({
      read() {
        if (produced >= 50 * MB) return this.push(null);
        produced += chunk.length;
        this.push(chunk);
      },
    });
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/voter-roll.csv',
      headers: { ...sameOrigin, 'content-type': 'text/csv', cookie },
      payload: stream,
    });
    const ms = performance.now() - started;
    global.gc?.();
    const grown = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heapBefore;
    expect(response.statusCode).toBe(413);
    expect(response.json().error.errorCode).toBe('rollImport.tooLarge');
    // The test's own request reads the whole stream (light-my-request); the server keeps at most 20 MB of it.
    expect(grown).toBeLessThan(ROLL_IMPORT_MAX_BYTES + 10 * MB);
    expect(ms).toBeLessThan(5000);
    expect(rollSize(db)).toBe(0);
    reportFigures(
      'roll-import-size',
      `roll import: a ${(produced / MB).toFixed(0)} MB body without a length refused 413 in ` +
        `${Math.round(ms)} ms, memory afterwards +${(grown / MB).toFixed(1)} MB`,
      { producedBytes: produced, ms: Math.round(ms), grownBytes: grown },
    );
  });
});

describe('POST /api/admin/voter-roll.csv: 100,000 rows', () => {
  it('imports nothing when row 99,999 is bad, then all 100,000 rows in a few seconds', async () => {
    const { app, db, cookie } = await setup();
    const rows = rollRows(100_000, 'L');
    const bad = [...rows];
    // Line 100,000 of the file is data row 99,999.
    bad[99_998] = 'SO-L-99999,Voter L 99999,1990-13-01,BN-HOD';
    const refusedStart = performance.now();
    const refused = await sendRoll(app, rollCsv(bad), { cookie });
    const refusedMs = performance.now() - refusedStart;
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ accepted: 99_999, imported: 0, refusedCount: 1 });
    expect(refused.json().refused[0]).toMatchObject({
      row: 100_000,
      reason: { code: 'rollImport.dateInvalid' },
    });
    expect(rollSize(db)).toBe(0);
    expect(importAudits(db)).toEqual([]);

    const csv = rollCsv(rows);
    const started = performance.now();
    const sent = await sendRoll(app, csv, { cookie });
    const sentMs = performance.now() - started;
    expect(sent.statusCode, sent.body.slice(0, 300)).toBe(202);
    expect(sent.json()).toMatchObject({ accepted: 100_000, imported: 0, refusedCount: 0 });
    expect(rollSize(db)).toBe(0);
    // The second System Admin's confirm checks the kept file again and writes it.
    const confirmStart = performance.now();
    await confirmBySecondAdmin(db, sent.json().pendingApproval.id);
    const ms = performance.now() - confirmStart;
    expect(rollSize(db)).toBe(100_000);
    // About 2 s each on an idle machine; the bound leaves room for a loaded one (a row per transaction takes minutes).
    expect(sentMs).toBeLessThan(30_000);
    expect(ms).toBeLessThan(30_000);
    reportFigures(
      'roll-import-speed',
      `roll import: 100,000 rows (${(Buffer.byteLength(csv) / MB).toFixed(1)} MB) checked and kept for approval in ` +
        `${Math.round(sentMs)} ms, checked again and written at confirm in ${Math.round(ms)} ms; a file with row ` +
        `99,999 bad refused whole in ${Math.round(refusedMs)} ms`,
      { rows: 100_000, sentMs: Math.round(sentMs), ms: Math.round(ms), refusedMs: Math.round(refusedMs) },
    );
  }, 120_000);
});
