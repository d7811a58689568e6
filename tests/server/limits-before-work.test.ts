import { HASH_QUEUE_PER_HOLDER, HASHING_BUSY } from '@server/auth/hashing-line';
import { twoFactorChallenges } from '@server/db/schema';
import { DomainError } from '@server/errors/domain-error';
import { englishMessage, messageText } from '@server/errors/texts';
import { proceduresWith } from '@server/routers/policy';
import { checkOwnPassword } from '@server/services/password-change';
import { verifySecondFactor } from '@server/services/two-factor';
import { TWO_FACTOR_CHALLENGE_ATTEMPTS } from '@server/services/two-factor-sign-in';
import { toTRPCError } from '@server/trpc/errors';
import { accountMessages } from '@shared/schemas/account';
import type { TRPCError } from '@trpc/server';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrolledAdmin, keyFromUri, totpAt } from '../helpers/account';
import { expectTrpcError } from '../helpers/admin';
import { buildTestApp, sameOrigin, trpcBody } from '../helpers/app';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createAdmin, createUser } from '../helpers/factories';

/**
 * Limits counted before the work, tested as an attacker would: guesses sent concurrently (a batch, or parallel
 * requests) must not all pass a limit that is read before the work and counted after it.
 */

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

function post(app: App, path: string, input: unknown, extra: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { 'content-type': 'application/json', ...sameOrigin, ...extra },
    payload: trpcBody(input),
  });
}

/** A tRPC batch as a hand-written client sends it: every call in one POST. */
function postBatch(app: App, url: string, inputs: unknown[]) {
  const body = Object.fromEntries(inputs.map((input, index) => [String(index), { json: input }]));
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...sameOrigin },
    payload: JSON.stringify(body),
  });
}

const IN_BATCH = 'This request must be sent on its own, not in a batch.';

describe('guesses in one batch', () => {
  it('refuses 60 wrong passwords and the right one in one batch with 400 and a sentence; nobody signs in', async () => {
    const { app, db } = await buildTestApp();
    const citizen = await createUser(db);
    const guesses = [
      ...Array.from({ length: 60 }, (_, i) => ({ email: citizen.email, password: `guess-${i}` })),
      { email: citizen.email, password: citizen.password },
    ];
    const url = `/trpc/${Array(guesses.length).fill('auth.signIn').join(',')}?batch=1`;
    const response = await postBatch(app, url, guesses);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(IN_BATCH);
    expect(response.headers['set-cookie']).toBeUndefined();
    await app.close();
  });

  it('refuses every spelling of a batch that names a limited mutation', async () => {
    const { app } = await buildTestApp();
    const input = { email: 'someone@example.com', password: 'a guess' };
    const spellings = [
      '/trpc/auth.signIn%2Cauth.signIn?batch=1',
      '/trpc/auth.signIn%2cauth.signIn?batch=1',
      '/trpc/auth.signIn,?batch=1',
      '/trpc/,auth.signIn?batch=1',
      '/trpc/elections.list,auth.signIn?batch=1',
      '/trpc/auth.session,votes.cast?batch=1',
      '/trpc/polls.vote,polls.vote?batch=1',
      '/trpc/auth.signInTwoFactor,auth.signInTwoFactor?batch=1',
      '/trpc/auth.changePassword,auth.twoFactor.disable?batch=1',
      '/trpc/auth.signIn,auth.signIn?batch=1&batch=1',
      '/trpc/auth.signIn,%20auth.signIn?batch=1',
    ];
    for (const url of spellings) {
      const response = await postBatch(app, url, [input, input]);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json().error.message).toBe(IN_BATCH);
    }
    // By GET too: a mutation named in a GET batch never runs, whatever tRPC would have said.
    const get = await app.inject({
      method: 'GET',
      url: '/trpc/auth.signIn,auth.signIn?batch=1&input={}',
      headers: sameOrigin,
    });
    expect(get.statusCode).toBe(400);
    expect(get.json().error.message).toBe(IN_BATCH);
    // In the reader's language, like every refusal.
    const somali = await app.inject({
      method: 'GET',
      url: '/trpc/auth.signIn,auth.signIn?batch=1&input={}',
      headers: { ...sameOrigin, 'accept-language': 'so' },
    });
    expect(somali.json().error).toMatchObject({
      message: messageText({ key: 'batch.aloneOnly' }, 'so'),
      errorCode: 'batch.aloneOnly',
    });
    await app.close();
  });

  it('still takes a limited mutation alone, as ?batch=1 with one call (what a typed client may send)', async () => {
    const { app, db } = await buildTestApp();
    const citizen = await createUser(db);
    const response = await postBatch(app, '/trpc/auth.signIn?batch=1', [
      { email: citizen.email, password: citizen.password },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()[0].result.data.json.user.id).toBe(citizen.id);
    // Queries still batch freely.
    const reads = await app.inject({
      method: 'GET',
      url: `/trpc/auth.session,auth.session?batch=1&input=${encodeURIComponent('{}')}`,
      headers: sameOrigin,
    });
    expect(reads.statusCode).toBe(200);
    await app.close();
  });

  it('marks every mutation that spends a limit point as limited, in its meta', () => {
    expect(proceduresWith('limited')).toEqual(
      expect.arrayContaining([
        'auth.signUp',
        'auth.signIn',
        'auth.signInTwoFactor',
        'auth.bootstrapAdmin',
        'auth.requestPasswordReset',
        'auth.resetPassword',
        'auth.changePassword',
        'auth.resendVerification',
        'auth.twoFactor.confirm',
        'auth.twoFactor.disable',
        'votes.cast',
        'polls.vote',
      ]),
    );
  });
});

/**
 * One account (or email) holds at most HASH_QUEUE_PER_HOLDER places in its address's hashing lane, so a wave
 * of guesses is cut twice: by the limit's 10 points, and by the line, which refuses the rest before any
 * hash (giving their points back). Between HASH_QUEUE_PER_HOLDER and 10 guesses are tried, never more.
 */
const LIMIT_OR_LINE = [
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  HASHING_BUSY,
];

describe('guesses in parallel requests', () => {
  it('61 simultaneous sign-ins from one address: at most 10 wrong guesses are tried, the rest and the right password refused', async () => {
    const { app, db } = await buildTestApp();
    const citizen = await createUser(db);
    const attempts = [
      ...Array.from({ length: 60 }, (_, i) =>
        post(app, 'auth.signIn', { email: citizen.email, password: `g${i}` }),
      ),
      post(app, 'auth.signIn', { email: citizen.email, password: citizen.password }),
    ];
    const responses = await Promise.all(attempts);
    const statuses = responses.map((r) => r.statusCode);
    const tried = statuses.filter((s) => s === 401).length;
    expect(tried).toBeGreaterThanOrEqual(HASH_QUEUE_PER_HOLDER);
    expect(tried).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(61 - tried);
    expect(statuses.at(-1)).toBe(429);
    expect(LIMIT_OR_LINE).toContain(responses.at(-1)?.json().error.json.message);
    await app.close();
  });

  it('a right password returns its point: a citizen who signs in between typos is never locked out', async () => {
    const { app, db } = await buildTestApp();
    const citizen = await createUser(db);
    for (let round = 0; round < 3; round++) {
      // As many typos at once as one email may have in the line (3 rounds: more than the 10 points).
      const typos = await Promise.all(
        Array.from({ length: HASH_QUEUE_PER_HOLDER }, () =>
          post(app, 'auth.signIn', { email: citizen.email, password: 'typo' }),
        ),
      );
      expect(typos.map((r) => r.statusCode)).toEqual(Array(HASH_QUEUE_PER_HOLDER).fill(401));
      const right = await post(app, 'auth.signIn', { email: citizen.email, password: citizen.password });
      expect(right.statusCode).toBe(200);
    }
    await app.close();
  });

  it('30 wrong current passwords at once and the right one: the password change is refused', async () => {
    const { app, db } = await buildTestApp();
    const citizen = await createUser(db);
    const signIn = await post(app, 'auth.signIn', { email: citizen.email, password: citizen.password });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] ?? '';
    const change = (currentPassword: string) =>
      post(app, 'auth.changePassword', { currentPassword, newPassword: 'a brand new secret 9' }, { cookie });
    const responses = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => change(`wrong-${i}`)),
      change(citizen.password),
    ]);
    const statuses = responses.map((r) => r.statusCode);
    const tried = statuses.filter((s) => s === 400).length;
    expect(tried).toBeGreaterThanOrEqual(HASH_QUEUE_PER_HOLDER);
    expect(tried).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(31 - tried);
    expect(['Too many wrong passwords. Please wait 15 minutes and try again.', HASHING_BUSY]).toContain(
      responses.at(-1)?.json().error.json.message,
    );
    await app.close();
  });
});

/**
 * tRPC runs a batch's calls concurrently: each starts before any finishes. The batch is now refused at the
 * door, so these run the same wave through the caller, to prove the limits hold on their own too.
 */
describe('guesses started together inside the server, as a batch runs them', () => {
  const settle = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      // A service called directly throws a domain error: its code as the mapping gives it to tRPC.
      (error: unknown) => (error instanceof DomainError ? toTRPCError(error) : (error as TRPCError)).code,
    );

  it('100 wrong codes and the right one against one pending two-factor sign-in: 5 codes are tried, none accepted, the token dies', async () => {
    const deps = createTestDeps();
    const { admin, nextCode } = await enrolledAdmin(deps);
    const { caller } = callerFor(deps, null, '198.51.100.30');
    const pending = await caller.auth.signIn({ email: admin.email, password: admin.password });
    if (!('pendingToken' in pending)) throw new Error('expected a two-factor challenge');
    const { pendingToken } = pending;
    const right = nextCode();
    const wrong = Array.from({ length: 100 }, (_, i) =>
      String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const outcomes = await Promise.all([
      ...wrong.map((code) => settle(caller.auth.signInTwoFactor({ pendingToken, code }))),
      settle(caller.auth.signInTwoFactor({ pendingToken, code: right })),
    ]);
    expect(outcomes.filter((o) => o === 'UNAUTHORIZED')).toHaveLength(TWO_FACTOR_CHALLENGE_ATTEMPTS);
    expect(outcomes).not.toContain('accepted');
    expect(outcomes.at(-1)).toBe('BAD_REQUEST');
    await expectTrpcError(
      caller.auth.signInTwoFactor({ pendingToken, code: right }),
      'BAD_REQUEST',
      englishMessage(accountMessages.signInExpired),
    );
    expect(
      deps.db
        .select({ n: count() })
        .from(twoFactorChallenges)
        .where(eq(twoFactorChallenges.userId, admin.id))
        .get()?.n,
    ).toBe(0);
  });

  it('checkOwnPassword and verifySecondFactor (what step-up calls): 30 wrong and the right one together, the right one refused', async () => {
    const deps = createTestDeps();
    const { admin, nextCode } = await enrolledAdmin(deps);
    const passwords = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => settle(checkOwnPassword(deps, admin.id, `wrong-${i}`))),
      settle(checkOwnPassword(deps, admin.id, admin.password)),
    ]);
    const tried = passwords.filter((o) => o === 'BAD_REQUEST').length;
    expect(tried).toBeGreaterThanOrEqual(HASH_QUEUE_PER_HOLDER);
    expect(tried).toBeLessThanOrEqual(10);
    expect(passwords.at(-1)).toBe('TOO_MANY_REQUESTS');
    const right = nextCode();
    const codes = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => settle(verifySecondFactor(deps, admin.id, String(100000 + i)))),
      settle(verifySecondFactor(deps, admin.id, right)),
    ]);
    expect(codes.filter((o) => o === 'UNAUTHORIZED')).toHaveLength(10);
    expect(codes.at(-1)).toBe('TOO_MANY_REQUESTS');
  });

  it('a right password or code gives its point back: alone, they still pass after 9 failures', async () => {
    const deps = createTestDeps();
    const { admin, nextCode } = await enrolledAdmin(deps);
    for (let i = 0; i < 9; i++) await settle(checkOwnPassword(deps, admin.id, `wrong-${i}`));
    await checkOwnPassword(deps, admin.id, admin.password);
    await checkOwnPassword(deps, admin.id, admin.password);
    for (let i = 0; i < 9; i++) await settle(verifySecondFactor(deps, admin.id, '000000'));
    await expect(verifySecondFactor(deps, admin.id, nextCode())).resolves.toBeUndefined();
  });

  it('two confirmations of one enrolment at once: one turns two-factor on, the other changes nothing', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const { caller } = callerFor(deps, admin);
    const key = keyFromUri((await caller.auth.twoFactor.begin({ password: admin.password })).uri);
    const code = totpAt(key);
    const outcomes = await Promise.all([
      caller.auth.twoFactor.confirm({ password: admin.password, code }).then(
        (result) => result.recoveryCodes,
        (error: TRPCError) => error.code,
      ),
      caller.auth.twoFactor.confirm({ password: admin.password, code }).then(
        (result) => result.recoveryCodes,
        (error: TRPCError) => error.code,
      ),
    ]);
    const winners = outcomes.filter((o) => Array.isArray(o));
    expect(winners).toHaveLength(1);
    expect(outcomes).toContain('CONFLICT');
    // The recovery codes handed out are the ones stored: a second confirm did not replace them.
    const recoveryCodes = winners[0] as string[];
    const first = (recoveryCodes[0] ?? '').replace('-', '');
    await expect(verifySecondFactor(deps, admin.id, first)).resolves.toBeUndefined();
  });
});
