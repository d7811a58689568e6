import { auditLogs, profiles, staffInvitations, users } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createAdmin, createUser, uniqueEmail } from '../../helpers/factories';
import { sentInvitation } from '../../helpers/invitations';
import { uniquePhone } from '../../helpers/phone';
import { sessionCookie } from '../../helpers/security/world';
import { askOverHttp, tally } from '../../helpers/sms-http';

/**
 * Attack: a link or SMS code copied from the invited person's inbox or phone, used after the invitation ended:
 * revoked by an admin, expired, replaced by "send again", or already accepted. Each is refused with the sentence
 * for that state, in English and in Somali, creates no account and grants no role, whoever sends it (a visitor,
 * or a signed-in account of the invited address).
 */
const PATH = 'auth.acceptInvitation';
const say = (key: string, language: 'en' | 'so') =>
  messageText({ key, params: undefined as never }, language);

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map(({ app }) => app.close()));
});
async function start() {
  const test = await buildTestApp();
  opened.push(test);
  const admin = await createAdmin(test.db);
  return { ...test, adminCookie: sessionCookie(test.db, admin.id, { steppedUp: true }) };
}
type Started = Awaited<ReturnType<typeof start>>;

/** Asks in both languages; each answer must be the sentence of `key` in its language, with `status`. */
async function expectRefusedInBoth(
  test: Started,
  input: object,
  key: string,
  status: number,
  cookie?: string,
) {
  for (const language of ['en', 'so'] as const) {
    const answer = await askOverHttp(test.app, PATH, input, {
      ...(cookie ? { cookie } : {}),
      headers: { 'accept-language': language },
    });
    expect(tally([answer])).toEqual({ [key]: 1 });
    expect(answer.statusCode).toBe(status);
    expect(answer.json().error.json.message).toBe(say(key, language));
  }
  expect(say(key, 'so')).not.toBe(say(key, 'en'));
}

const ending = {
  revoked: async (test: Started, id: string) => {
    const answer = await askOverHttp(
      test.app,
      'admin.invitations.revoke',
      { id },
      { cookie: test.adminCookie },
    );
    expect(answer.statusCode, answer.body).toBe(200);
  },
  expired: (test: Started, id: string) => {
    test.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, id))
      .run();
  },
} as const;
const REFUSAL = { revoked: 'invitation.revoked', expired: 'invitation.expired' } as const;

const nothingGranted = (test: Started, contact: { email: string } | { phone: string }) => {
  const accounts = test.db
    .select()
    .from(users)
    .where('email' in contact ? eq(users.email, contact.email) : eq(users.phone, contact.phone))
    .all();
  expect(accounts).toEqual([]);
  expect(test.db.select().from(auditLogs).where(eq(auditLogs.action, 'accept')).all()).toEqual([]);
};

describe.each(['revoked', 'expired'] as const)('an invitation %s, then used', (state) => {
  it('by its link: refused with the state’s sentence, no account', async () => {
    const test = await start();
    const email = uniqueEmail(`ended-${state}`);
    const { id, token } = sentInvitation(test.db, { email });
    await ending[state](test, id);
    await expectRefusedInBoth(test, { token, newPassword: 'a staff secret 7' }, REFUSAL[state], 409);
    nothingGranted(test, { email });
  });

  it('by its SMS code: refused with the state’s sentence, no account', async () => {
    const test = await start();
    const phone = uniquePhone();
    const { id, code } = sentInvitation(test.db, { phone });
    await ending[state](test, id);
    await expectRefusedInBoth(test, { phone, code, newPassword: 'a staff secret 7' }, REFUSAL[state], 409);
    nothingGranted(test, { phone });
  });

  it('by the invited address’s own account, signed in: refused, no role', async () => {
    const test = await start();
    const citizen = await createUser(test.db);
    const { id, token } = sentInvitation(test.db, { email: citizen.email });
    await ending[state](test, id);
    await expectRefusedInBoth(test, { token }, REFUSAL[state], 409, sessionCookie(test.db, citizen.id));
    const role = test.db
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.userId, citizen.id));
    expect(role.get()?.role).toBeNull();
  });
});

describe('an invitation sent again, then its first link or code used', () => {
  it('refuses the first link as not valid, and the new one works', async () => {
    const test = await start();
    const email = uniqueEmail('sent-again');
    const { id, token } = sentInvitation(test.db, { email });
    const resent = await askOverHttp(
      test.app,
      'admin.invitations.resend',
      { id },
      { cookie: test.adminCookie },
    );
    expect(resent.statusCode, resent.body).toBe(200);
    await expectRefusedInBoth(
      test,
      { token, newPassword: 'a staff secret 7' },
      'invitation.linkInvalid',
      400,
    );
    nothingGranted(test, { email });
    const fresh = test.mailer.sent.at(-1)?.text.match(/token=([a-z0-9.]+)/)?.[1] ?? '';
    const accepted = await askOverHttp(test.app, PATH, { token: fresh, newPassword: 'a staff secret 7' });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses the first code as wrong, and the new one works', async () => {
    const test = await start();
    const phone = uniquePhone();
    const { id, code } = sentInvitation(test.db, { phone });
    const resent = await askOverHttp(
      test.app,
      'admin.invitations.resend',
      { id },
      { cookie: test.adminCookie },
    );
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = test.sms.sent.at(-1)?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    // One chance in a million that the new code is the old one: then there is nothing to refuse.
    if (fresh !== code) {
      await expectRefusedInBoth(
        test,
        { phone, code, newPassword: 'a staff secret 7' },
        'invitation.codeWrong',
        400,
      );
      nothingGranted(test, { phone });
    }
    const accepted = await askOverHttp(test.app, PATH, {
      phone,
      code: fresh,
      newPassword: 'a staff secret 7',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
