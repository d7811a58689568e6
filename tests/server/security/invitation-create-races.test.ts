import { approvals, auditLogs, staffInvitations } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../helpers/factories';
import { nationalForm, uniquePhone } from '../../helpers/phone';
import { worldApp } from '../../helpers/security/http';
import { insertUser, sessionCookie } from '../../helpers/security/world';
import { askOverHttp, tally } from '../../helpers/sms-http';

/**
 * Attack: a stolen, stepped-up System Admin session (or two admins at once) sends admin.invitations.create for
 * one address 50 times at once over HTTP, spelled in every way the schema reads as the same address. Exactly
 * one request waits for a second System Admin; the 49 others hear the existing sentence, in the reader's
 * language; nothing is created or sent before the confirm; and once it is confirmed, 50 more requests for the
 * same address are each refused while the invitation is live.
 */
const TIMES = 50;
type World = Awaited<ReturnType<typeof worldApp>>;
const opened: World[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map(({ app }) => app.close()));
});

const say = (key: string, language: 'en' | 'so') =>
  messageText({ key, params: undefined as never }, language);

/** The app, its stepped-up admin and a second stepped-up System Admin (who confirms). */
async function start() {
  const test = await worldApp();
  opened.push(test);
  const second = await insertUser(test.db, { role: 'System Admin' });
  return { ...test, secondCookie: sessionCookie(test.db, second.id, { steppedUp: true }) };
}

const invite = (contact: { email: string } | { phone: string }) => ({
  ...contact,
  fullName: 'Raced Invitation',
  role: 'Enrollment Supervisor' as const,
  centerIds: [],
  language: 'so' as const,
});

/** The i-th spelling of one address or number: the same one once read by the schema. */
const emailSpelling = (email: string, index: number) =>
  [email, email.toUpperCase(), ` ${email} `, email.replace(/^./, (c) => c.toUpperCase())][index % 4] ?? email;
const phoneSpelling = (phone: string, index: number) =>
  [phone, nationalForm(phone), phone.slice(4), `${phone.slice(0, 7)} ${phone.slice(7)}`][index % 4] ?? phone;

const pendingRequests = (test: World) =>
  test.db
    .select()
    .from(approvals)
    .where(and(eq(approvals.kind, 'staffInvitation'), eq(approvals.status, 'pending')))
    .all();
const requestAudits = (test: World) =>
  test.db.select().from(auditLogs).where(eq(auditLogs.action, 'request')).all();

describe.each([
  ['an e-mail address', () => ({ email: uniqueEmail('raced') }), emailSpelling],
  ['a phone number', () => ({ phone: uniquePhone() }), phoneSpelling],
] as const)('admin.invitations.create for %s, 50 times at once', (_what, contactOf, spell) => {
  it('leaves one request waiting; the 49 others are refused with the existing sentence, none a 5xx', async () => {
    const test = await start();
    const contact = contactOf();
    const [key, value] = Object.entries(contact)[0] as [string, string];
    // Two admins' sessions at once, half the requests in Somali: whoever asks, one request waits.
    const languageOf = (index: number) => (index % 2 === 0 ? 'en' : 'so');
    const answers = await Promise.all(
      Array.from({ length: TIMES }, (_, index) =>
        askOverHttp(
          test.app,
          'admin.invitations.create',
          invite({ [key]: spell(value, index) } as typeof contact),
          {
            cookie: index % 2 === 0 ? test.adminCookie : test.secondCookie,
            headers: { 'accept-language': languageOf(index) },
          },
        ),
      ),
    );
    expect(tally(answers)).toEqual({ ok: 1, 'approval.invitationPending': TIMES - 1 });
    for (const [index, answer] of answers.entries()) {
      if (answer.statusCode === 200) continue;
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.json.message).toBe(say('approval.invitationPending', languageOf(index)));
    }
    expect(say('approval.invitationPending', 'so')).not.toBe(say('approval.invitationPending', 'en'));
    const winner = answers.find((answer) => answer.statusCode === 200)?.json().result.data.json;
    const waiting = pendingRequests(test);
    expect(waiting.map((row) => row.id)).toEqual([winner?.pendingApproval.id]);
    expect(requestAudits(test)).toHaveLength(1);
    // Nothing that could grant a role exists yet, and nobody was written to.
    expect(test.db.select().from(staffInvitations).all()).toEqual([]);
    expect(test.mailer.sent).toEqual([]);
    expect(test.sms.sent).toEqual([]);

    // Confirmed by the admin who did not ask: one invitation, one message.
    const asker = waiting[0]?.requestedBy;
    const confirmer = asker === test.world.users.admin.id ? test.secondCookie : test.adminCookie;
    const confirmed = await askOverHttp(
      test.app,
      'admin.approvals.confirm',
      { id: winner?.pendingApproval.id },
      {
        cookie: confirmer,
      },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(test.db.select().from(staffInvitations).all()).toHaveLength(1);
    expect(test.mailer.sent.length + test.sms.sent.length).toBe(1);

    // While it is live, 50 more at once: each refused, nothing more waits, nothing more is sent.
    const again = await Promise.all(
      Array.from({ length: TIMES }, (_, index) =>
        askOverHttp(
          test.app,
          'admin.invitations.create',
          invite({ [key]: spell(value, index) } as typeof contact),
          {
            cookie: index % 2 === 0 ? test.adminCookie : test.secondCookie,
          },
        ),
      ),
    );
    expect(tally(again)).toEqual({ 'invitation.livePending': TIMES });
    expect(pendingRequests(test)).toEqual([]);
    expect(requestAudits(test)).toHaveLength(1);
    expect(test.db.select().from(staffInvitations).all()).toHaveLength(1);
    expect(test.mailer.sent.length + test.sms.sent.length).toBe(1);
  });
});
