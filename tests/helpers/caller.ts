import { createRateLimits } from '@server/auth/rate-limits';
import { createSession, validateSessionToken } from '@server/auth/sessions';
import type { Db } from '@server/db/client';
import { sessions } from '@server/db/schema';
import { testEnv } from '@server/env';
import { createMemoryMailer } from '@server/mail/mailer';
import { createCaller } from '@server/routers/_app';
import { createMemorySmsTransport } from '@server/services/sms/transport';
import { type AppDeps, createInnerContext } from '@server/trpc/context';
import type { MessageLanguage } from '@shared/i18n/error-messages';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { createTestDb } from './db';
import { createAdmin, createUser, type TestUser } from './factories';

export type Actor = 'visitor' | 'user' | 'admin';

/** Shared process-level dependencies for router tests: a fresh database, limits, and a mailer and an SMS transport that keep messages. */
export function createTestDeps(db: Db = createTestDb(), env = testEnv()) {
  const mailer = createMemoryMailer();
  const sms = createMemorySmsTransport();
  const deps: AppDeps = {
    db,
    env,
    limits: createRateLimits(env.RATE_LIMITS),
    mailer,
    sms,
    log: pino({ level: 'silent' }),
  };
  return { ...deps, mailer, sms };
}
export type TestDeps = ReturnType<typeof createTestDeps>;

/** A caller acting as a signed-in user (via a real session row) or a visitor; records cookie changes. */
export function callerFor(
  deps: TestDeps,
  user: TestUser | null,
  ip = '203.0.113.7',
  options: { steppedUp?: boolean; language?: MessageLanguage } = {},
) {
  const jar = { token: null as string | null, cleared: false };
  let session = null;
  if (user) {
    const created = createSession(deps.db, user.id);
    if (options.steppedUp) {
      // As if the admin had just passed the dashboard's step-up login.
      deps.db
        .update(sessions)
        .set({ steppedUpUntil: new Date(Date.now() + 10 * 60_000) })
        .where(eq(sessions.id, created.id))
        .run();
    }
    session = validateSessionToken(deps.db, created.token);
  }
  const ctx = createInnerContext(deps, {
    session,
    ip,
    language: options.language,
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
