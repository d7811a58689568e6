// `npm run restore -- <file>`: puts a backup back in place of DATABASE_PATH (with the server stopped). The key
// file (KEYS_FILE, beside the database by default) must be the backup's: it is copied once, separately.
import { BackupError, restoreDatabase } from '@server/db/backup';
import { readEnv } from '@server/env';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <backup file>   (stop the server first)');
  process.exit(1);
}
try {
  const env = readEnv();
  const summary = await restoreDatabase(file, env.DATABASE_PATH, { keysFile: env.KEYS_FILE });
  console.log(
    `Restored ${summary.databasePath} from ${summary.restoredFrom} (${summary.votes} votes, ` +
      `${summary.pollVotes} poll votes, ${summary.users} accounts; integrity_check ok).`,
  );
  if (summary.previousKeptAt) console.log(`The database it replaced is kept at ${summary.previousKeptAt}.`);
} catch (error) {
  console.error(error instanceof BackupError ? `Restore refused: ${error.message}` : error);
  process.exit(1);
}
