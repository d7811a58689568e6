import {
  HASH_QUEUE_LIMIT,
  HASH_QUEUE_PER_CALLER,
  HASHING_BUSY,
  hashingStats,
  inTurn,
} from '@server/auth/hashing-line';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, trpcBody } from '../helpers/app';
import { createUser } from '../helpers/factories';

/** Sign-ins for accounts that do not exist must not queue argon2id hashes ahead of a citizen's own sign-in. */

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const signIn = (app: App, remoteAddress: string, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/trpc/auth.signIn',
    remoteAddress,
    headers: { 'content-type': 'application/json', ...sameOrigin },
    payload: trpcBody({ email, password }),
  });

describe('the hashing line under a sign-in flood', () => {
  it('500 simultaneous sign-ins from 5 addresses: most refused at once, and a citizen from elsewhere signs in in about one hash', async () => {
    const { app, db } = await buildTestApp();
    const citizen = await createUser(db);
    // One hash alone, for scale.
    const alone = performance.now();
    expect((await signIn(app, '192.0.2.200', citizen.email, citizen.password)).statusCode).toBe(200);
    const oneSignInMs = performance.now() - alone;

    const before = hashingStats();
    const attackers = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '2001:db8:66::1'];
    const flood = Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        signIn(app, attackers[i % 5] ?? '', `nobody-${i}@example.com`, 'not a password'),
      ),
    );
    // The citizen arrives while the flood is queued.
    while (hashingStats().waiting < 10) await new Promise((resolve) => setImmediate(resolve));
    const hashesAtArrival = hashingStats().hashesRun;
    const started = performance.now();
    const mine = await signIn(app, '203.0.113.77', citizen.email, citizen.password);
    const citizenMs = performance.now() - started;
    const hashesWhileCitizenWaited = hashingStats().hashesRun - hashesAtArrival;
    const responses = await flood;
    const hashes = hashingStats().hashesRun - before.hashesRun;

    expect(mine.statusCode).toBe(200);
    const refused = responses.filter((r) => r.statusCode === 429);
    const tried = responses.filter((r) => r.statusCode === 401);
    expect(refused.length + tried.length).toBe(500);
    expect(refused[0]?.json().error.json.message).toBe(HASHING_BUSY);
    // At most the line's places (plus the citizen's and the slots running) ever hashed: not 500.
    expect(hashes).toBeLessThanOrEqual(HASH_QUEUE_LIMIT + attackers.length + 3);
    expect(tried.length).toBe(hashes - 1);
    // The citizen went ahead of the flood's backlog: its own hash, the one running and at most one per
    // flooding address not yet served, not the whole line.
    expect(hashesWhileCitizenWaited).toBeLessThanOrEqual(attackers.length + 2);
    expect(citizenMs).toBeLessThan(1000);
    console.log(
      `[limits] hashing flood: 500 sign-ins from 5 addresses → ${hashes} hashes run, ${refused.length} refused at once (429); ` +
        `citizen from another address signed in in ${citizenMs.toFixed(0)} ms (one sign-in alone: ${oneSignInMs.toFixed(0)} ms), ` +
        `${hashesWhileCitizenWaited} hashes ran while it waited (its own included)`,
    );
    await app.close();
  });

  it('one caller holds at most its share of the line; the server’s own work is never refused', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const jobs: Promise<unknown>[] = [];
    // Fill the running slots with the server's own work, so every call after this waits in line.
    for (let i = 0; i < 4; i++) jobs.push(inTurn('\u0000server', () => gate));
    const mine = Array.from({ length: HASH_QUEUE_PER_CALLER + 3 }, () =>
      inTurn('198.51.100.9', () => gate).then(
        () => 'ran',
        (error: Error) => error.message,
      ),
    );
    release();
    const outcomes = await Promise.all(mine);
    await Promise.all(jobs);
    expect(outcomes.filter((o) => o === 'ran')).toHaveLength(HASH_QUEUE_PER_CALLER);
    expect(outcomes.filter((o) => o === HASHING_BUSY)).toHaveLength(3);
  });

  it('a full line refuses the longest lane’s newest request to make room for a newcomer', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold = Array.from({ length: 4 }, () => inTurn('\u0000server', () => gate));
    const settle = (p: Promise<unknown>) =>
      p.then(
        () => 'ran',
        (error: Error) => error.message,
      );
    // Enough callers, each up to its share, to fill the line.
    const callers = Math.ceil(HASH_QUEUE_LIMIT / HASH_QUEUE_PER_CALLER);
    const flood = Array.from({ length: callers * HASH_QUEUE_PER_CALLER }, (_, i) =>
      settle(inTurn(`203.0.113.${i % callers}`, () => gate)),
    );
    const newcomer = settle(inTurn('192.0.2.1', () => gate));
    release();
    expect(await newcomer).toBe('ran');
    const outcomes = await Promise.all(flood);
    expect(outcomes.filter((o) => o === HASHING_BUSY).length).toBeGreaterThanOrEqual(1);
    await Promise.all(hold);
  });
});
