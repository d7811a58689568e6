import { defineConfig } from 'vitest/config';

/** Browser tests: the built server on a temporary database, driven through Debian's Chromium. */
export default defineConfig({
  // The import aliases (@server/..., @shared/..., @client/...) are tsconfig.json's "paths".
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/helpers/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
