import type { MessageLanguage } from '@shared/i18n/error-messages';
import type { signUpInput } from '@shared/schemas/auth';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { refuseCommonPassword } from '../auth/common-passwords';
import { hashPassword } from '../auth/passwords';
import { takePoints } from '../auth/rate-limits';
import { profiles, users } from '../db/schema';
import { isUniqueViolation } from '../db/unique';
import type { AppDeps } from '../deps';
import { mailText } from '../mail/texts';
import { findUserByEmail } from './accounts';
import { sendVerificationEmail } from './email-verification';

/** `language`: the request's; the new account keeps it, for the e-mails it did not ask for. */
type Deps = Pick<AppDeps, 'db' | 'limits' | 'mailer' | 'env' | 'log'> & { language?: MessageLanguage };

/**
 * Sign-up answers alike whether or not the address has an account (decision 016): the same work (a password
 * hash), no session, and one e-mail to the address: a verification link for a new account, a notice for an
 * existing one. Who asks learns nothing; the owner of the address learns someone tried.
 */
export async function signUp(deps: Deps, input: z.output<typeof signUpInput>, ip: string): Promise<void> {
  await refuseCommonPassword(input.password);
  const point = await takePoints(deps.limits.enabled, [[deps.limits.signUpAddress, ip]], 'limit.signUp');
  let passwordHash: string;
  try {
    // Hashed for an address that has an account too, so the answer takes as long either way.
    passwordHash = await hashPassword(input.password, { address: ip, holder: input.email });
  } catch (error) {
    // Refused by the hashing line before any account was made: the network's sign-up is not spent.
    await point.giveBack();
    throw error;
  }
  const userId = createAccount(deps, input, passwordHash);
  try {
    if (userId) {
      await sendVerificationEmail(
        { db: deps.db, mailer: deps.mailer, publicOrigin: deps.env.PUBLIC_ORIGIN },
        { id: userId, email: input.email },
        deps.language ?? 'en',
      );
    } else {
      await noticeToOwner(deps, input.email);
    }
  } catch (error) {
    // Either way the answer is the same; a citizen can ask for another verification link once signed in.
    deps.log.error({ err: error, userId }, 'sign-up email could not be sent');
  }
}

/** The new account's id, or null when the address already has one (found first, or by the unique index). */
function createAccount(deps: Deps, input: z.output<typeof signUpInput>, passwordHash: string): string | null {
  if (findUserByEmail(deps.db, input.email)) return null;
  try {
    return deps.db.transaction((tx) => {
      const user = tx
        .insert(users)
        .values({ email: input.email, passwordHash, language: deps.language ?? 'en' })
        .returning({ id: users.id })
        .get();
      tx.insert(profiles).values({ userId: user.id, fullName: input.fullName, role: null }).run();
      return user.id;
    });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index lets exactly one through.
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
