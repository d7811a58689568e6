import { configDefaults, defineConfig } from 'vitest/config';

const SERVER_RENDERING = 'tests/server/ssr/**/*.test.ts';
const SERVER_PROCESSES = 'tests/server/**/*.process.test.ts';

// Each worker's process runs its files in turn (starting Node and loading the same packages for every file cost
// more than most files' tests), and tests/helpers/fresh-modules.ts (after setup.ts) gives every file the project's
// own modules fresh, as a process of its own would.
const SHARED_PROCESS = { isolate: false, setupFiles: ['tests/helpers/fresh-modules.ts'] };

export default defineConfig({
  // The import aliases (@server/..., @shared/..., @client/...) are tsconfig.json's "paths". Installed packages
  // load through Node, as they do on the server: React, react-dom and the libraries built on them are the real ones.
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    setupFiles: ['tests/helpers/setup.ts'],
    testTimeout: 20_000,
    pool: 'forks',
    // Both cores (vitest's default leaves one idle on a 2-core machine).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          ...SHARED_PROCESS,
          include: [
            'tests/server/**/*.test.ts',
            'tests/shared/**/*.test.ts',
            'tests/client/**/*.test.{ts,tsx}',
          ],
          exclude: [...configDefaults.exclude, SERVER_RENDERING, SERVER_PROCESSES],
        },
      },
      {
        // Tests that start the server as a process of its own: the global setup bundles it once per run, only
        // when a run includes these files (tests/helpers/server-build.ts).
        extends: true,
        test: {
          name: 'processes',
          ...SHARED_PROCESS,
          include: [SERVER_PROCESSES],
          globalSetup: ['tests/helpers/server-build.ts'],
        },
      },
      {
        // The server's pages through the real page renderer, built once per run (a few seconds) by the global
        // setup, only when a run includes these files: `npm run test:unit` works on a fresh clone, before any build.
        extends: true,
        test: {
          name: 'ssr',
          include: [SERVER_RENDERING],
          globalSetup: ['tests/helpers/ssr-renderer.ts'],
        },
      },
    ],
  },
});
