import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium, type LaunchOptions } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Chromium features no test needs, that cost CPU on every page a test opens. Each new browser context opens a
 * window, and Chromium renders that window's omnibox popups (three WebUI pages) ahead of use: about 0.3 s of CPU
 * per page on the 2-core machine, half of what an empty page costs (measured with a cgroup's CPU account over 15
 * contexts: 10.2 s without these, 5.2 s with).
 */
const IDLE_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'PreloadTopChromeWebUI',
  'Prewarm',
];

/** A missing browser fails the suite with the command that installs it. */
function baseOptions() {
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

let options: Promise<LaunchOptions> | undefined;

/**
 * The launch options with IDLE_FEATURES switched off beside playwright-core's own --disable-features list.
 * Chromium keeps only the last --disable-features it is given, so a second one would silently drop
 * playwright-core's; its list is read from the command line of a first launch (ChildProcess.spawnargs) and
 * given again, with ours, in one switch.
 */
function chromiumOptions(): Promise<LaunchOptions> {
  options ??= (async () => {
    const base = baseOptions();
    const probe = await chromium.launchServer(base);
    const spawned = probe.process().spawnargs;
    await probe.close();
    const theirs = spawned.find((arg) => arg.startsWith('--disable-features='));
    if (!theirs) return { ...base, args: [...base.args, `--disable-features=${IDLE_FEATURES.join(',')}`] };
    return {
      ...base,
      ignoreDefaultArgs: [theirs],
      args: [...base.args, `${theirs},${IDLE_FEATURES.join(',')}`],
    };
  })();
  return options;
}

/** Debian's Chromium, headless, for a suite outside the browser tests' workers (the release test). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(await chromiumOptions());
}

/**
 * Debian's Chromium, headless, behind a websocket: global-setup.ts starts one per vitest worker (this file
 * imports nothing of vitest so it can run there), and each test file connects to it instead of starting
 * its own; a file's pages live in browser contexts of their own.
 */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(await chromiumOptions());
}
