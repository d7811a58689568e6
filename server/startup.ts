import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type DemoCredential, type DemoSecretFiles, keepDemoSecrets } from '../seed/demo-accounts';
import { seedDemo } from '../seed/seed';
import type { Db } from './db/client';
import { polls, users } from './db/schema';
import type { Env } from './env';
import { failInterruptedPhotoJobs } from './jobs/photo-refresh/runner';
import { ensureConfiguredAdmin } from './services/accounts';
import { cardCollisionCount } from './services/voter-roll/card-collisions';

/**
 * The demo accounts created by this start: shown once on the console, kept in `file` (none in memory); and the
 * file naming the open verifiable election's trustees and their private key files, when this start made them.
 */
export interface DemoAccounts extends DemoSecretFiles {
  credentials: DemoCredential[];
}

/**
 * At start: seed an empty database when SEED_DEMO is on, and make sure the configured admin exists.
 * Returns whether demo data was seeded now and, if so, the demo accounts for the entry point to print.
 * Throws ConfiguredAdminRefused when ADMIN_EMAIL names someone else's account: the start must stop.
 */
export async function prepareDatabase(
  db: Db,
  env: Env,
  log: FastifyBaseLogger,
): Promise<{ seeded: boolean; demoAccounts?: DemoAccounts }> {
  const userCount = db.select({ count: sql<number>`count(*)` }).from(users).get()?.count ?? 0;
  const seeded = env.SEED_DEMO && userCount === 0;
  let demoAccounts: DemoAccounts | undefined;
  if (seeded) {
    const secrets = await seedDemo(db);
    const files = keepDemoSecrets(env.DATABASE_PATH, secrets);
    demoAccounts = { credentials: secrets.credentials, ...files };
    // The log may be kept and shipped elsewhere: it names the files, never the passwords or the keys.
    log.warn(
      files,
      'Demo data seeded with demo accounts whose passwords were generated now. Set SEED_DEMO=false for a real deployment.',
    );
  }
  const duplicates = db
    .select({ title: polls.title, electionType: polls.electionType, monthYear: polls.monthYear })
    .from(polls)
    .where(eq(polls.duplicateMonth, true))
    .all();
  if (duplicates.length > 0) {
    log.warn(
      { polls: duplicates },
      'Polls share a month with an earlier poll of their type (made before a month took one poll): they ' +
        'cannot be published. Delete them from the admin console.',
    );
  }
  const interrupted = failInterruptedPhotoJobs(db);
  if (interrupted > 0)
    log.warn({ jobs: interrupted }, 'photo jobs cut short by the last stop were marked failed');
  const collisions = cardCollisionCount(db);
  if (collisions > 0)
    log.warn(
      { cards: collisions },
      'Voter cards entered twice in different spellings were not merged: codka check lists them (table ' +
        "voter_card_collisions); decide which entry is the voter's and correct or delete the other.",
    );
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const outcome = await ensureConfiguredAdmin(db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    if (outcome === 'deactivated') {
      log.warn(
        { email: env.ADMIN_EMAIL },
        'The ADMIN_EMAIL System Admin is deactivated and stays so: another admin deactivated it, and a ' +
          'restart does not undo that. Reactivate it from the admin console, or set ADMIN_EMAIL to another address.',
      );
    } else if (outcome === 'deactivatedAccount') {
      log.warn(
        { email: env.ADMIN_EMAIL },
        'The ADMIN_EMAIL account is deactivated, so it was not made a System Admin: a restart does not undo a ' +
          'deactivation. Reactivate it from the admin console, or set ADMIN_EMAIL to another address.',
      );
    } else if (outcome === 'demoted') {
      log.warn(
        { email: env.ADMIN_EMAIL },
        'The ADMIN_EMAIL account is no longer a System Admin and stays so: another admin changed its role, and a ' +
          'restart does not undo that. Give the role back from the admin console, or set ADMIN_EMAIL to another address.',
      );
    } else {
      log.info({ email: env.ADMIN_EMAIL, outcome }, 'configured System Admin checked');
    }
  }
  return demoAccounts ? { seeded, demoAccounts } : { seeded };
}

/** What `npm start` prints once, right after seeding: the only time the passwords are shown. */
export function demoAccountsBanner({ credentials, file, trusteesFile }: DemoAccounts): string {
  const width = Math.max(...credentials.map((account) => account.label.length), 0) + 2;
  return [
    ...(credentials.length > 0
      ? [
          'Demo data was seeded into the empty database. Demo accounts (passwords generated now, shown only this once):',
          ...credentials.map(
            (account) => `  ${account.label.padEnd(width)}${account.email}  /  ${account.password}`,
          ),
        ]
      : []),
    ...(file ? [`They are also kept in ${file}, readable only by you.`] : []),
    ...(trusteesFile
      ? [
          `The open verifiable election's trustees (their tokens and private key files) are kept in ${trusteesFile}, ` +
            'readable only by you: close the election, then count it on /trustee as that file says.',
        ]
      : []),
    'Set SEED_DEMO=false (and ADMIN_EMAIL/ADMIN_PASSWORD) for a real deployment.',
  ].join('\n');
}
