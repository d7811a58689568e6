import { hashingStats } from '@server/auth/hashing-line';
import type { MailMessage } from '@server/mail/mailer';
import { NUMBER_HAS_ACCOUNT_TEXT } from '@server/services/phone-codes';
import type { SmsMessage } from '@server/services/sms/transport';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../helpers/app';
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
