import { createSession, validateSessionToken } from '@server/auth/sessions';
import { auditLogs, elections } from '@server/db/schema';
import { DomainError } from '@server/errors/domain-error';
import { createCaller } from '@server/routers/_app';
import { createInnerContext } from '@server/trpc/context';
import { publicMessage, toTRPCError } from '@server/trpc/errors';
import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { callerFor, type TestDeps } from './caller';
import { createAdmin } from './factories';

/**
 * Fails unless the call fails with this code (and, when given, this client-visible message). A service
 * called directly throws a domain error: it is checked as the one mapping turns it into tRPC's.
 */
export async function expectTrpcError(
  promise: Promise<unknown>,
  code: TRPCError['code'],
  message?: string | RegExp,
) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => (caught instanceof DomainError ? toTRPCError(caught) : caught),
  );
  expect(error, 'expected the call to fail').toBeInstanceOf(TRPCError);
  const trpcError = error as TRPCError;
  expect(trpcError.code).toBe(code);
  // publicMessage is what the client sees: the first validation message, or the service's sentence.
  if (typeof message === 'string') expect(publicMessage(trpcError)).toBe(message);
  else if (message) expect(publicMessage(trpcError)).toMatch(message);
}

/** A System Admin whose session has passed the dashboard's step-up login. */
export async function unlockedAdmin(deps: TestDeps) {
  const admin = await createAdmin(deps.db);
  return { admin, ...callerFor(deps, admin, '192.0.2.10', { steppedUp: true }) };
}

/**
 * A caller for an existing session token, read afresh from the database: what the next request with
 * the same cookie would see (a caller's context is a snapshot of its session).
 */
export function callerForToken(deps: TestDeps, token: string, ip = '192.0.2.11') {
  const session = validateSessionToken(deps.db, token);
  const noCookies = { setSession: () => {}, clearSession: () => {} };
  return createCaller(createInnerContext(deps, { session, ip, cookies: noCookies }));
}

export function newSessionToken(deps: TestDeps, userId: string): string {
  return createSession(deps.db, userId).token;
}

export function seedElection(deps: TestDeps, title = 'Test election'): string {
  const now = Date.now();
  return deps.db
    .insert(elections)
    .values({ title, startTime: new Date(now - 86_400_000), endTime: new Date(now + 86_400_000) })
    .returning({ id: elections.id })
    .get().id;
}

export function auditRows(deps: TestDeps) {
  return deps.db.select().from(auditLogs).all();
}

/**
 * A second System Admin (a new one, stepped up) confirms what the first asked for through admin.approvals.confirm,
 * as the approvals page does: opening an election, publishing its results or a poll, a grant. Fails unless the
 * answer waited for them.
 */
export async function confirmedBySecondAdmin(deps: TestDeps, answer: unknown) {
  const waiting = (answer as { pendingApproval?: { id: string } } | null)?.pendingApproval;
  expect(waiting, 'expected the act to wait for a second System Admin').toBeDefined();
  const { admin: second, caller } = await unlockedAdmin(deps);
  await caller.admin.approvals.confirm({ id: waiting?.id ?? '' });
  return second;
}
