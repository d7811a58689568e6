import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession } from '@server/auth/sessions';
import { closeDb, createDb, migrateDb } from '@server/db/client';
import { attachKeys, randomKeys } from '@server/db/keys';
import { cardClaimAttempts, rollFlags, voters } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { proceduresWith } from '@server/routers/policy';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin } from '../../helpers/app';
import { createVoters } from '../../helpers/poll-factories';
import { reportFigures } from '../../helpers/security/figures';
import { encodeInput } from '../../helpers/security/http';
import { confirmContacts, importedEntry } from '../../helpers/voter-roll-factories';

/**
 * Claims of one card from the commission's roll, all at once over the real HTTP app on a database file in WAL
 * mode as in production: the conditional update (user_id IS NULL) and the unique index on voters.user_id
 * decide, so exactly one account is linked whoever asks and however often; the card's own count, taken inside
 * the claim's transaction, stops the claims of the linked card at exactly the limit.
 */
const CLAIMS = 200;
/** Claims of one card that do not link it, counted on the card before it is locked (the 5). */
const CLAIM_ATTEMPTS_PER_CARD = 5;
const DOB = '1979-11-02';
const CARD = 'SO-8000-0001';
const folder = mkdtempSync(join(tmpdir(), 'codka-roll-concurrency-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function fileApp(name: string, env: Record<string, string> = {}) {
  const db = createDb(join(folder, `${name}.db`));
  migrateDb(db);
  attachKeys(db, randomKeys());
  const { app } = await buildTestApp({ db, env });
  const entry = importedEntry(db, { voterCardNumber: CARD, dateOfBirth: DOB });
  const claim = (cookie: string, remoteAddress: string, language = 'en') =>
    app.inject({
      method: 'POST',
      url: '/trpc/enrollment.claim',
      headers: { ...sameOrigin, 'content-type': 'application/json', 'accept-language': language, cookie },
      payload: encodeInput({ voterCardNumber: CARD, dateOfBirth: DOB }),
      remoteAddress,
    });
  const close = async () => {
    await app.close();
    closeDb(db);
  };
  return { db, app, entry, claim, close };
}

/** Citizens with a confirmed e-mail address, as a claim needs. */
function citizens(db: Parameters<typeof createSession>[0], count: number) {
  const ids = createVoters(db, count);
  confirmContacts(db, ids);
  return ids;
}

const cookieOf = (db: Parameters<typeof createSession>[0], userId: string) =>
  `codka_session=${createSession(db, userId).token}`;

function statuses(responses: { statusCode: number }[]) {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

describe('simultaneous claims of one card', () => {
  it(`links exactly one of ${CLAIMS} accounts claiming at once; the card counts exactly ${CLAIM_ATTEMPTS_PER_CARD} refused claims, then is locked, no 5xx`, async () => {
    const test = await fileApp('many-accounts');
    const accounts = citizens(test.db, CLAIMS).map((userId, i) => ({
      userId,
      cookie: cookieOf(test.db, userId),
      address: `100.64.${i >> 8}.${i & 255}`,
    }));
    const started = performance.now();
    const responses = await Promise.all(
      accounts.map((account) => test.claim(account.cookie, account.address)),
    );
    const elapsedMs = Math.round(performance.now() - started);

    // One link; the next claims of the linked card are counted on the card until the limit locks it.
    const limit = CLAIM_ATTEMPTS_PER_CARD;
    expect(statuses(responses)).toEqual({ 200: 1, 409: limit - 1, 429: CLAIMS - limit });
    const winner = accounts[responses.findIndex((response) => response.statusCode === 200)];
    expect(test.db.select().from(voters).where(eq(voters.id, test.entry.id)).get()?.userId).toBe(
      winner?.userId,
    );
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.json.message).toBe(messageText({ key: 'claim.alreadyClaimed' }));
    }
    for (const response of responses.filter((r) => r.statusCode === 429)) {
      expect(response.json().error.json.data).toMatchObject({ errorCode: 'claim.cardLocked' });
    }
    const counted = test.db.select().from(cardClaimAttempts).all();
    expect(counted).toEqual([
      expect.objectContaining({ voterCardNumber: test.entry.voterCardNumber, attempts: limit }),
    ]);
    expect(counted[0]?.lockedUntil).not.toBeNull();
    const flags = test.db.select().from(rollFlags).all();
    const claimedFlags = flags.filter((flag) => flag.kind === 'cardAlreadyClaimed');
    expect(claimedFlags).toHaveLength(limit);
    expect(new Set(claimedFlags.map((flag) => flag.reportedUserId)).size).toBe(limit);
    expect(flags.map((flag) => flag.reportedUserId)).not.toContain(winner?.userId);
    expect(flags.filter((flag) => flag.kind === 'dateOfBirthGuessing')).toHaveLength(1);
    reportFigures(
      'roll-claims',
      `roll: ${CLAIMS} simultaneous claims of one card in ${elapsedMs} ms, 1 link`,
      {
        claims: CLAIMS,
        elapsedMs,
      },
    );
    await test.close();
  });

  it(`links once when one account sends ${CLAIMS} claims at once; the limit refuses all but 5 before any work`, async () => {
    const test = await fileApp('one-account');
    const [userId = ''] = citizens(test.db, 1);
    const cookie = cookieOf(test.db, userId);
    const responses = await Promise.all(
      Array.from({ length: CLAIMS }, () => test.claim(cookie, '100.64.1.1')),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 409: 4, 429: CLAIMS - 5 });
    expect(test.db.select().from(voters).where(eq(voters.userId, userId)).all()).toHaveLength(1);
    const refusal = responses.find((response) => response.statusCode === 409);
    expect(refusal?.json().error.json.message).toBe(messageText({ key: 'claim.accountHasEntry' }));
    expect(test.db.select().from(rollFlags).all()).toEqual([]);
    await test.close();
  });

  it(`links once when one account sends ${CLAIMS} claims at once with the limits off (all reach the work)`, async () => {
    const test = await fileApp('one-account-unlimited', { RATE_LIMITS: 'off' });
    const [userId = ''] = citizens(test.db, 1);
    const cookie = cookieOf(test.db, userId);
    const responses = await Promise.all(
      Array.from({ length: CLAIMS }, () => test.claim(cookie, '100.64.1.1')),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 409: CLAIMS - 1 });
    expect(test.db.select().from(voters).where(eq(voters.userId, userId)).all()).toHaveLength(1);
    await test.close();
  });

  it('says the refusal in Somali to a Somali reader', async () => {
    const test = await fileApp('somali');
    const [holder = '', claimant = ''] = citizens(test.db, 2);
    expect((await test.claim(cookieOf(test.db, holder), '100.64.2.1')).statusCode).toBe(200);
    const response = await test.claim(cookieOf(test.db, claimant), '100.64.2.2', 'so');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.json.message).toBe(messageText({ key: 'claim.alreadyClaimed' }, 'so'));
    expect(response.json().error.json.data).toMatchObject({ errorCode: 'claim.alreadyClaimed' });
    await test.close();
  });

  it('marks every roll mutation that spends a limit point as limited, and refuses them in a batch', async () => {
    expect(proceduresWith('limited')).toEqual(
      expect.arrayContaining([
        'enrollment.requestCode',
        'enrollment.claim',
        'registrar.lookupCode',
        'registrar.enroll',
      ]),
    );
    const test = await fileApp('batch');
    const [userId = ''] = citizens(test.db, 1);
    const input = { json: { voterCardNumber: CARD, dateOfBirth: DOB } };
    const body = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [String(i), input]));
    const response = await test.app.inject({
      method: 'POST',
      url: `/trpc/${Array(20).fill('enrollment.claim').join(',')}?batch=1`,
      headers: { ...sameOrigin, 'content-type': 'application/json', cookie: cookieOf(test.db, userId) },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(400);
    expect(test.db.select().from(voters).where(eq(voters.userId, userId)).all()).toEqual([]);
    await test.close();
  });
});
