import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { SESSION_COOKIE } from './cookies';
import { type ValidSession, validateSessionToken } from './sessions';

// One lookup per request, shared by the hooks that ask before tRPC (batch cap, public cache) and its context.
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
