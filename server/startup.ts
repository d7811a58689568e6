import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_ADMIN, DEMO_CITIZEN } from '../seed/demo-accounts';
import { seedDemo } from '../seed/seed';
import type { Db } from './db/client';
import { users } from './db/schema';
import type { Env } from './env';
import { failInterruptedPhotoJobs } from './jobs/photo-refresh/runner';
import { ensureConfiguredAdmin } from './services/accounts';

/**
 * At start: seed an empty database when SEED_DEMO is on, and make sure the configured admin exists.
 * Returns whether demo data was seeded now, so the entry point can print the demo accounts.
 */
export async function prepareDatabase(
  db: Db,
  env: Env,
  log: FastifyBaseLogger,
): Promise<{ seeded: boolean }> {
  const userCount = db.select({ count: sql<number>`count(*)` }).from(users).get()?.count ?? 0;
  const seeded = env.SEED_DEMO && userCount === 0;
  if (seeded) {
    await seedDemo(db);
    log.warn(
      `Demo data seeded. Demo accounts: System Admin ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}; ` +
        `Citizen ${DEMO_CITIZEN.email} / ${DEMO_CITIZEN.password}. Set SEED_DEMO=false for a real deployment.`,
    );
  }
  const interrupted = failInterruptedPhotoJobs(db);
  if (interrupted > 0)
    log.warn({ jobs: interrupted }, 'photo jobs cut short by the last stop were marked failed');
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const outcome = await ensureConfiguredAdmin(db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    log.info({ email: env.ADMIN_EMAIL, outcome }, 'configured System Admin checked');
  }
  return { seeded };
}

export function demoAccountsBanner(): string {
  return [
    'Demo data was seeded into the empty database. Demo accounts:',
    `  System Admin  ${DEMO_ADMIN.email}  /  ${DEMO_ADMIN.password}`,
    `  Citizen       ${DEMO_CITIZEN.email}  /  ${DEMO_CITIZEN.password}`,
    'Set SEED_DEMO=false (and ADMIN_EMAIL/ADMIN_PASSWORD) for a real deployment.',
  ].join('\n');
}
