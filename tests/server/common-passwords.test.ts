import { isCommonPassword } from '@server/auth/common-passwords';
import { verifyPassword } from '@server/auth/passwords';
import { users } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../helpers/admin';
import { buildTestApp, sameOrigin, trpcBody } from '../helpers/app';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createUser, uniqueEmail } from '../helpers/factories';
import { codeSentTo, createPhoneUser } from '../helpers/phone';

const ENGLISH =
  'This password is one of the most common passwords and is easily guessed. Please choose another one.';
const SOMALI =
  'Furahan sirta ahi wuxuu ka mid yahay furayaasha sirta ah ee ugu caansan, si fududna waa loo qiyaasi karaa. Fadlan dooro mid kale.';

describe('the common-password list', () => {
  it('knows the breach corpora’s favourites, in any case, and lets an uncommon password through', async () => {
    for (const password of ['123456', 'password', 'qwerty', 'iloveyou', 'Dragon', 'PASSWORD1', 'secret1']) {
      expect(await isCommonPassword(password), password).toBe(true);
    }
    for (const password of ['correct horse 42', 'Xamar-iyo-Kismaayo-7', 'sesame-41']) {
      expect(await isCommonPassword(password), password).toBe(false);
    }
  });

  it('answers a check quickly once the set is built', async () => {
    await isCommonPassword('warm-up');
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) await isCommonPassword(`candidate-${i}`);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('a common password is refused wherever a password is chosen', () => {
  it('at sign-up, with the sentence in Somali or English as the request asks, and no account made', async () => {
    const { app, db, mailer } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
    const signUp = (language: string, email: string) =>
      app.inject({
        method: 'POST',
        url: '/trpc/auth.signUp',
        headers: { 'content-type': 'application/json', 'accept-language': language, ...sameOrigin },
        payload: trpcBody({ fullName: 'Asha Ali', email, password: 'password1' }),
      });
    const somaliEmail = uniqueEmail();
    const somali = await signUp('so', somaliEmail);
    expect(somali.statusCode).toBe(400);
    expect(somali.json().error.json.message).toBe(SOMALI);
    expect(somali.json().error.json.data.errorCode).toBe('password.tooCommon');

    const englishEmail = uniqueEmail();
    const english = await signUp('en-GB,en;q=0.9', englishEmail);
    expect(english.statusCode).toBe(400);
    expect(english.json().error.json.message).toBe(ENGLISH);

    for (const email of [somaliEmail, englishEmail]) {
      expect(db.select().from(users).where(eq(users.email, email)).get()).toBeUndefined();
    }
    expect(mailer.sent).toEqual([]);
    await app.close();
  });

  it('when changing a password, which stays as it was', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    await expectTrpcError(
      callerFor(deps, user).caller.auth.changePassword({
        currentPassword: user.password,
        newPassword: 'Qwerty123',
      }),
      'BAD_REQUEST',
      ENGLISH,
    );
    const row = deps.db.select().from(users).where(eq(users.id, user.id)).get();
    expect(await verifyPassword(row?.passwordHash ?? null, user.password)).toBe(true);
  });

  it('when resetting a password, and the link still works for an uncommon one', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    await callerFor(deps, null).caller.auth.requestPasswordReset({ email: user.email });
    const token = /token=([a-z2-9.]+)/.exec(deps.mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
    const visitor = callerFor(deps, null).caller;
    await expectTrpcError(
      visitor.auth.resetPassword({ token, newPassword: 'letmein' }),
      'BAD_REQUEST',
      ENGLISH,
    );
    await expect(visitor.auth.resetPassword({ token, newPassword: 'a rare choice 81' })).resolves.toEqual({
      success: true,
    });
  });

  it('when resetting a password with an SMS code, and the code still works for an uncommon one', async () => {
    const deps = createTestDeps();
    const owner = await createPhoneUser(deps.db);
    const visitor = callerFor(deps, null).caller;
    await visitor.auth.requestPasswordReset({ phone: owner.phone });
    const code = codeSentTo(deps.sms.sent, owner.phone);
    for (const newPassword of ['123456', 'letmein', 'password1', 'Qwerty123', 'iloveyou', 'dragon']) {
      await expectTrpcError(
        visitor.auth.resetPasswordWithCode({ phone: owner.phone, code, newPassword }),
        'BAD_REQUEST',
        ENGLISH,
      );
    }
    // Six refusals, past the five wrong codes a number may send: a right code with a common password is no guess.
    await expect(
      visitor.auth.resetPasswordWithCode({ phone: owner.phone, code, newPassword: 'a rare choice 81' }),
    ).resolves.toEqual({ success: true });
    await expect(visitor.auth.signIn({ phone: owner.phone, password: '123456' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('for the first System Admin', async () => {
    const deps = createTestDeps();
    await expectTrpcError(
      callerFor(deps, null).caller.auth.bootstrapAdmin({
        email: uniqueEmail(),
        password: 'administrator',
        fullName: 'First Admin',
      }),
      'BAD_REQUEST',
      ENGLISH,
    );
  });
});
