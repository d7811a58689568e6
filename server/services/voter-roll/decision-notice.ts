import { users, voters } from '@server/db/schema';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/errors/domain-error';
import { and, eq, isNotNull } from 'drizzle-orm';
import { phoneText } from '../phone-texts';
import { deliverSms, takeSmsAllowance } from '../sms/send';

type Deps = Pick<AppDeps, 'db' | 'env' | 'limits' | 'sms' | 'log'>;

/**
 * The SMS a citizen expects when a supervisor approves or rejects their entry: only to a confirmed number of the
 * entry's account, in the account's language (users.language), through the SMS limits (per number and the site's
 * day). A refusal by a limit or a gateway's failure is logged and never undoes the decision.
 */
export async function noticeEnrollmentDecision(
  deps: Deps,
  voterId: string,
  status: 'enrolled' | 'rejected',
): Promise<void> {
  const account = deps.db
    .select({ id: users.id, phone: users.phone, language: users.language })
    .from(voters)
    .innerJoin(users, eq(users.id, voters.userId))
    .where(and(eq(voters.id, voterId), isNotNull(users.phoneConfirmedAt)))
    .get();
  if (!account?.phone) return;
  try {
    await takeSmsAllowance(deps, { to: account.phone, address: null, userId: null });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    deps.log.warn({ voterId, code: error.code }, 'enrollment notice not sent: SMS limit');
    return;
  }
  const key = status === 'enrolled' ? 'sms.enrollmentApproved' : 'sms.enrollmentRejected';
  // Not awaited: the supervisor's answer does not wait for a gateway (deliverSms logs its failures).
  void deliverSms(deps, account.phone, phoneText(account.language, key));
}
