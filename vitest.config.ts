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
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
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
