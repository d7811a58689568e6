import type { StaffRole } from '@shared/roles';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { isTwoFactorEnabled } from './two-factor';

type Deps = Pick<AppDeps, 'db' | 'env'>;

interface Account {
  id: string;
  role: StaffRole | null;
}

/**
 * Whether this account must set up two-factor sign-in before any staff tool answers: STAFF_TWO_FACTOR=required,
 * a staff role (a System Admin too), and no authenticator turned on. Citizens are never asked. The account can
 * still sign in with its password and reach the setup itself (auth.twoFactor.begin and confirm, which ask for
 * the password again): that is how the very first System Admin (ADMIN_EMAIL, create-admin, the bootstrap form)
 * gets in.
 */
export function twoFactorSetupRequired(deps: Deps, account: Account): boolean {
  return (
    deps.env.STAFF_TWO_FACTOR === 'required' &&
    account.role !== null &&
    !isTwoFactorEnabled(deps.db, account.id)
  );
}

/** Refuses with "set up two-factor sign-in first" (PRECONDITION_FAILED, data.twoFactorSetupRequired). */
export function requireTwoFactorSetUp(deps: Deps, account: Account): void {
  if (twoFactorSetupRequired(deps, account)) throw new DomainError('twoFactor.setupRequired');
}
