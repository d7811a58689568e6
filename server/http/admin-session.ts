import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/cookies';
import { type ValidSession, validateSessionToken } from '../auth/sessions';
import type { Db } from '../db/client';
import { isSteppedUp, STEP_UP_REQUIRED } from '../services/step-up';
import { jsonError } from './errors';

/**
 * For plain (non-tRPC) admin routes: the same check as tRPC's adminProcedure with `stepUp`, run as an onRequest
 * hook so nothing of the body is read for a visitor, a citizen or an admin session without a recent step-up.
 * Every such route (uploads, the votes CSV) is high-value, so none is let through on the cookie alone: 428
 * with `stepUpRequired` asks the client to confirm the password. `adminOf(request)` gives the checked session.
 */
export function adminRouteGuard(
  db: Db,
  signInMessage = 'Authentication Required. Please sign in to continue.',
) {
  const sessions = new WeakMap<FastifyRequest, ValidSession>();
  const requireAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? validateSessionToken(db, token) : null;
    if (!session) {
      return reply.code(401).send(jsonError(401, signInMessage));
    }
    if (!session.user.isAdmin) {
      return reply.code(403).send(jsonError(403, 'Access denied. Admin privileges required.'));
    }
    if (!isSteppedUp(session.steppedUpUntil)) {
      return reply
        .code(428)
        .send({ error: { ...jsonError(428, STEP_UP_REQUIRED).error, stepUpRequired: true } });
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
