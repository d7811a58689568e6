import { sessions } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestDeps } from '../helpers/caller';
import { codeSentTo, createPhoneUser, nationalForm, uniquePhone } from '../helpers/phone';
import { accountOf } from '../helpers/phone-accounts';

/** Choosing a new password with a code sent by SMS. */
describe('password reset by SMS', () => {
  it('answers alike for a number with and without an account, and sends a code only to the account', async () => {
    const deps = createTestDeps();
    const owner = await createPhoneUser(deps.db);
    const { caller } = callerFor(deps, null);
    const known = await caller.auth.requestPasswordReset({ phone: nationalForm(owner.phone) });
    const unknown = await caller.auth.requestPasswordReset({ phone: uniquePhone() });
    expect(known).toEqual(unknown);
    expect(known.message).toContain('If an account has that phone number');
    expect(deps.sms.sent.map((message) => message.to)).toEqual([owner.phone]);
  });

  it('sets the new password with the code, ends every session, confirms the number, and works once', async () => {
    const deps = createTestDeps();
    const owner = await createPhoneUser(deps.db, { confirmed: false });
    callerFor(deps, { ...owner, email: '' });
    const { caller } = callerFor(deps, null);
    await caller.auth.requestPasswordReset({ phone: owner.phone });
    const code = codeSentTo(deps.sms.sent, owner.phone);
    const newPassword = 'another good secret';
    expect(await caller.auth.resetPasswordWithCode({ phone: owner.phone, code, newPassword })).toEqual({
      success: true,
    });
    expect(deps.db.select().from(sessions).where(eq(sessions.userId, owner.id)).all()).toEqual([]);
    expect(accountOf(deps, owner.phone)?.phoneConfirmedAt).toBeInstanceOf(Date);
    await expect(caller.auth.signIn({ phone: owner.phone, password: owner.password })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(caller.auth.signIn({ phone: owner.phone, password: newPassword })).resolves.toHaveProperty(
      'user',
    );
    const invalid = {
      code: 'BAD_REQUEST',
      message: 'This code is wrong, has expired or was already used. Check it, or ask for a new code.',
    };
    await expect(
      caller.auth.resetPasswordWithCode({ phone: owner.phone, code, newPassword: 'a third secret' }),
    ).rejects.toMatchObject(invalid);
  });

  it('answers one sentence for a wrong code and an unknown number, and stops guessing a number after five', async () => {
    const deps = createTestDeps();
    const owner = await createPhoneUser(deps.db);
    const { caller } = callerFor(deps, null);
    await caller.auth.requestPasswordReset({ phone: owner.phone });
    const code = codeSentTo(deps.sms.sent, owner.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const invalid = 'This code is wrong, has expired or was already used. Check it, or ask for a new code.';
    const stranger = uniquePhone();
    await expect(
      caller.auth.resetPasswordWithCode({ phone: stranger, code, newPassword: 'whatever it is' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: invalid });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(
        caller.auth.resetPasswordWithCode({ phone: owner.phone, code: wrong, newPassword: 'whatever it is' }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: invalid });
    }
    await expect(
      caller.auth.resetPasswordWithCode({ phone: owner.phone, code, newPassword: 'whatever it is' }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
