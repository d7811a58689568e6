import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The import aliases (@server/..., @shared/..., @client/...) are tsconfig.json's "paths".
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/server/**/*.test.ts', 'tests/shared/**/*.test.ts', 'tests/client/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/helpers/setup.ts'],
    testTimeout: 20_000,
    pool: 'forks',
  },
});
