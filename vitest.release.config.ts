import { defineConfig } from 'vitest/config';

/** The release executable (npm run test:release builds it first), run alone from an empty folder. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/release/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // One temporary folder for the run, removed at its end (tests/helpers/run-temp-folder.ts).
    globalSetup: ['tests/helpers/run-temp-folder.ts'],
  },
});
