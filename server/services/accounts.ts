import type { MessageLanguage } from '@shared/i18n/error-messages';
import type { bootstrapAdminInput, signInInput } from '@shared/schemas/auth';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { refuseCommonPassword } from '../auth/common-passwords';
import type { Contact } from '../auth/contact';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { readPhoneNumber } from '../auth/phone-numbers';
import { consume, takePoints } from '../auth/rate-limits';
import { forgetCachedSessions } from '../auth/session-cache';
import type { Db } from '../db/client';
import { auditLogs, profiles, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { messageText } from '../errors/texts';
import { recordAudit } from './audit';

export const INVALID_CREDENTIALS = messageText({ key: 'signIn.invalidLogin' });
export const ACCOUNT_DEACTIVATED = messageText({ key: 'account.deactivated' });

type Deps = Pick<AppDeps, 'db' | 'limits' | 'mailer' | 'env' | 'log'>;

const accountColumns = {
  id: users.id,
  email: users.email,
  phone: users.phone,
  passwordHash: users.passwordHash,
  isActive: profiles.isActive,
};

/** The account of an e-mail address or of a number in E.164 (confirmed or waiting for its code). */
export function findUserByContact(db: Db, contact: Contact) {
  return db
    .select(accountColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where('email' in contact ? eq(users.email, contact.email) : eq(users.phone, contact.phone))
    .get();
}

/**
 * Checks credentials under the brute-force limits. Returns the user's id. A point is spent on every key
 * before the hash and given back when the password is right, so concurrent guesses (a batch, parallel
 * requests) are refused past the limit instead of all passing a check made before any of them failed.
 */
export async function signIn(deps: Deps, input: z.output<typeof signInInput>, ip: string): Promise<string> {
  const { limits } = deps;
  // The account's name for the limits and the hashing line: its e-mail address or its number in E.164, so
  // "061 5123456" and "+252615123456" are one account's guesses.
  const byPhone = input.email === undefined;
  const holder = input.email ?? readPhoneNumber(input.phone ?? '', deps.env.PHONE_COUNTRIES);
  const user = findUserByContact(deps.db, byPhone ? { phone: holder } : { email: holder });
  // From anywhere, an account's guesses are counted once whichever of its e-mail and number they are typed with
  // (a contact without an account counts as itself, under the same limit). From one address they are counted
  // per contact typed, so that ten failures there do not tell a guesser that an e-mail and a number share an
  // account; only the account-wide limit, fifty failures that also lock its owner out, can.
  const account = user ? `account:${user.id}` : `contact:${holder}`;
  const keys: [typeof limits.failedSignInAccount, string][] = [
    [limits.failedSignInAccountAddress, `${holder}|${ip}`],
    [limits.failedSignInAccount, account],
    [limits.failedSignInAddress, ip],
  ];
  const attempt = await takePoints(limits.enabled, keys, 'limit.failedSignIn');
  let valid: boolean;
  try {
    valid = await verifyPassword(user?.passwordHash ?? null, input.password, { address: ip, holder });
  } catch (error) {
    // Refused before any password was tried (the hashing line is full): not a guess.
    await attempt.giveBack();
    throw error;
  }
  if (!user || !valid) throw new DomainError(byPhone ? 'signIn.invalidPhoneLogin' : 'signIn.invalidLogin');
  await attempt.giveBack();
  // A citizen who mistyped a few times starts afresh at this address once they get it right.
  if (limits.enabled) await limits.failedSignInAccountAddress.delete(`${holder}|${ip}`);
  if (user.isActive === false) throw new DomainError('account.deactivated');
  return user.id;
}

/** The language the reader signs in with becomes the account's, for the e-mails it does not ask for itself. */
export function rememberLanguage(db: Pick<Db, 'update'>, userId: string, language: MessageLanguage): void {
  db.update(users).set({ language }).where(eq(users.id, userId)).run();
}

export type BootstrapResult =
  | { success: true; code: 'ADMIN_CREATED'; userId: string }
  | { success: false; code: 'ADMIN_EXISTS' | 'INVALID_CREDENTIALS' };

function adminExists(db: Pick<Db, 'select'>): boolean {
  return (
    db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'System Admin')).limit(1).get() !==
    undefined
  );
}

/**
 * Makes the first System Admin, and only while none exists (docs/architecture.md#security-design). An existing
 * account is promoted only with its own password, so nobody can take over someone else's account this way.
 */
export async function bootstrapAdmin(
  deps: Deps,
  input: z.output<typeof bootstrapAdminInput>,
  ip: string,
): Promise<BootstrapResult> {
  await consume(deps.limits.enabled, [[deps.limits.bootstrapAdminAddress, ip]], 'limit.bootstrapAdmin');
  if (adminExists(deps.db)) return { success: false, code: 'ADMIN_EXISTS' };
  const existing = findUserByContact(deps.db, { email: input.email });
  const turn = { address: ip, holder: input.email };
  if (existing && !(await verifyPassword(existing.passwordHash, input.password, turn))) {
    return { success: false, code: 'INVALID_CREDENTIALS' };
  }
  if (!existing) await refuseCommonPassword(input.password);
  const passwordHash = existing ? null : await hashPassword(input.password, turn);
  return deps.db.transaction((tx) => {
    // Checked again inside the write transaction: two racing bootstraps make one admin.
    if (adminExists(tx)) return { success: false, code: 'ADMIN_EXISTS' } as const;
    let userId = existing?.id;
    if (userId) {
      tx.update(profiles)
        .set({ role: 'System Admin', isActive: true })
        .where(eq(profiles.userId, userId))
        .run();
      forgetCachedSessions();
    } else {
      userId = tx
        .insert(users)
        .values({ email: input.email, passwordHash })
        .returning({ id: users.id })
        .get().id;
      tx.insert(profiles).values({ userId, fullName: input.fullName, role: 'System Admin' }).run();
    }
    recordAudit(tx, {
      action: 'bootstrap_admin',
      tableName: 'profiles',
      recordId: userId,
      newValues: { email: input.email, role: 'System Admin' },
      actorId: userId,
    });
    return { success: true, code: 'ADMIN_CREATED', userId } as const;
  });
}

/** Why the start refuses ADMIN_EMAIL: the operator must act (the entry point prints it and exits). */
export class ConfiguredAdminRefused extends Error {}

/**
 * `deactivated`: a System Admin another admin deactivated; `deactivatedAccount`: a deactivated account that is
 * not a System Admin, left exactly as it was (a deactivation is never undone here, by a promotion neither).
 */
export type ConfiguredAdminOutcome =
  | 'created'
  | 'promoted'
  | 'present'
  | 'deactivated'
  | 'deactivatedAccount'
  | 'demoted';

/** Whether this configuration made the account a System Admin before (its audit row says so). */
function configuredBefore(db: Db, userId: string): boolean {
  return (
    db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'configure_admin'), eq(auditLogs.recordId, userId)))
      .limit(1)
      .get() !== undefined
  );
}

/**
 * Makes sure the ADMIN_EMAIL/ADMIN_PASSWORD System Admin exists at start. It never hands an account the
 * operator did not create to the operator: an existing account that is not a System Admin is promoted only
 * when ADMIN_PASSWORD is its password (the operator owns it), else the start is refused. A System Admin
 * deactivated or demoted by another admin stays so: the caller warns, the restart does not undo that decision.
 */
export async function ensureConfiguredAdmin(
  db: Db,
  email: string,
  password: string,
): Promise<ConfiguredAdminOutcome> {
  const normalized = email.trim().toLowerCase();
  const existing = db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      role: profiles.role,
      isActive: profiles.isActive,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, normalized))
    .get();
  if (existing?.role === 'System Admin') return existing.isActive ? 'present' : 'deactivated';
  // Made admin by this configuration before, and no longer one: another admin took the role away, and a
  // restart must not undo that decision any more than a deactivation.
  if (existing && configuredBefore(db, existing.id)) return 'demoted';
  if (existing) {
    // Someone signed up with the address first (or it is another staff member's): only its password proves
    // the operator owns it.
    if (!(await verifyPassword(existing.passwordHash, password))) {
      throw new ConfiguredAdminRefused(
        `ADMIN_EMAIL ${normalized} already belongs to an account that is not a System Admin, and ` +
          'ADMIN_PASSWORD is not its password, so it was not made an admin. Set ADMIN_EMAIL to an address ' +
          "with no account, or ADMIN_PASSWORD to that account's own password if it is yours.",
      );
    }
    if (existing.isActive === false) return 'deactivatedAccount';
    db.update(profiles).set({ role: 'System Admin' }).where(eq(profiles.userId, existing.id)).run();
    forgetCachedSessions();
    recordAudit(db, {
      action: 'configure_admin',
      tableName: 'profiles',
      recordId: existing.id,
      newValues: { role: 'System Admin' },
      actorId: null,
    });
    return 'promoted';
  }
  const passwordHash = await hashPassword(password);
  db.transaction((tx) => {
    const user = tx
      .insert(users)
      .values({ email: normalized, passwordHash, emailVerifiedAt: new Date() })
      .returning({ id: users.id })
      .get();
    tx.insert(profiles).values({ userId: user.id, fullName: 'System Admin', role: 'System Admin' }).run();
    recordAudit(tx, {
      action: 'configure_admin',
      tableName: 'profiles',
      recordId: user.id,
      newValues: { email: normalized, role: 'System Admin' },
      actorId: null,
    });
  });
  return 'created';
}
