import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type PageOptions, type TestPage, trackPages, type ViewportName } from './browser';
import { startServer, type TestServer } from './server';

/**
 * One test file's fixtures: its own server (fresh database with demo data) and browser, started before
 * the first test and stopped after the last. Returns `openPage`, which gives a fresh page per call and
 * fails the test when a page reported an error, and `server()` to read what the server printed.
 */
export function setupE2E(options: { env?: Record<string, string> } = {}): {
  openPage(viewport?: ViewportName, options?: PageOptions): Promise<TestPage>;
  origin(): string;
  server(): TestServer;
} {
  let server: TestServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServer(options.env);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    try {
      await browser?.close();
    } finally {
      await server?.stop();
    }
  });

  const started = () => {
    if (!server || !browser) throw new Error('the server or the browser did not start (see beforeAll)');
    return { browser, origin: server.origin };
  };
  return {
    openPage: trackPages(started),
    origin: () => started().origin,
    server: () => {
      if (!server) throw new Error('the server did not start (see beforeAll)');
      return server;
    },
  };
}
