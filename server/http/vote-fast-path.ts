import { getTRPCErrorFromUnknown, type TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { retryAfterSeconds } from '../auth/rate-limits';
import { createCaller } from '../routers/_app';
import { procedurePolicy, procedureType } from '../routers/policy';
import type { Context } from '../trpc/context';
import { errorShape, transformer } from '../trpc/init';
import { trpcRequest } from './trpc-request';

/**
 * The mutations whose meta says `hot` (the two votes), answered without tRPC's fetch adapter. That adapter
 * turns every request into a fetch Request (headers, abort signal, body stream) and back, which cost about a
 * third of each vote in a CPU profile and kept votes under 2,000 per second on two cores (R2,
 * docs/scaling.md; measured again: about 15% less server CPU per vote with this path). Here the
 * same procedure runs through tRPC's own caller (so every middleware, input schema and error rule applies),
 * with the same context, and the answer is built as the adapter builds it, from tRPC's public API only: the
 * error by the same function the router's errorFormatter is (errorShape, server/trpc/init.ts), serialised by the
 * same transformer, with the status getHTTPStatusCode gives: same URL, same status, same bytes, success or error,
 * so the typed client cannot tell (tests/server/vote-fast-path.test.ts compares them). Anything unusual goes to the
 * adapter.
 */
const isHot = (path: string) => procedurePolicy(path)?.hot === true && procedureType(path) === 'mutation';

type Procedure = (input: unknown) => Promise<unknown>;

interface FastPathOptions {
  createContext: (options: CreateFastifyContextOptions) => Context;
  /** The same handler tRPC's adapter reports errors to (server/app.ts). */
  onError: (options: { error: TRPCError; path?: string; type: string }) => void;
}

/** The procedure and whether the call came batched (?batch=1), or null for anything else. */
function fastCall(request: FastifyRequest): { path: string; batch: boolean } | null {
  const call = trpcRequest(request);
  if (call?.names.length !== 1) return null;
  const [path = ''] = call.names;
  if (!isHot(path)) return null;
  if (call.query !== '' && call.query !== 'batch=1') return null;
  return { path, batch: call.query === 'batch=1' };
}

export function voteFastPath(options: FastPathOptions) {
  return async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== 'POST') return;
    const call = fastCall(request);
    if (!call || typeof request.body !== 'string') return;
    let raw: unknown;
    try {
      const body = JSON.parse(request.body) as Record<string, unknown>;
      raw = call.batch ? body['0'] : body;
      if (call.batch && Object.keys(body).length !== 1) return;
    } catch {
      return;
    }
    let input: unknown;
    try {
      input = raw === undefined ? undefined : transformer.deserialize(raw as never);
    } catch {
      return;
    }
    let ctx: Context;
    try {
      ctx = options.createContext({ req: request, res: reply, info: undefined as never });
    } catch {
      // The adapter builds it again and answers the failure in its own way.
      return;
    }
    const [scope = '', name = ''] = call.path.split('.');
    const caller = createCaller(ctx) as unknown as Record<string, Record<string, Procedure>>;
    let response: { result: { data: unknown } } | { error: ReturnType<typeof errorShape> };
    try {
      const data = await caller[scope]?.[name]?.(input);
      response = { result: { data } };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      options.onError({ error, path: call.path, type: 'mutation' });
      response = { error: errorShape(error, ctx) };
      // A limit's refusal says when to come back in Retry-After too, as the adapter's answers do (app.ts).
      const wait = retryAfterSeconds(error);
      if (wait !== undefined) reply.header('retry-after', String(wait));
    }
    // The status is read from the shape before it is serialised, as the adapter does.
    const status = getHTTPStatusCode((call.batch ? [response] : response) as never);
    const sent =
      'error' in response
        ? { error: transformer.serialize(response.error) }
        : { result: { data: transformer.serialize(response.result.data) } };
    return reply
      .code(status)
      .type('application/json')
      .send(JSON.stringify(call.batch ? [sent] : sent));
  };
}
