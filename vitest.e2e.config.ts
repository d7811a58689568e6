import { defineConfig } from 'vitest/config';

/** Browser tests: the built server on a temporary database, driven through Debian's Chromium. */
export default defineConfig({
  // The import aliases (@server/..., @shared/..., @client/...) are tsconfig.json's "paths".
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    // A worker's process runs its files one after another (starting Node and loading playwright-core for each file
    // cost more than some files' tests); tests/helpers/fresh-modules.ts gives every file the project's own modules
    // (the helpers, the client's i18n) fresh, as a process of its own would.
    isolate: false,
    setupFiles: ['tests/helpers/setup.ts', 'tests/helpers/fresh-modules.ts'],
    // One server and one Chromium per worker, shared by the files it runs (tests/e2e/helpers/suite.ts).
    // One temporary folder for the run, removed after the servers stop (tests/helpers/run-temp-folder.ts).
    globalSetup: ['tests/helpers/run-temp-folder.ts', 'tests/e2e/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Three workers, each with its own server and Chromium, on the 2-core machine: a page often waits on its server
    // or the network, and with two workers the cores sat idle for part of the phase (README, "Tests").
    maxWorkers: 3,
  },
});
