import { resolve } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { reactOnPreact } from './vite.config.ts';

const reactLibraries = {
  server: {
      deps: {
        // Every installed package that imports React (their package.json names react or react-dom).
        inline: [
          /node_modules[\\/](@floating-ui|@mantine|@tabler[\\/]icons-react|@tanstack[\\/]react-query|@testing-library[\\/]react|@trpc[\\/]tanstack-react-query)[\\/]/,
          /node_modules[\\/](react-i18next|react-number-format|react-remove-scroll(-bar)?|react-router|react-style-singleton)[\\/]/,
          /node_modules[\\/](react-transition-group|use-callback-ref|use-sidecar|use-sync-external-store)[\\/]/,
        ],
      },
    }
};

const SERVER_RENDERING = 'tests/server/ssr/**/*.test.ts';

export default defineConfig({
  // The import aliases (@server/..., @shared/..., @client/...) are tsconfig.json's "paths".
  // The client's components run on Preact here too, as in the built site (vite.config.ts). The libraries that import
  // React are loaded through Vite (inlined) so that they get the same aliases; Testing Library's act is Preact's.
  resolve: {
    tsconfigPaths: true,
    alias: [
      ...reactOnPreact,
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      // Its ES module build: the CommonJS one would require React's packages around the aliases.
      {
        find: /^@testing-library\/react$/,
        replacement: resolve('node_modules/@testing-library/react/dist/@testing-library/react.esm.js'),
      },
    ],
  },
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
          ...reactLibraries,
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
