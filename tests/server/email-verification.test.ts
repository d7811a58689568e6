import { users } from '@server/db/schema';
import {
  EMAIL_VERIFICATION_LIFETIME_MS,
  sendVerificationEmail,
  verifyEmail,
} from '@server/services/email-verification';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createUser, uniqueEmail } from '../helpers/factories';

const INVALID = 'This verification link is invalid or has expired. Sign in and ask for a new one.';

function tokenFrom(text: string | undefined): string {
  const match = text?.match(/token=([a-z2-9]{24}\.[a-z2-9]{24})/);
  if (!match?.[1]) throw new Error(`no verification link in: ${text}`);
  return match[1];
}

describe('email verification', () => {
  it('verifies once with the mailed link; opened again, the link says the address is already confirmed', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, null);
    const email = uniqueEmail();
    await caller.auth.signUp({ email, password: 'sesame-41' });
    const token = tokenFrom(deps.mailer.sent[0]?.text);
    expect(await caller.auth.verifyEmail({ token })).toEqual({
      success: true,
      email,
      alreadyVerified: false,
    });
    const verifiedAt = deps.db.select().from(users).where(eq(users.email, email)).get()?.emailVerifiedAt;
    expect(verifiedAt).toBeInstanceOf(Date);
    expect(await caller.auth.verifyEmail({ token })).toEqual({ success: true, email, alreadyVerified: true });
    // Even after the link's lifetime: the address stays confirmed, and its time of confirmation is kept.
    const later = new Date(Date.now() + EMAIL_VERIFICATION_LIFETIME_MS + 1000);
    expect(verifyEmail(deps.db, token, later)).toEqual({ email, alreadyVerified: true });
    expect(deps.db.select().from(users).where(eq(users.email, email)).get()?.emailVerifiedAt).toEqual(
      verifiedAt,
    );
  });

  it('says already confirmed for a second link sent before the first was opened, and uses it up', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, null);
    const email = uniqueEmail();
    await caller.auth.signUp({ email, password: 'sesame-41' });
    const first = tokenFrom(deps.mailer.sent[0]?.text);
    const user = deps.db.select().from(users).where(eq(users.email, email)).get();
    if (!user) throw new Error('no account');
    await sendVerificationEmail(
      { db: deps.db, mailer: deps.mailer, publicOrigin: 'https://codka.example' },
      { id: user.id, email },
      'en',
    );
    const second = tokenFrom(deps.mailer.sent[1]?.text);
    await caller.auth.verifyEmail({ token: first });
    expect(await caller.auth.verifyEmail({ token: second })).toEqual({
      success: true,
      email,
      alreadyVerified: true,
    });
  });

  it('refuses a used link whose account has changed its address since', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, null);
    const email = uniqueEmail();
    await caller.auth.signUp({ email, password: 'sesame-41' });
    const token = tokenFrom(deps.mailer.sent[0]?.text);
    await caller.auth.verifyEmail({ token });
    deps.db.update(users).set({ email: uniqueEmail() }).where(eq(users.email, email)).run();
    await expect(caller.auth.verifyEmail({ token })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: INVALID,
    });
  });

  it('refuses an expired link', async () => {
    const deps = createTestDeps();
    await callerFor(deps, null).caller.auth.signUp({ email: uniqueEmail(), password: 'sesame-41' });
    const token = tokenFrom(deps.mailer.sent[0]?.text);
    const later = new Date(Date.now() + EMAIL_VERIFICATION_LIFETIME_MS + 1000);
    expect(() => verifyEmail(deps.db, token, later)).toThrow(INVALID);
  });

  it('refuses a forged or malformed link', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, null);
    await caller.auth.signUp({ email: uniqueEmail(), password: 'sesame-41' });
    const [id] = tokenFrom(deps.mailer.sent[0]?.text).split('.');
    await expect(caller.auth.verifyEmail({ token: `${id}.${'b'.repeat(24)}` })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(caller.auth.verifyEmail({ token: 'nonsense' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(caller.auth.verifyEmail({ token: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('sends a new link on request to a signed-in unverified citizen, and not to visitors', async () => {
    const deps = createTestDeps();
    const unverified = await createUser(deps.db, { verified: false });
    expect(await callerFor(deps, unverified).caller.auth.resendVerification()).toEqual({
      sent: true,
      alreadyVerified: false,
    });
    expect(deps.mailer.sent.at(-1)?.to).toBe(unverified.email);
    const verified = await createUser(deps.db);
    expect(await callerFor(deps, verified).caller.auth.resendVerification()).toEqual({
      sent: false,
      alreadyVerified: true,
    });
    await expect(callerFor(deps, null).caller.auth.resendVerification()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('limits how many links one citizen can request', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db, { verified: false });
    const { caller } = callerFor(deps, user);
    for (let i = 0; i < 5; i++) await caller.auth.resendVerification();
    await expect(caller.auth.resendVerification()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
