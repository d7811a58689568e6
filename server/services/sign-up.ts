import type { MessageLanguage } from '@shared/i18n/error-messages';
import type { signUpInput } from '@shared/schemas/auth';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { refuseCommonPassword } from '../auth/common-passwords';
import type { Contact } from '../auth/contact';
import { hashPassword } from '../auth/passwords';
import { readPhoneNumber } from '../auth/phone-numbers';
import { type HeldPoints, takePoints } from '../auth/rate-limits';
import { profiles, users } from '../db/schema';
import { isUniqueViolation } from '../db/unique';
import type { AppDeps } from '../deps';
import { mailText } from '../mail/texts';
import { findUserByContact } from './accounts';
import { sendVerificationEmail } from './email-verification';
import { NUMBER_HAS_ACCOUNT_TEXT, sendPhoneCode } from './phone-codes';
import { deliverSms, takeSmsAllowance } from './sms/send';

/** `language`: the request's; the new account keeps it, for the messages it did not ask for. */
type Deps = Pick<AppDeps, 'db' | 'limits' | 'mailer' | 'sms' | 'env' | 'log'> & {
  language?: MessageLanguage;
};
type Input = z.output<typeof signUpInput>;

/**
 * Sign-up answers alike whether or not the address or number has an account (decision 016): the same work (a
 * password hash), no session, and one message to the address or number: a verification link or an SMS code
 * for a new account, a notice for an existing one. Who asks learns nothing; the owner learns someone tried.
 *
 * Its time says nothing either. Both paths hash the password, the work that costs tens of milliseconds, and
 * the answer waits for nothing after it but one indexed read and, for a new account, one small write. The
 * message is sent after the answer: how long it takes cannot be made the same on both paths (a mail server's
 * or an SMS gateway's round trip, and a notice to an existing address is skipped past its hourly limit, which
 * would answer in a few milliseconds while a new account waits for its mail), so no path waits for it.
 * Doing the hash after the answer instead would let a script sign up faster than argon2 limits it, and an
 * account must exist when the answer tells its holder to sign in.
 */
export async function signUp(deps: Deps, input: Input, ip: string): Promise<void> {
  // A number that is not one, or of a country not allowed, is refused before anything is spent.
  const contact: Contact =
    input.email !== undefined
      ? { email: input.email }
      : { phone: readPhoneNumber(input.phone ?? '', deps.env.PHONE_COUNTRIES) };
  await refuseCommonPassword(input.password);
  const held: HeldPoints[] = [
    await takePoints(deps.limits.enabled, [[deps.limits.signUpAddress, ip]], 'limit.signUp'),
  ];
  let passwordHash: string;
  try {
    // A sign-up by phone sends one SMS whether or not the number has an account (a code, or a notice), so
    // the SMS limits are taken here, before any work, for both alike.
    if ('phone' in contact) held.push(await takeSmsAllowance(deps, { to: contact.phone, address: ip }));
    // Hashed for an address that has an account too, so the answer takes as long either way.
    const holder = 'email' in contact ? contact.email : contact.phone;
    passwordHash = await hashPassword(input.password, { address: ip, holder });
  } catch (error) {
    // Refused by a limit or the hashing line before any account was made: nothing is spent.
    await Promise.all(held.map((points) => points.giveBack()));
    throw error;
  }
  const userId = createAccount(deps, input.fullName, contact, passwordHash);
  void sendSignUpMessage(deps, contact, userId).catch((error: unknown) => {
    // Either way the answer is the same; a citizen can ask for another link or code once signed in.
    deps.log.error({ err: error, userId }, 'sign-up message could not be sent');
  });
}

/** The one message of a sign-up: a code or a link for a new account, a notice for an existing one. */
async function sendSignUpMessage(deps: Deps, contact: Contact, userId: string | null): Promise<void> {
  if ('phone' in contact) {
    if (userId) await sendPhoneCode(deps, { userId, phone: contact.phone, purpose: 'confirm' });
    else await deliverSms(deps, contact.phone, NUMBER_HAS_ACCOUNT_TEXT);
  } else if (userId) {
    await sendVerificationEmail(
      { db: deps.db, mailer: deps.mailer, publicOrigin: deps.env.PUBLIC_ORIGIN },
      { id: userId, email: contact.email },
      deps.language ?? 'en',
    );
  } else {
    await noticeToOwner(deps, contact.email);
  }
}

/** The new account's id, or null when the address or number already has one (found first, or by the unique index). */
function createAccount(deps: Deps, fullName: string, contact: Contact, passwordHash: string): string | null {
  if (findUserByContact(deps.db, contact)) return null;
  try {
    return deps.db.transaction((tx) => {
      const user = tx
        .insert(users)
        .values({ ...contact, passwordHash, language: deps.language ?? 'en' })
        .returning({ id: users.id })
        .get();
      tx.insert(profiles).values({ userId: user.id, fullName, role: null }).run();
      return user.id;
    });
  } catch (error) {
    // Two sign-ups with one address or number at the same moment: the unique index lets exactly one through.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Tells the owner of an address that someone tried to create an account with it, in the account's language (the
 * request is someone else's). A few an hour at most per address, so sign-ups cannot be used to flood someone's
 * inbox; past that the notice is skipped silently (a refusal would tell the asker the address has an account).
 */
async function noticeToOwner(deps: Deps, email: string): Promise<void> {
  if (deps.limits.enabled) {
    const left = await deps.limits.signUpNoticeEmail.consume(email).then(
      () => true,
      () => false,
    );
    if (!left) return;
  }
  const origin = deps.env.PUBLIC_ORIGIN;
  const owner = deps.db.select({ language: users.language }).from(users).where(eq(users.email, email)).get();
  await deps.mailer.send({
    to: email,
    ...mailText('signUpAttempt', owner?.language ?? 'en', {
      signInLink: `${origin}/auth`,
      resetLink: `${origin}/forgot-password`,
    }),
  });
}
