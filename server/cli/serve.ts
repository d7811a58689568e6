import { buildApp, loggerOptions } from '../app';
import { closeDb, createDb, migrateDb } from '../db/client';
import { loadKeys } from '../db/key-file';
import { logOutput } from '../log-output';
import { ConfiguredAdminRefused } from '../services/accounts';
import { stopOnSignals } from '../shutdown';
import { demoAccountsBanner, prepareDatabase } from '../startup';
import { EXIT } from './help';
import type { CommandInput } from './main';

/** `codka serve` (and `npm start`): migrate, build the app, stop cleanly on SIGTERM, listen. */
export async function serve({ env, files }: CommandInput): Promise<number | null> {
  // A reader that went away must cost the lines it misses, never the process (log-output.ts).
  process.stdout.on('error', () => {});
  process.stderr.on('error', () => {});
  const db = createDb(env.DATABASE_PATH);
  try {
    migrateDb(db, files.migrationsFolder);
    loadKeys(db, env.KEYS_FILE);
  } catch (error) {
    closeDb(db);
    throw error;
  }
  const app = await buildApp({
    db,
    env,
    siteDir: files.siteDir,
    devSite: files.devSite,
    logger: { ...(loggerOptions(env) as object), stream: logOutput() },
  });
  let stopping = false;
  // Once stopping, every answer closes its connection: a keep-alive socket left open would hold the close
  // until the deadline.
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  stopOnSignals({
    stop: async () => {
      stopping = true;
      await app.close();
      closeDb(db);
    },
    log: (message) => app.log.info(message),
    closeNow: () => closeDb(db),
    deadlineMs: env.SHUTDOWN_DEADLINE_MS,
  });
  try {
    const { demoAccounts } = await prepareDatabase(db, env, app.log);
    await app.listen({ port: env.PORT, host: env.HOST });
    // Plain lines for the person who just typed `npm start`; the structured log above is for machines.
    console.log(`\nCodka is running at ${env.PUBLIC_ORIGIN}`);
    if (demoAccounts) console.log(demoAccountsBanner(demoAccounts));
    return null;
  } catch (error) {
    closeDb(db);
    if (error instanceof ConfiguredAdminRefused) {
      console.error(error.message);
      return EXIT.failed;
    }
    throw error;
  }
}
