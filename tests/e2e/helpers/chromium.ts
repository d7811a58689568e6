import { existsSync } from 'node:fs';
import { type Browser, chromium, type LaunchOptions } from 'playwright-core';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same Chromium build as Debian's browser,
 * Blink and V8 included, without the browser's window, tabs and omnibox, which headless tests never show. It is what
 * playwright-core itself runs for headless tests. A page costs about a fifth less CPU there than in the whole browser
 * run headless (docs/decisions/027-test-browser.md); the benchmarks keep the whole browser (bench/lib.mjs).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';

/** A missing browser fails the suite with the command that installs it. */
function chromiumOptions(): LaunchOptions {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium's headless shell is missing at ${CHROMIUM_PATH}: the browser tests need it. Run: apt-get install -y chromium-headless-shell`,
    );
  }
  return {
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}

/**
 * Debian's Chromium, headless: each browser-test worker launches one for the files it runs (suite.ts), and the
 * release test its own. Playwright drives it from the process that launched it.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumOptions());
}
