import type { ErrorCode } from '@shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/cookies';
import { type ValidSession, validateSessionToken } from '../auth/sessions';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import { twoFactorSetupRequired } from '../services/staff-two-factor';
import { isSteppedUp } from '../services/step-up';

/**
 * For plain (non-tRPC) admin routes: the same check as tRPC's adminProcedure with `stepUp`, run as an onRequest
 * hook so nothing of the body is read for a visitor, a citizen or an admin session without a recent step-up.
 * Every such route (uploads, the votes CSV) is high-value, so none is let through on the cookie alone: 428
 * with `stepUpRequired` asks the client to confirm the password. With STAFF_TWO_FACTOR=required an admin without an
 * authenticator is refused first (412, `twoFactorSetupRequired`), as by tRPC's admin tier. `adminOf(request)` gives the checked session.
 */
export function adminRouteGuard(deps: Pick<AppDeps, 'db' | 'env'>, signIn: ErrorCode = 'auth.required') {
  const { db } = deps;
  const sessions = new WeakMap<FastifyRequest, ValidSession>();
  const requireAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? validateSessionToken(db, token) : null;
    if (!session) {
      return sendDomainError(reply, new DomainError(signIn));
    }
    if (!session.user.isAdmin) {
      return sendDomainError(reply, new DomainError('access.adminOnly'));
    }
    if (twoFactorSetupRequired(deps, session.user)) {
      return sendDomainError(reply, new DomainError('twoFactor.setupRequired'));
    }
    if (!isSteppedUp(session.steppedUpUntil)) {
      return sendDomainError(reply, new DomainError('stepUp.required'));
    }
    sessions.set(request, session);
  };
  const adminOf = (request: FastifyRequest): ValidSession => {
    const session = sessions.get(request);
    if (!session) throw new Error('adminOf called on a route without the admin guard');
    return session;
  };
  return { requireAdmin, adminOf };
}
