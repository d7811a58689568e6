import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDb, createDb, type Db, migrateDb } from '@server/db/client';
import { attachKeys, randomKeys } from '@server/db/keys';
import { dailySmsSent } from '@server/services/sms/daily-count';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { uniquePhone } from '../../helpers/phone';
import { askOverHttp, refusalCode, tally } from '../../helpers/sms-http';

/**
 * SMS pumping over the real HTTP stack: the app as it runs (Fastify, the CSRF and batch hooks, tRPC, the
 * services, SQLite), a script that picks the numbers, and the transport counting what it was given.
 */
const folder = mkdtempSync(join(tmpdir(), 'codka-sms-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** 256 × 256 addresses, as a botnet or a rented proxy pool would have. */
const addressOf = (index: number) => `198.18.${(index >> 8) & 255}.${index & 255}`;

const signUpByPhone = (app: TestApp['app'], phone: string, ip: string) =>
  askOverHttp(app, 'auth.signUp', { fullName: 'Bot', phone, password: 'a bot secret' }, { ip });

/** A database file in WAL mode, as in production, opened again by `reopen` with the same keys. */
function databaseFile(name: string) {
  const path = join(folder, `${name}.db`);
  const keys = randomKeys();
  const open = (): Db => {
    const db = createDb(path);
    migrateDb(db);
    attachKeys(db, keys);
    return db;
  };
  return { open };
}

describe('SMS pumping over HTTP', () => {
  it('stops a script asking codes for 1,000 numbers from 1,000 addresses at SMS_DAILY_LIMIT, with nothing sent past it', async () => {
    const { app, db, sms } = await buildTestApp({ env: { SMS_DAILY_LIMIT: '40' } });
    const answers = [];
    // Fifty at a time, as a script runs: the ceiling is taken before any work, so parallel requests cannot pass it.
    for (let start = 0; start < 1000; start += 50) {
      const batch = Array.from({ length: 50 }, (_, offset) =>
        signUpByPhone(app, uniquePhone(), addressOf(start + offset)),
      );
      answers.push(...(await Promise.all(batch)));
    }
    expect(tally(answers)).toEqual({ ok: 40, 'limit.smsDaily': 960 });
    expect(sms.sent).toHaveLength(40);
    expect(new Set(sms.sent.map((message) => message.to)).size).toBe(40);
    expect(dailySmsSent(db)).toBe(40);
    // The refusal is the sentence a citizen reads, in the request's language, never an internal error.
    const refused = answers.find((answer) => refusalCode(answer) === 'limit.smsDaily');
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json().error.json.message).toMatch(/try again tomorrow/);
    await app.close();
  });

  it('holds the ceiling for requests in flight together, and for two servers on one database file', async () => {
    const file = databaseFile('two-servers');
    const first = await buildTestApp({ db: file.open(), env: { SMS_DAILY_LIMIT: '10' } });
    const second = await buildTestApp({ db: file.open(), env: { SMS_DAILY_LIMIT: '10' } });
    // 60 sign-ups at once, half to each server, each from its own address.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        signUpByPhone(index % 2 ? first.app : second.app, uniquePhone(), addressOf(5000 + index)),
      ),
    );
    expect(tally(answers)).toEqual({ ok: 10, 'limit.smsDaily': 50 });
    expect(first.sms.sent.length + second.sms.sent.length).toBe(10);
    expect(dailySmsSent(first.db)).toBe(10);
    for (const test of [first, second]) {
      await test.app.close();
      closeDb(test.db);
    }
  });

  it('keeps the day’s count across a restart of the app on the same database', async () => {
    const file = databaseFile('restart');
    const env = { SMS_DAILY_LIMIT: '5' };
    const before = await buildTestApp({ db: file.open(), env });
    const first = [];
    for (let index = 0; index < 3; index += 1) {
      first.push(await signUpByPhone(before.app, uniquePhone(), addressOf(7000 + index)));
    }
    expect(tally(first)).toEqual({ ok: 3 });
    await before.app.close();
    closeDb(before.db);

    // A new process on the same file: its rate limits in memory start empty, the day's SMS do not.
    const after = await buildTestApp({ db: file.open(), env });
    const second = [];
    for (let index = 0; index < 4; index += 1) {
      second.push(await signUpByPhone(after.app, uniquePhone(), addressOf(7100 + index)));
    }
    expect(tally(second)).toEqual({ ok: 2, 'limit.smsDaily': 2 });
    expect(before.sms.sent.length + after.sms.sent.length).toBe(5);
    expect(dailySmsSent(after.db)).toBe(5);
    await after.app.close();
    closeDb(after.db);
  });
});
