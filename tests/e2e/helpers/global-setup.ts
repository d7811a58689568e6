import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { seedDataOnce, startServer, type TestServer } from './server';

/**
 * What one vitest worker's test files share: a built server (seeded once). Their Chromium is the worker's own
 * (suite.ts).
 */
export interface WorkerFixtures {
  origin: string;
  demoAccountsFile: string;
  databasePath: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Index = VITEST_POOL_ID - 1 (vitest numbers its workers from 1 to maxWorkers). */
    e2eWorkers: WorkerFixtures[];
    /** The data folder seeded once (server.ts, seedDataOnce) that every server of the phase starts from. */
    e2eSeededData: string;
  }
}

/**
 * Starts, before any browser test file, one server (temporary database with demo data) per vitest worker.
 * Seeding a server took a few seconds per file when every file did it; a worker runs its files one after
 * another, so they share it without running into each other (and the Chromium the worker launches, suite.ts).
 * The demo data is seeded once and every server, a file's own included, starts on a copy of it.
 * A file that needs a server of its own says so in its setupE2E call (suite.ts).
 */
export default async function setup(project: TestProject) {
  const count = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers: TestServer[] = [];
  let seeded: string | undefined;
  const stop = async () => {
    const stopped = await Promise.allSettled(servers.map((server) => server.stop()));
    if (seeded) await rm(seeded, { recursive: true, force: true });
    const failed = stopped.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  };
  try {
    seeded = await seedDataOnce();
    const seededData = seeded;
    const fixtures = await Promise.all(
      Array.from({ length: count }, async (): Promise<WorkerFixtures> => {
        const server = await startServer({}, seededData);
        servers.push(server);
        return {
          origin: server.origin,
          demoAccountsFile: server.demoAccountsFile,
          databasePath: server.databasePath,
        };
      }),
    );
    project.provide('e2eWorkers', fixtures);
    project.provide('e2eSeededData', seededData);
    process.stdout.write(`[e2e] ${count} shared server(s), one per worker\n`);
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return stop;
}
