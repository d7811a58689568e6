// `npm run backup [-- <file>]`: an online, consistent copy of DATABASE_PATH, safe while the server runs.
import { BackupError, backupDatabase } from '@server/db/backup';
import { readEnv } from '@server/env';

try {
  const env = readEnv();
  const summary = backupDatabase(env.DATABASE_PATH, process.argv[2]);
  console.log(
    `Backup written: ${summary.path} (${(summary.bytes / 1024).toFixed(0)} KB, ${summary.votes} votes, ` +
      `${summary.pollVotes} poll votes, ${summary.users} accounts; integrity_check ok; ${summary.ms} ms)`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? `Backup failed: ${error.message}` : error);
  process.exit(1);
}
