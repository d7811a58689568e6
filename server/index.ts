import { buildApp } from './app';
import { closeDb, createDb, migrateDb } from './db/client';
import { EnvError, readEnv } from './env';
import { ConfiguredAdminRefused } from './services/accounts';
import { demoAccountsBanner, prepareDatabase } from './startup';

async function main() {
  const env = readEnv();
  const db = createDb(env.DATABASE_PATH);
  migrateDb(db);
  const app = await buildApp({ db, env });
  const { demoAccounts } = await prepareDatabase(db, env, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting connections, let requests in flight finish, then close the database cleanly.
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    closeDb(db);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  // Plain lines for the person who just typed `npm start`; the structured log above is for machines.
  console.log(`\nCodka is running at ${env.PUBLIC_ORIGIN}`);
  if (demoAccounts) console.log(demoAccountsBanner(demoAccounts));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof ConfiguredAdminRefused) {
    console.error(error.message);
  } else {
    console.error('Codka failed to start:', error);
  }
  process.exit(1);
});
