import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestSession } from '../auth/request-session';
import type { Db } from '../db/client';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import { errorText } from '../errors/texts';
import { type TrpcRequest, trpcRequest } from './trpc-request';

/**
 * A page asks for a handful of reads at once; only the admin's pages need more. A visitor without a valid
 * session gets a small batch, so one anonymous request cannot fan out into a hundred computations; a
 * signed-in one keeps tRPC's own bound (maxBatchSize in server/app.ts).
 */
export const ANONYMOUS_MAX_BATCH = 10;
export const SIGNED_IN_MAX_BATCH = 100;

/** The English answer (errors.json's batch.tooManyCalls, which writes the 10 out). */
export const ANONYMOUS_BATCH_TOO_LARGE = errorText(new DomainError('batch.tooManyCalls'));

/** How many calls a tRPC request carries: the procedures of a ?batch=1 path (trpc-request.ts), else one. */
export function callsInRequest(call: TrpcRequest): number {
  if (!new URLSearchParams(call.query).has('batch')) return 1;
  return call.names.length;
}

export function anonymousBatchCap(db: Db) {
  return async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    const call = trpcRequest(request);
    if (!call || callsInRequest(call) <= ANONYMOUS_MAX_BATCH) return;
    if (requestSession(db, request)) return;
    return sendDomainError(reply, new DomainError('batch.tooManyCalls'));
  };
}
