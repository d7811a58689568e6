import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { keyedHash } from '../db/keys';
import { phoneCodes } from '../db/schema';
import type { AppDeps } from '../deps';
import { deliverSms } from './sms/send';

/** A code sent by SMS works for 10 minutes, for 5 tries, once. */
export const PHONE_CODE_LIFETIME_MS = 10 * 60 * 1000;
export const PHONE_CODE_TRIES = 5;

export type PhoneCodePurpose = 'confirm' | 'reset';

/**
 * The texts, in both languages at once: an SMS goes to a number, not to a reader whose language is known, and
 * two short sentences fit in one message (160 characters).
 */
const TEXTS: Record<PhoneCodePurpose, (code: string) => string> = {
  confirm: (code) =>
    `Codka: koodhkaagu waa ${code}. Your code is ${code}. 10 daqiiqo/minutes. Cidna ha u sheegin. Do not share it.`,
  reset: (code) =>
    `Codka: koodhka furaha sirta ah waa ${code}. Password reset code: ${code}. Haddaadan codsan iska dhaaf. If you did not ask, ignore it.`,
};

/** What a number that already has an account gets instead of a code, when someone signs up with it. */
export const NUMBER_HAS_ACCOUNT_TEXT =
  'Codka: lambarkan akoon buu leeyahay; gal ama beddel furaha sirta ah. This number has an account: sign in or reset your password.';

/**
 * The keyed hash of a code, bound to its row: a million codes are few enough to hash them all, so without the
 * key a copy of the database gives none of them, and one code's hash says nothing about another row's.
 */
function codeHash(db: Db, id: string, code: string): string {
  return keyedHash(db, 'phone-code-hmac', `${id}:${code}`);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Six digits from the OS's CSPRNG, leading zeros kept. */
function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Stores `code` for the account and number, valid for 10 minutes, and ends the account's open codes of that
 * purpose: only the last code sent works.
 */
export function storePhoneCode(
  db: Db,
  target: { userId: string; phone: string; purpose: PhoneCodePurpose },
  code: string,
  now = new Date(),
): void {
  const id = crypto.randomUUID();
  db.transaction((tx) => {
    tx.delete(phoneCodes).where(lt(phoneCodes.expiresAt, now)).run();
    tx.update(phoneCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(phoneCodes.userId, target.userId),
          eq(phoneCodes.purpose, target.purpose),
          isNull(phoneCodes.usedAt),
        ),
      )
      .run();
    tx.insert(phoneCodes)
      .values({
        id,
        userId: target.userId,
        phone: target.phone,
        purpose: target.purpose,
        codeHash: codeHash(db, id, code),
        expiresAt: new Date(now.getTime() + PHONE_CODE_LIFETIME_MS),
        createdAt: now,
      })
      .run();
  });
}

/**
 * A new code for the account and number, sent by SMS. The caller took the SMS allowance (sms/send.ts) first.
 * Not awaited by the answer where the answer must not tell whether it was sent (a password reset): the code is
 * stored before this returns, and the promise only settles the sending.
 */
export function sendPhoneCode(
  deps: Pick<AppDeps, 'db' | 'sms' | 'log'>,
  target: { userId: string; phone: string; purpose: PhoneCodePurpose },
  now = new Date(),
): Promise<void> {
  const code = newCode();
  storePhoneCode(deps.db, target, code, now);
  return deliverSms(deps, target.phone, TEXTS[target.purpose](code));
}

export type CodeCheck =
  | { outcome: 'right'; id: string; phone: string }
  | { outcome: 'wrong' | 'expired' | 'tooManyTries' };

/**
 * Checks a code against the account's open code of that purpose (for `phone`, when given) and spends a try
 * when it is wrong; the fifth wrong try ends the code. A right code is not spent here: the caller spends it in
 * the transaction that uses it (`spendPhoneCode`), so two requests with one code change things once.
 */
export function checkPhoneCode(
  db: Db,
  target: { userId: string; purpose: PhoneCodePurpose; phone?: string },
  code: string,
  now = new Date(),
): CodeCheck {
  return db.transaction((tx) => {
    const row = tx
      .select()
      .from(phoneCodes)
      .where(
        and(
          eq(phoneCodes.userId, target.userId),
          eq(phoneCodes.purpose, target.purpose),
          isNull(phoneCodes.usedAt),
        ),
      )
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1)
      .get();
    if (!row || row.expiresAt <= now || (target.phone !== undefined && row.phone !== target.phone)) {
      return { outcome: 'expired' } as const;
    }
    if (row.wrongTries >= PHONE_CODE_TRIES) return { outcome: 'tooManyTries' } as const;
    if (sameHash(codeHash(db, row.id, code), row.codeHash)) {
      return { outcome: 'right', id: row.id, phone: row.phone } as const;
    }
    tx.update(phoneCodes)
      .set({ wrongTries: row.wrongTries + 1 })
      .where(eq(phoneCodes.id, row.id))
      .run();
    return row.wrongTries + 1 >= PHONE_CODE_TRIES
      ? ({ outcome: 'tooManyTries' } as const)
      : ({ outcome: 'wrong' } as const);
  });
}

/** Marks a right code used, inside the caller's write; false when another request spent it first. */
export function spendPhoneCode(tx: Pick<Db, 'update'>, id: string, now: Date): boolean {
  const spent = tx
    .update(phoneCodes)
    .set({ usedAt: now })
    .where(and(eq(phoneCodes.id, id), isNull(phoneCodes.usedAt)))
    .returning({ id: phoneCodes.id })
    .all();
  return spent.length === 1;
}
