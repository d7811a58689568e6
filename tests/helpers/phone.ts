import { hashPassword } from '@server/auth/passwords';
import type { Db } from '@server/db/client';
import { profiles, users } from '@server/db/schema';
import { type PhoneCodePurpose, storePhoneCode } from '@server/services/phone-codes';
import { TEST_PASSWORD } from './factories';

let sequence = 0;

/** A Somali mobile number in E.164 no other call of this process returns (+252 61 5xx xxxx). */
export function uniquePhone(): string {
  sequence += 1;
  return `+252615${String((process.pid * 1000 + sequence) % 1_000_000).padStart(6, '0')}`;
}

/** The same number as a citizen types it: national, with the leading 0 and a space. */
export const nationalForm = (e164: string) => `0${e164.slice(4, 6)} ${e164.slice(6)}`;

/** An account made on a phone number (no e-mail address), its number confirmed unless told otherwise. */
export async function createPhoneUser(
  db: Db,
  options: { phone?: string; confirmed?: boolean; password?: string } = {},
) {
  const phone = options.phone ?? uniquePhone();
  const password = options.password ?? TEST_PASSWORD;
  const { id } = db
    .insert(users)
    .values({
      phone,
      phoneConfirmedAt: options.confirmed === false ? null : new Date(),
      passwordHash: await hashPassword(password),
    })
    .returning({ id: users.id })
    .get();
  db.insert(profiles).values({ userId: id, fullName: 'Phone Citizen', role: null }).run();
  return { id, phone, password, email: null, fullName: 'Phone Citizen' };
}

/** Stores a code the test knows for an account and number, as a sent SMS would have; returns it. */
export function knownPhoneCode(db: Db, userId: string, phone: string, purpose: PhoneCodePurpose): string {
  const code = String(100000 + Math.floor(Math.random() * 900000));
  storePhoneCode(db, { userId, phone, purpose }, code);
  return code;
}

/** The 6-digit code of the last SMS sent to `phone`. */
export function codeSentTo(sent: { to: string; text: string }[], phone: string): string {
  const text = sent.filter((message) => message.to === phone).at(-1)?.text;
  const code = text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${phone}: ${text}`);
  return code;
}
