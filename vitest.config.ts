import { configDefaults, defineConfig } from 'vitest/config';

const SERVER_RENDERING = 'tests/server/ssr/**/*.test.ts';

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
          // Starting Node and loading the same packages for every file cost more than most files' tests: each
          // worker's process runs its files in turn, and tests/helpers/fresh-modules.ts (after setup.ts) gives
          // every file the project's own modules fresh, as a process of its own would.
          isolate: false,
          setupFiles: ['tests/helpers/fresh-modules.ts'],
          include: [
            'tests/server/**/*.test.ts',
            'tests/shared/**/*.test.ts',
            'tests/client/**/*.test.{ts,tsx}',
          ],
          exclude: [...configDefaults.exclude, SERVER_RENDERING],
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
