import pino from 'pino';
import { createRateLimits } from '../../server/auth/rate-limits';
import { createSession, validateSessionToken } from '../../server/auth/sessions';
import type { Db } from '../../server/db/client';
import { testEnv } from '../../server/env';
import { createMemoryMailer } from '../../server/mail/mailer';
import { createCaller } from '../../server/routers/_app';
import { type AppDeps, createInnerContext } from '../../server/trpc/context';
import { createTestDb } from './db';
import { createAdmin, createUser, type TestUser } from './factories';

export type Actor = 'visitor' | 'user' | 'admin';

/** Shared process-level dependencies for router tests: a fresh database, limits and a mailer that keeps messages. */
export function createTestDeps(db: Db = createTestDb(), env = testEnv()) {
  const mailer = createMemoryMailer();
  const deps: AppDeps = {
    db,
    env,
    limits: createRateLimits(env.RATE_LIMITS),
    mailer,
    log: pino({ level: 'silent' }),
  };
  return { ...deps, mailer };
}
export type TestDeps = ReturnType<typeof createTestDeps>;

/** A caller acting as a signed-in user (via a real session row) or a visitor; records cookie changes. */
export function callerFor(deps: TestDeps, user: TestUser | null, ip = '203.0.113.7') {
  const jar = { token: null as string | null, cleared: false };
  const session = user ? validateSessionToken(deps.db, createSession(deps.db, user.id).token) : null;
  const ctx = createInnerContext(deps, {
    session,
    ip,
    cookies: {
      setSession: (token) => {
        jar.token = token;
      },
      clearSession: () => {
        jar.cleared = true;
      },
    },
  });
  return { caller: createCaller(ctx), jar, session };
}

/** A caller for one of the three tiers, with a fresh user behind it. */
export async function callerAs(deps: TestDeps, actor: Actor) {
  const user =
    actor === 'visitor' ? null : actor === 'admin' ? await createAdmin(deps.db) : await createUser(deps.db);
  return { ...callerFor(deps, user), user };
}
