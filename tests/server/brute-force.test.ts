import { users } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../helpers/admin';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createUser } from '../helpers/factories';
import { uniquePhone } from '../helpers/phone';

/** An account with an e-mail address and a confirmed phone number. */
async function accountWithBothContacts() {
  const deps = createTestDeps();
  const target = await createUser(deps.db);
  const phone = uniquePhone();
  deps.db.update(users).set({ phone, phoneConfirmedAt: new Date() }).where(eq(users.id, target.id)).run();
  return { deps, target, phone };
}

/** Limits that stop guessing without locking out the citizens who share an address. */
describe('failed sign-in limits', () => {
  it('after one account is locked at an address, other citizens behind that address still sign in', async () => {
    const deps = createTestDeps();
    const target = await createUser(deps.db);
    const neighbour = await createUser(deps.db);
    const nat = '100.64.0.1';
    const attacker = callerFor(deps, null, nat).caller;
    for (let i = 0; i < 10; i++) {
      await expectTrpcError(
        attacker.auth.signIn({ email: target.email, password: `guess-${i}` }),
        'UNAUTHORIZED',
      );
    }
    await expectTrpcError(
      attacker.auth.signIn({ email: target.email, password: target.password }),
      'TOO_MANY_REQUESTS',
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
    const sameAddress = callerFor(deps, null, nat).caller;
    await expect(
      sameAddress.auth.signIn({ email: neighbour.email, password: neighbour.password }),
    ).resolves.toHaveProperty('user.id', neighbour.id);
  });

  it('stops a guesser spread over many addresses at 50 failures for one account, saying how long to wait', async () => {
    const deps = createTestDeps();
    const target = await createUser(deps.db);
    await deps.limits.failedSignInAccount.penalty(`account:${target.id}`, 50);
    await expectTrpcError(
      callerFor(deps, null, '198.51.100.200').caller.auth.signIn({
        email: target.email,
        password: target.password,
      }),
      'TOO_MANY_REQUESTS',
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
  });

  it('counts an account’s guesses once, whether typed with its e-mail address or its number', async () => {
    const { deps, target, phone } = await accountWithBothContacts();
    // 48 failures already, then one through each contact, from addresses of their own: the fiftieth.
    await deps.limits.failedSignInAccount.penalty(`account:${target.id}`, 48);
    await expectTrpcError(
      callerFor(deps, null, '198.51.100.11').caller.auth.signIn({ email: target.email, password: 'guess' }),
      'UNAUTHORIZED',
    );
    await expectTrpcError(
      callerFor(deps, null, '198.51.100.12').caller.auth.signIn({ phone, password: 'guess' }),
      'UNAUTHORIZED',
    );
    for (const input of [{ phone }, { email: target.email }]) {
      await expectTrpcError(
        callerFor(deps, null, '198.51.100.13').caller.auth.signIn({ ...input, password: target.password }),
        'TOO_MANY_REQUESTS',
        'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
      );
    }
  });

  it('does not tell, from one address, that an e-mail address and a number share an account', async () => {
    const { deps, target, phone } = await accountWithBothContacts();
    const { caller } = callerFor(deps, null, '100.64.0.5');
    for (let i = 0; i < 10; i++) {
      await expectTrpcError(
        caller.auth.signIn({ email: target.email, password: `guess-${i}` }),
        'UNAUTHORIZED',
      );
    }
    await expectTrpcError(
      caller.auth.signIn({ email: target.email, password: 'guess' }),
      'TOO_MANY_REQUESTS',
    );
    // The number is another contact at this address: answered as any number would be.
    await expectTrpcError(caller.auth.signIn({ phone, password: 'guess' }), 'UNAUTHORIZED');
  });

  it('stops credential stuffing from one address at 200 failures, leaving other addresses alone', async () => {
    const deps = createTestDeps();
    const citizen = await createUser(deps.db);
    await deps.limits.failedSignInAddress.penalty('100.64.0.2', 200);
    await expectTrpcError(
      callerFor(deps, null, '100.64.0.2').caller.auth.signIn({
        email: citizen.email,
        password: citizen.password,
      }),
      'TOO_MANY_REQUESTS',
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
    await expect(
      callerFor(deps, null, '100.64.0.3').caller.auth.signIn({
        email: citizen.email,
        password: citizen.password,
      }),
    ).resolves.toHaveProperty('user.id', citizen.id);
  });

  it('a right password clears the account-and-address count, so a citizen who mistypes is not locked later', async () => {
    const deps = createTestDeps();
    const citizen = await createUser(deps.db);
    const { caller } = callerFor(deps, null, '100.64.0.4');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) {
        await expectTrpcError(caller.auth.signIn({ email: citizen.email, password: 'typo' }), 'UNAUTHORIZED');
      }
      await expect(
        caller.auth.signIn({ email: citizen.email, password: citizen.password }),
      ).resolves.toHaveProperty('user');
    }
  });
});
