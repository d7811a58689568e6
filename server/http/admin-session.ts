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
 * authenticator is refused first (412, `twoFactorSetupRequired`), as by tRPC's admin tier. `adminOf(request)` gives
 * the checked session.
 *
 * An upload's body can take minutes to arrive: `stillAdmin(request)` makes the same checks again, on the
 * database as it is then, just before the route writes (an admin deactivated, demoted or signed out meanwhile,
 * or a step-up that lapsed, writes nothing). It throws the DomainError the route answers.
 */
export function adminRouteGuard(deps: Pick<AppDeps, 'db' | 'env'>, signIn: ErrorCode = 'auth.required') {
  const { db } = deps;
  const sessions = new WeakMap<FastifyRequest, ValidSession>();
  const checkedSession = (request: FastifyRequest): ValidSession => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? validateSessionToken(db, token) : null;
    if (!session) throw new DomainError(signIn);
    if (!session.user.isAdmin) throw new DomainError('access.adminOnly');
    if (twoFactorSetupRequired(deps, session.user)) throw new DomainError('twoFactor.setupRequired');
    if (!isSteppedUp(session.steppedUpUntil)) throw new DomainError('stepUp.required');
    return session;
  };
  const requireAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      sessions.set(request, checkedSession(request));
    } catch (error) {
      if (error instanceof DomainError) return sendDomainError(reply, error);
      throw error;
    }
  };
  const stillAdmin = (request: FastifyRequest): ValidSession => {
    const session = checkedSession(request);
    sessions.set(request, session);
    return session;
  };
  const adminOf = (request: FastifyRequest): ValidSession => {
    const session = sessions.get(request);
    if (!session) throw new Error('adminOf called on a route without the admin guard');
    return session;
  };
  return { requireAdmin, adminOf, stillAdmin };
}
