import { hashingStats } from '@server/auth/hashing-line';
import { sessions, users } from '@server/db/schema';
import type { MailMessage } from '@server/mail/mailer';
import { NUMBER_HAS_ACCOUNT_TEXT } from '@server/services/phone-codes';
import type { SmsMessage } from '@server/services/sms/transport';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../helpers/app';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createUser, uniqueEmail } from '../helpers/factories';
import { createPhoneUser, uniquePhone } from '../helpers/phone';
import { askOverHttp } from '../helpers/sms-http';

/**
 * Sign-up must not tell a script which addresses and numbers have accounts: not by its answer, and not by its
 * time. Both paths hash the password, and neither waits for its message (server/services/sign-up.ts).
 */

/** A mail server or SMS gateway that takes a message and never answers. */
function neverAnswering<Message>() {
  const sent: Message[] = [];
  return {
    sent,
    send(message: Message) {
      sent.push(message);
      return new Promise<void>(() => undefined);
    },
  };
}

/** An answer as a script compares it: status, headers but the date, body. */
function shape(answer: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  const { date: _date, ...headers } = answer.headers;
  return { status: answer.statusCode, headers, body: answer.body };
}

describe('sign-up for an address or number that has an account', () => {
  it.each(['email', 'phone'] as const)(
    'answers a %s with an account exactly as a new one, each after one password hash',
    async (kind) => {
      const mailer = neverAnswering<MailMessage>();
      const sms = neverAnswering<SmsMessage>();
      const { app, db } = await buildTestApp({ mailer, sms });
      const existing = kind === 'email' ? (await createUser(db)).email : (await createPhoneUser(db)).phone;
      const fresh = kind === 'email' ? uniqueEmail() : uniquePhone();
      const signUp = async (contact: string, ip: string) => {
        const before = hashingStats().hashesRun;
        const answer = await askOverHttp(
          app,
          'auth.signUp',
          { fullName: 'Hodan Ali', [kind]: contact, password: 'a good secret 1' },
          { ip },
        );
        return { answer, hashes: hashingStats().hashesRun - before };
      };
      // Both answer although the mail server and the gateway never do: neither path waits for its message.
      const forExisting = await signUp(existing, '203.0.113.10');
      const forNew = await signUp(fresh, '203.0.113.11');

      expect(forExisting.hashes).toBe(1);
      expect(forNew.hashes).toBe(1);
      expect(shape(forExisting.answer)).toEqual(shape(forNew.answer));
      expect(forNew.answer.json()).toEqual({
        result: { data: { json: { success: true, verificationSent: true } } },
      });
      expect(forNew.answer.headers['set-cookie']).toBeUndefined();

      // Each got its one message all the same: a notice for the account, a link or a code for the new one.
      if (kind === 'email') {
        await vi.waitFor(() =>
          expect(mailer.sent.map((mail) => mail.to).sort()).toEqual([existing, fresh].sort()),
        );
        expect(mailer.sent.find((mail) => mail.to === fresh)?.text).toMatch(/verify-email\?token=/);
      } else {
        await vi.waitFor(() => expect(sms.sent).toHaveLength(2));
        expect(sms.sent.find((message) => message.to === existing)?.text).toBe(NUMBER_HAS_ACCOUNT_TEXT);
        expect(sms.sent.find((message) => message.to === fresh)?.text).toMatch(/\b\d{6}\b/);
      }
      await app.close();
    },
  );
});

describe('auth.signUp tells no one which addresses have an account (the attack: listing accounts)', () => {
  it('answers an existing address exactly as a new one, sets no cookie, changes nothing and mails the owner', async () => {
    const deps = createTestDeps();
    const owner = await createUser(deps.db);
    const before = deps.db.select().from(users).where(eq(users.id, owner.id)).get();

    const fresh = callerFor(deps, null);
    const newAnswer = await fresh.caller.auth.signUp({
      fullName: 'New',
      email: uniqueEmail(),
      password: 'sesame-41',
    });
    const probe = callerFor(deps, null);
    const probeAnswer = await probe.caller.auth
      .signUp({ fullName: 'Probe', email: owner.email.toUpperCase(), password: 'sesame-41' })
      .catch((error: unknown) => ({ refused: String(error) }));

    expect(probeAnswer).toEqual(newAnswer);
    expect(probe.jar.token).toBe(fresh.jar.token);
    expect(deps.db.select().from(users).where(eq(users.id, owner.id)).get()).toEqual(before);
    expect(deps.db.select().from(sessions).where(eq(sessions.userId, owner.id)).all()).toHaveLength(0);
    const notice = deps.mailer.sent.find((mail) => mail.to === owner.email);
    expect(notice?.subject).toBe('Someone tried to create a Codka account with your email');
    expect(notice?.text).toContain('If it was not you, you can ignore this message.');
    expect(notice?.text).toContain('http://localhost:3000/forgot-password');
    expect(notice?.text).not.toContain('verify-email');
  });

  it('takes about as long for an existing address as for a new one (the password is hashed either way)', async () => {
    const deps = createTestDeps();
    const owner = await createUser(deps.db);
    const time = async (email: string) => {
      const started = performance.now();
      await callerFor(deps, null)
        .caller.auth.signUp({ email, password: 'sesame-41' })
        .catch(() => undefined);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const existing: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 5; i++) {
      existing.push(await time(owner.email));
      fresh.push(await time(uniqueEmail()));
    }
    expect(median(existing)).toBeGreaterThan(median(fresh) * 0.5);
  });
});
