import { verifyPassword } from '@server/auth/passwords';
import { auditLogs, profiles, staffInvitations, users } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createUser, uniqueEmail } from '../../helpers/factories';
import { sentInvitation } from '../../helpers/invitations';
import { nationalForm, uniquePhone } from '../../helpers/phone';
import { errorMessage } from '../../helpers/security/http';
import { sessionCookie } from '../../helpers/security/world';
import { askInOneBatch, askOverHttp, tally } from '../../helpers/sms-http';

/**
 * Attack: whoever holds an invitation's link or SMS code (the invited person, or someone who read the message
 * over their shoulder) accepts it many times at once, to make two staff accounts from one invitation, or to
 * set the password after the invited person did. Two accepts in ONE tRPC batch are refused whole before either
 * runs; five accepts racing over HTTP make one account, the others are told the invitation was accepted; and
 * the invitation cannot be used again.
 */
const PATH = 'auth.acceptInvitation';
const RACERS = 5;
const password = (index: number) => `a staff secret number ${index}`;
const addressOf = (index: number) => `198.18.7.${index + 1}`;
const say = (key: string, language: 'en' | 'so') =>
  messageText({ key, params: undefined as never }, language);

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map(({ app }) => app.close()));
});
async function start() {
  const test = await buildTestApp();
  opened.push(test);
  return test;
}

/** The invitation by link or by SMS, and the input an accept with the i-th new password sends. */
function invitationBy(test: TestApp, way: 'link' | 'code') {
  if (way === 'link') {
    const email = uniqueEmail('raced-accept');
    const sent = sentInvitation(test.db, { email });
    return {
      ...sent,
      contact: { email },
      input: (index: number) => ({ token: sent.token, newPassword: password(index) }),
    };
  }
  const phone = uniquePhone();
  const sent = sentInvitation(test.db, { phone });
  return {
    ...sent,
    contact: { phone },
    // Each racer spells the number its own way: one number for every limit and for the invitation.
    input: (index: number) => ({
      phone: index % 2 === 0 ? phone : nationalForm(phone),
      code: sent.code,
      newPassword: password(index),
    }),
  };
}

const accountsOf = (test: TestApp, contact: { email: string } | { phone: string }) =>
  test.db
    .select()
    .from(users)
    .where('email' in contact ? eq(users.email, contact.email) : eq(users.phone, contact.phone))
    .all();
const accepts = (test: TestApp, id: string) =>
  test.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, 'accept'), eq(auditLogs.recordId, id)))
    .all();
const statusOf = (test: TestApp, id: string) =>
  test.db
    .select({ status: staffInvitations.status })
    .from(staffInvitations)
    .where(eq(staffInvitations.id, id))
    .get()?.status;

describe.each(['link', 'code'] as const)('an invitation accepted by its %s', (way) => {
  it('twice in one tRPC batch: refused whole, nothing made, and the invitation still works alone', async () => {
    const test = await start();
    const invitation = invitationBy(test, way);
    const calls = [0, 1].map((index) => ({ path: PATH, input: invitation.input(index) }));
    for (const language of ['en', 'so'] as const) {
      const batch = await askInOneBatch(test.app, calls, { headers: { 'accept-language': language } });
      expect(batch.statusCode).toBe(400);
      expect(tally([batch])).toEqual({ 'batch.aloneOnly': 1 });
      expect(errorMessage(batch.body)).toBe(say('batch.aloneOnly', language));
    }
    // Hidden between harmless reads, and as fifty copies: the same.
    const hidden = await askInOneBatch(test.app, [
      { path: 'auth.session', input: undefined },
      calls[0] ?? { path: PATH, input: null },
    ]);
    expect(tally([hidden])).toEqual({ 'batch.aloneOnly': 1 });
    const fifty = Array.from({ length: 50 }, (_, index) => ({ path: PATH, input: invitation.input(index) }));
    expect(tally([await askInOneBatch(test.app, fifty)])).toEqual({ 'batch.aloneOnly': 1 });
    expect(accountsOf(test, invitation.contact)).toEqual([]);
    expect(statusOf(test, invitation.id)).toBe('pending');

    const alone = await askOverHttp(test.app, PATH, invitation.input(7));
    expect(alone.statusCode, alone.body).toBe(200);
    expect(accountsOf(test, invitation.contact)).toHaveLength(1);
  });

  it(`${RACERS} times at once over HTTP: one account, the others refused, and never again`, async () => {
    const test = await start();
    const invitation = invitationBy(test, way);
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        askOverHttp(test.app, PATH, invitation.input(index), {
          ip: addressOf(index),
          headers: { 'accept-language': index % 2 === 0 ? 'en' : 'so' },
        }),
      ),
    );
    expect(tally(answers)).toEqual({ ok: 1, 'invitation.used': RACERS - 1 });
    for (const [index, answer] of answers.entries()) {
      if (answer.statusCode === 200) continue;
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.json.message).toBe(say('invitation.used', index % 2 === 0 ? 'en' : 'so'));
    }
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    // One account, one grant, one audit row; its password is the winner's, and only the winner is signed in.
    const [account, ...more] = accountsOf(test, invitation.contact);
    expect(more).toEqual([]);
    expect(await verifyPassword(account?.passwordHash ?? null, password(winner))).toBe(true);
    const role = test.db
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.userId, account?.id ?? ''));
    expect(role.get()?.role).toBe('Registrar');
    expect(accepts(test, invitation.id)).toHaveLength(1);
    expect(statusOf(test, invitation.id)).toBe('accepted');
    for (const [index, answer] of answers.entries()) {
      const cookie = String(answer.headers['set-cookie'] ?? '');
      expect(
        cookie.includes('codka_session=') && !cookie.includes('codka_session=;'),
        `answer ${index}`,
      ).toBe(index === winner);
    }

    // Later, from anywhere, with any password: the invitation is spent.
    const later = await askOverHttp(test.app, PATH, invitation.input(9), { ip: '198.18.8.1' });
    expect(tally([later])).toEqual({ 'invitation.used': 1 });
    expect(accountsOf(test, invitation.contact)).toHaveLength(1);
    expect(await verifyPassword(account?.passwordHash ?? null, password(winner))).toBe(true);
  });
});

describe('an invitation to an existing account, accepted from five of its sessions at once', () => {
  it('grants the role once; the other sessions are told it was accepted', async () => {
    const test = await start();
    const citizen = await createUser(test.db);
    const { id, token } = sentInvitation(test.db, { email: citizen.email, role: 'Enrollment Supervisor' });
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        askOverHttp(
          test.app,
          PATH,
          { token },
          { cookie: sessionCookie(test.db, citizen.id), ip: addressOf(index) },
        ),
      ),
    );
    expect(tally(answers)).toEqual({ ok: 1, 'invitation.used': RACERS - 1 });
    expect(accepts(test, id)).toHaveLength(1);
    const role = test.db
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.userId, citizen.id));
    expect(role.get()?.role).toBe('Enrollment Supervisor');
    expect(accountsOf(test, { email: citizen.email })).toHaveLength(1);
  });
});
