import { basename, join } from 'node:path';
import { bootstrapAdminInput, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@shared/schemas/auth';
import { keepDemoSecrets } from '../../seed/demo-accounts';
import { seedDemo } from '../../seed/seed';
import { closeVerifyPool } from '../belenios/verify-pool';
import { BackupError, backupDatabase, defaultBackupPath, restoreDatabase } from '../db/backup';
import { closeDb, createDb, type Db, migrateDb } from '../db/client';
import { loadKeys } from '../db/key-file';
import { ConfiguredAdminRefused, ensureConfiguredAdmin } from '../services/accounts';
import { demoAccountsBanner } from '../startup';
import { pendingMigrations } from './check';
import { EXIT } from './help';
import type { CommandInput } from './main';
import { PasswordNotRead, readPassword } from './password-prompt';

/** Opens (creating if needed) and migrates the database, with its keys, for the length of `work`. */
async function withDatabase<T>({ env, files }: CommandInput, work: (db: Db) => Promise<T> | T): Promise<T> {
  const db = createDb(env.DATABASE_PATH);
  try {
    migrateDb(db, files.migrationsFolder);
    loadKeys(db, env.KEYS_FILE);
    return await work(db);
  } finally {
    closeDb(db);
  }
}

export async function migrate(input: CommandInput): Promise<number> {
  const { env, files } = input;
  const before = pendingMigrations(env.DATABASE_PATH, files.migrationsFolder);
  await withDatabase(input, () => undefined);
  console.log(`Migrations applied to ${env.DATABASE_PATH}: ${before.pending} new, ${before.total} in all.`);
  return EXIT.done;
}

export async function seed(input: CommandInput): Promise<number> {
  const { env } = input;
  // The verifiable elections' checks ran in worker threads: ended with the command.
  const secrets = await withDatabase(input, (db) => seedDemo(db)).finally(() => closeVerifyPool());
  console.log(`Demo data seeded into ${env.DATABASE_PATH}`);
  // Accounts and elections that existed already keep their passwords and keys (and the files that hold them).
  const files = keepDemoSecrets(env.DATABASE_PATH, secrets);
  if (secrets.credentials.length > 0 || secrets.trustees) {
    console.log(demoAccountsBanner({ credentials: secrets.credentials, ...files }));
  }
  return EXIT.done;
}

export async function backup({ env, values }: CommandInput): Promise<number> {
  const out = typeof values.out === 'string' ? values.out : undefined;
  const target = out ? join(out, basename(defaultBackupPath(env.DATABASE_PATH))) : undefined;
  return reportBackupError('backup', () => {
    const summary = backupDatabase(env.DATABASE_PATH, target);
    console.log(
      `Backup written (${(summary.bytes / 1024).toFixed(0)} KB, ${summary.votes} votes, ${summary.pollVotes} poll ` +
        `votes, ${summary.users} accounts; integrity_check ok; ${summary.ms} ms):\n${summary.path}`,
    );
  });
}

export async function restore({ env, files, positionals }: CommandInput): Promise<number> {
  return reportBackupError('restore', async () => {
    const summary = await restoreDatabase(String(positionals[0]), env.DATABASE_PATH, {
      migrationsFolder: files.migrationsFolder,
      keysFile: env.KEYS_FILE,
    });
    console.log(
      `Restored ${summary.databasePath} from ${summary.restoredFrom} (${summary.votes} votes, ` +
        `${summary.pollVotes} poll votes, ${summary.users} accounts; integrity_check ok).`,
    );
    if (summary.previousKeptAt) console.log(`The database it replaced is kept at ${summary.previousKeptAt}.`);
  });
}

async function reportBackupError(command: string, work: () => Promise<void> | void): Promise<number> {
  try {
    await work();
    return EXIT.done;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`codka ${command}: ${error.message}`);
    return EXIT.failed;
  }
}

const ADMIN_OUTCOMES = {
  created: 'System Admin {email} created.',
  promoted: '{email} already had an account; its own password was given, so it is now a System Admin.',
  present: '{email} is already a System Admin; nothing was changed (its password neither).',
  deactivated:
    '{email} is a deactivated System Admin and stays so: reactivate it from the admin console with another admin.',
  deactivatedAccount:
    '{email} belongs to a deactivated account; nothing was changed: another admin must reactivate it from the ' +
    'admin console first.',
  demoted:
    '{email} was made a System Admin here before and another admin has since changed its role; that stays so.',
} as const;

export async function createAdmin(input: CommandInput): Promise<number> {
  // The same email rule as the admin console's first-admin form (trimmed, lower case, at most 254 characters).
  const parsed = bootstrapAdminInput.shape.email.safeParse(String(input.values.email));
  if (!parsed.success) {
    console.error(
      `codka create-admin: --email ${String(input.values.email).trim()} is not an email address.`,
    );
    return EXIT.usage;
  }
  const email = parsed.data;
  let password: string;
  try {
    password = await readPassword(`Password for ${email}: `);
  } catch (error) {
    if (!(error instanceof PasswordNotRead)) throw error;
    console.error(`codka create-admin: ${error.message}`);
    return EXIT.failed;
  }
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    console.error(
      `codka create-admin: the password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long; ` +
        'nothing was changed.',
    );
    return EXIT.failed;
  }
  try {
    const outcome = await withDatabase(input, (db) => ensureConfiguredAdmin(db, email, password));
    const sentence = ADMIN_OUTCOMES[outcome].replace('{email}', email);
    if (outcome === 'deactivated' || outcome === 'deactivatedAccount' || outcome === 'demoted') {
      console.error(`codka create-admin: ${sentence}`);
      return EXIT.failed;
    }
    console.log(sentence);
    return EXIT.done;
  } catch (error) {
    if (!(error instanceof ConfiguredAdminRefused)) throw error;
    console.error(
      `codka create-admin: ${email} already belongs to an account that is not a System Admin, and the password ` +
        'given is not its password; nothing was changed.',
    );
    return EXIT.failed;
  }
}
