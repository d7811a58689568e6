import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** A missing browser fails the suite with the command that installs it. */
function chromiumOptions() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}: the browser tests need it. Run: apt-get install -y chromium`,
    );
  }
  return {
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}

/** Debian's Chromium, headless, for a suite outside the browser tests' workers (the release test). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumOptions());
}

/**
 * Debian's Chromium, headless, behind a websocket: global-setup.ts starts one per vitest worker (this file
 * imports nothing of vitest so it can run there), and each test file connects to it instead of starting
 * its own; a file's pages live in browser contexts of their own.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(chromiumOptions());
}
