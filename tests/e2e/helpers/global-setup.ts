import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './chromium';
import { startServer, type TestServer } from './server';

/** What one vitest worker's test files share: a built server (seeded once) and a Chromium. */
export interface WorkerFixtures {
  origin: string;
  demoAccountsFile: string;
  databasePath: string;
  browserEndpoint: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Index = VITEST_POOL_ID - 1 (vitest numbers its workers from 1 to maxWorkers). */
    e2eWorkers: WorkerFixtures[];
  }
}

/**
 * Starts, before any browser test file, one server (temporary database, demo data) and one Chromium per
 * vitest worker. Seeding a server and starting Chromium took a few seconds per file when every file did
 * both; a worker runs its files one after another, so they share them without running into each other.
 * A file that needs a server of its own says so in its setupE2E call (suite.ts).
 */
export default async function setup(project: TestProject) {
  const count = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers: TestServer[] = [];
  const browsers: BrowserServer[] = [];
  const stop = async () => {
    await Promise.allSettled(browsers.map((browser) => browser.close()));
    const stopped = await Promise.allSettled(servers.map((server) => server.stop()));
    const failed = stopped.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  };
  try {
    const fixtures = await Promise.all(
      Array.from({ length: count }, async (): Promise<WorkerFixtures> => {
        const server = await startServer();
        servers.push(server);
        const browser = await launchBrowserServer();
        browsers.push(browser);
        return {
          origin: server.origin,
          demoAccountsFile: server.demoAccountsFile,
          databasePath: server.databasePath,
          browserEndpoint: browser.wsEndpoint(),
        };
      }),
    );
    project.provide('e2eWorkers', fixtures);
    process.stdout.write(`[e2e] ${count} shared server(s) and Chromium(s), one per worker\n`);
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return stop;
}
