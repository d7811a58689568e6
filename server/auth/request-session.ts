import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { SESSION_COOKIE } from './cookies';
import { type ValidSession, validateSessionToken } from './sessions';

// One lookup per request, shared by the hooks that run before the body arrives (batch cap, public cache). The
// tRPC context never reads it: a body may trickle in for minutes, and what happened meanwhile (sign-out
// everywhere, deactivation, a lapsed step-up) must decide the call (sessionOnceBodyArrived).
const known = new WeakMap<FastifyRequest, ValidSession | null>();

/**
 * The request's session, validated: a forged or expired cookie is no session at all. Hooks that treat
 * signed-in requests differently must ask this, never whether a cookie of that name is present, or a
 * made-up cookie would buy a visitor the signed-in treatment (bigger batches, no cache).
 */
export function requestSession(db: Db, request: FastifyRequest): ValidSession | null {
  const cached = known.get(request);
  if (cached !== undefined) return cached;
  const token = request.cookies?.[SESSION_COOKIE];
  const session = token ? validateSessionToken(db, token) : null;
  known.set(request, session);
  return session;
}

/**
 * The request's session as the database has it now, for code that runs once the body has arrived (the tRPC
 * context, the vote fast path through it). Never the copy an early hook kept; cheap all the same, since
 * validateSessionToken reads from the in-memory session cache, which every write to sessions, users and
 * profiles empties.
 */
export function sessionOnceBodyArrived(db: Db, request: FastifyRequest): ValidSession | null {
  const token = request.cookies?.[SESSION_COOKIE];
  return token ? validateSessionToken(db, token) : null;
}
