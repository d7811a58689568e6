import { users } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createUser } from '../helpers/factories';
import { codeSentTo, createPhoneUser, nationalForm, uniquePhone } from '../helpers/phone';
import { accountOf, sessionOf } from '../helpers/phone-accounts';

/** Adding a number to an account, or changing it: written only when its code comes back. */
describe('adding or changing the number of an account', () => {
  it('writes a number on the account only when its code comes back', async () => {
    const deps = createTestDeps();
    const citizen = await createUser(deps.db);
    const { caller } = callerFor(deps, citizen);
    const phone = uniquePhone();
    expect(await caller.auth.requestPhoneCode({ phone: nationalForm(phone) })).toEqual({
      sent: true,
      alreadyConfirmed: false,
    });
    expect((await caller.auth.session()).user).toMatchObject({ phone: null, phoneConfirmed: false });
    await caller.auth.confirmPhone({ code: codeSentTo(deps.sms.sent, phone) });
    expect(await sessionOf(deps, citizen.id)).toMatchObject({
      email: citizen.email,
      phone,
      phoneConfirmed: true,
    });
    // A session read after the confirmation knows the number is the account's.
    expect(await callerFor(deps, citizen).caller.auth.requestPhoneCode({ phone })).toEqual({
      sent: false,
      alreadyConfirmed: true,
    });

    // A change needs the new number's code; the old number stays until then.
    const next = uniquePhone();
    await caller.auth.requestPhoneCode({ phone: next });
    expect((await sessionOf(deps, citizen.id))?.phone).toBe(phone);
    await caller.auth.confirmPhone({ code: codeSentTo(deps.sms.sent, next) });
    expect(await sessionOf(deps, citizen.id)).toMatchObject({ phone: next, phoneConfirmed: true });
  });

  it('refuses a number another account confirmed, without an SMS, counted as a code would be', async () => {
    const deps = createTestDeps();
    const owner = await createPhoneUser(deps.db);
    const { caller } = callerFor(deps, await createUser(deps.db));
    await expect(caller.auth.requestPhoneCode({ phone: owner.phone })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This phone number already belongs to another account.',
    });
    expect(deps.sms.sent).toEqual([]);
    // Asking is counted as a code would be, so an account cannot list the numbers that have accounts.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const other = await createPhoneUser(deps.db);
      await expect(caller.auth.requestPhoneCode({ phone: other.phone })).rejects.toMatchObject({
        code: 'CONFLICT',
      });
    }
    await expect(caller.auth.requestPhoneCode({ phone: uniquePhone() })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('takes a number from an account that only typed it, once the code proves who holds it', async () => {
    const deps = createTestDeps();
    const squatter = await createPhoneUser(deps.db, { confirmed: false });
    const holder = await createUser(deps.db);
    const { caller } = callerFor(deps, holder);
    await caller.auth.requestPhoneCode({ phone: squatter.phone });
    await caller.auth.confirmPhone({ code: codeSentTo(deps.sms.sent, squatter.phone) });
    expect(accountOf(deps, squatter.phone)?.id).toBe(holder.id);
    expect(deps.db.select().from(users).where(eq(users.id, squatter.id)).get()?.phone).toBeNull();
  });
});
