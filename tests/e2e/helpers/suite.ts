import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { type PageOptions, type TestPage, trackPages, type ViewportName } from './browser';
import { launchBrowser } from './chromium';
import { learnDemoPasswords } from './demo-accounts';
import type { WorkerFixtures } from './global-setup';
import { startServer, type TestServer } from './server';

/**
 * A file that cannot share its worker's server: `because` says why (an environment of its own, or state
 * it changes that other files read), `env` is what its server is started with (read in beforeAll, so an
 * earlier beforeAll may prepare it).
 */
export interface OwnServer {
  because: string;
  env?: Record<string, string> | (() => Record<string, string>);
}

/**
 * The worker's Chromium: launched by the first file the worker runs and kept on its process for the files after
 * it (the project's modules are evaluated afresh for every file, tests/helpers/fresh-modules.ts; a global is
 * not), launched again if it went away. Playwright drives it from this process, with no websocket between them: one
 * would encode and decode every protocol message again on both sides, about 7% of the phase's CPU. It ends with
 * the process.
 */
const WORKER_BROWSER = Symbol.for('codka.e2e.browser');
async function workerBrowser(): Promise<Browser> {
  const holder = globalThis as { [WORKER_BROWSER]?: Promise<Browser> };
  const running = await holder[WORKER_BROWSER]?.catch(() => undefined);
  if (running?.isConnected()) return running;
  const launching = launchBrowser();
  holder[WORKER_BROWSER] = launching;
  return launching;
}

/** The server global-setup.ts started for the vitest worker running this file. */
function workerFixtures(): WorkerFixtures {
  const workers = inject('e2eWorkers');
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  const fixtures = workers?.[id - 1];
  if (!fixtures) {
    throw new Error(
      `no shared browser-test server for worker ${id}: run the browser tests with vitest.e2e.config.ts`,
    );
  }
  return fixtures;
}

/**
 * One test file's fixtures. By default the server and Chromium its vitest worker shares with the files it
 * runs before and after (global-setup.ts): the file must not depend on what those files did, so a test
 * that counts things creates them (factories.ts) rather than asserting the demo data's numbers.
 * `ownServer` starts a server for this file alone (demo data no server has used), stopped after it.
 * Returns `openPage`, which gives a fresh page in its own context per call and fails the test when a page
 * reported an error, `browser()` for files that open pages their own way, and `server()` (own server only)
 * to read what the server printed.
 */
export function setupE2E(options: { ownServer?: OwnServer } = {}): {
  openPage(viewport?: ViewportName, options?: PageOptions): Promise<TestPage>;
  origin(): string;
  browser(): Browser;
  server(): TestServer;
  /** The server's SQLite file (tests/e2e/helpers/roll-db.ts writes voter roll entries there). */
  databasePath(): string;
} {
  let server: TestServer | undefined;
  let origin: string | undefined;
  let databasePath: string | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const fixtures = workerFixtures();
    browser = await workerBrowser();
    const own = options.ownServer;
    if (own) {
      server = await startServer(
        typeof own.env === 'function' ? own.env() : own.env,
        inject('e2eSeededData'),
      );
      origin = server.origin;
      databasePath = server.databasePath;
    } else {
      learnDemoPasswords(fixtures.demoAccountsFile);
      origin = fixtures.origin;
      databasePath = fixtures.databasePath;
    }
  });

  afterAll(async () => {
    try {
      // The worker's Chromium serves the next file: only this file's contexts close.
      await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    } finally {
      await server?.stop();
    }
  });

  const started = () => {
    if (!origin || !browser) throw new Error('the server or the browser did not start (see beforeAll)');
    return { browser, origin };
  };
  return {
    openPage: trackPages(started),
    origin: () => started().origin,
    browser: () => started().browser,
    databasePath: () => {
      if (!databasePath) throw new Error('the server did not start (see beforeAll)');
      return databasePath;
    },
    server: () => {
      if (!options.ownServer) {
        throw new Error(
          "only a file with its own server (setupE2E({ ownServer })) reads the server's output",
        );
      }
      if (!server) throw new Error('the server did not start (see beforeAll)');
      return server;
    },
  };
}
