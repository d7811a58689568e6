import {
  HASH_QUEUE_LIMIT,
  HASH_QUEUE_PER_CALLER,
  HASH_QUEUE_PER_HOLDER,
  HASHING_BUSY,
  hashingLane,
  inTurn,
  SERVER_CALLER,
} from '@server/auth/hashing-line';
import { testEnv } from '@server/env';
import { signUp } from '@server/services/sign-up';
import { describe, expect, it } from 'vitest';
import { createTestDeps } from '../helpers/caller';
import { uniqueEmail } from '../helpers/factories';

/**
 * Attack report finding 2, on the line itself: callers that each hold ONE place (many addresses, many
 * accounts, one NAT address) filled it, and a citizen arriving from elsewhere was refused at once.
 */

const settle = (p: Promise<unknown>) =>
  p.then(
    () => 'ran',
    (error: Error) => error.message,
  );

/** Holds every running slot with the server's own work, so each call after this waits in line. */
function holdSlots() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const jobs = Array.from({ length: 4 }, () => inTurn(SERVER_CALLER, () => gate));
  return {
    gate,
    async open() {
      release();
      await Promise.all(jobs);
    },
  };
}

describe('the hashing line against callers holding one place each', () => {
  it('groups IPv6 per /56 for hashing (limits stay per /64); IPv4 and other keys are their own lane', () => {
    expect(hashingLane('2001:db8:0:1ab::/64')).toBe('2001:db8:0:100::/56');
    expect(hashingLane('2001:db8:0:100::/64')).toBe('2001:db8:0:100::/56');
    expect(hashingLane('2001:db8:0:2ff::/64')).toBe('2001:db8:0:200::/56');
    expect(hashingLane('203.0.113.5')).toBe('203.0.113.5');
    expect(hashingLane('user:abc')).toBe('user:abc');
  });

  it('a full line of served addresses, one place each: an address never served gets in and goes first', async () => {
    const flooders = Array.from({ length: HASH_QUEUE_LIMIT }, (_, i) => `198.18.${i >> 8}.${i & 255}`);
    // Each flooder has had a turn already (a closed loop sends its next request as soon as one returns).
    for (const address of flooders) await inTurn(address, async () => undefined);
    const slots = holdSlots();
    const order: string[] = [];
    const flood = flooders.map((address) => settle(inTurn(address, async () => void order.push(address))));
    const citizen = settle(inTurn('192.0.2.44', async () => void order.push('citizen')));
    // Integration refused the citizen here: no lane held two more than it did.
    await slots.open();
    expect(await citizen).toBe('ran');
    const outcomes = await Promise.all(flood);
    // Only the flooders served most recently were refused (the line's tail, the server's waiting work
    // taking a few places), and the citizen, never served, went first.
    const refusedAt = outcomes.flatMap((o, i) => (o === HASHING_BUSY ? [i] : []));
    expect(refusedAt.length).toBeGreaterThanOrEqual(1);
    expect(refusedAt.length).toBeLessThanOrEqual(4);
    expect(refusedAt).toEqual(refusedAt.map((_, k) => HASH_QUEUE_LIMIT - refusedAt.length + k));
    expect(order[0]).toBe('citizen');
  });

  it('one account (or email) holds at most a few places of its address lane; a neighbour still gets in', async () => {
    const slots = holdSlots();
    const nat = '203.0.113.50';
    const mine = Array.from({ length: 20 }, () =>
      settle(inTurn({ address: nat, holder: 'attacker@x.example' }, () => slots.gate)),
    );
    const neighbour = settle(inTurn({ address: nat, holder: 'neighbour@x.example' }, () => slots.gate));
    await slots.open();
    expect(await neighbour).toBe('ran');
    const outcomes = await Promise.all(mine);
    expect(outcomes.filter((o) => o === 'ran')).toHaveLength(HASH_QUEUE_PER_HOLDER);
  });

  it('a lane filled by many accounts at one address makes room for an account that holds nothing in it', async () => {
    const slots = holdSlots();
    const nat = '203.0.113.51';
    const accounts = HASH_QUEUE_PER_CALLER / HASH_QUEUE_PER_HOLDER;
    const flood = Array.from({ length: HASH_QUEUE_PER_CALLER }, (_, i) =>
      settle(inTurn({ address: nat, holder: `user:${i % accounts}` }, () => slots.gate)),
    );
    const neighbour = settle(inTurn({ address: nat, holder: 'user:neighbour' }, () => slots.gate));
    await slots.open();
    expect(await neighbour).toBe('ran');
    expect((await Promise.all(flood)).filter((o) => o === HASHING_BUSY)).toHaveLength(1);
  });

  it('sign-up gives its point back when the hashing line refuses it (nothing was created)', async () => {
    const deps = createTestDeps(undefined, testEnv({ RATE_LIMITS: 'true' }));
    const ip = '203.0.113.52';
    const slots = holdSlots();
    const lane = Array.from({ length: HASH_QUEUE_PER_CALLER }, () => settle(inTurn(ip, () => slots.gate)));
    const refused = await settle(
      signUp(deps, { fullName: 'Late', email: uniqueEmail(), password: 'sesame-41' }, ip),
    );
    await slots.open();
    await Promise.all(lane);
    expect(refused).toBe(HASHING_BUSY);
    // Integration spent the network's sign-up point here though no account was made.
    expect((await deps.limits.signUpAddress.get(ip))?.consumedPoints ?? 0).toBe(0);
  });
});
