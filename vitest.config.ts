import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { reactOnPreact } from './vite.config.ts';

/**
 * Every installed package whose package.json names react or react-dom (Mantine, react-router, TanStack Query,
 * react-i18next, react-remove-scroll...): loaded through Vite (inlined), never by Node, so that their own imports of
 * React meet the aliases. Read from node_modules, so that a library added later is covered without a list to keep.
 */
function reactLibraries(): RegExp[] {
  const names: string[] = [];
  for (const entry of readdirSync('node_modules')) {
    const folder = join('node_modules', entry);
    const packages = entry.startsWith('@') ? readdirSync(folder).map((name) => `${entry}/${name}`) : [entry];
    for (const name of packages) {
      const file = join('node_modules', name, 'package.json');
      if (!existsSync(file)) continue;
      const { dependencies, peerDependencies } = JSON.parse(readFileSync(file, 'utf8'));
      const uses = { ...dependencies, ...peerDependencies };
      if ('react' in uses || 'react-dom' in uses) names.push(name);
    }
  }
  return names.map((name) => new RegExp(`node_modules[\\\\/]${name.replace('/', '[\\\\/]')}[\\\\/]`));
}

const SERVER_RENDERING = 'tests/server/ssr/**/*.test.ts';

export default defineConfig({
  // The import aliases (@server/..., @shared/..., @client/...) are tsconfig.json's "paths".
  // The client's components run on Preact here too, as in the built site (vite.config.ts). The libraries that import
  // React are loaded through Vite (inlined) so that they get the same aliases; Testing Library's act is Preact's.
  resolve: {
    tsconfigPaths: true,
    // Every package's ES module build, in the happy-dom tests' environment: Vitest's default resolves as Node would,
    // to the CommonJS builds, whose require('react') goes around the aliases. Vite's defaults for a server
    // environment, not the browser's: the hub card's tests run the server's code (argon2) in happy-dom too.
    conditions: ['module', 'node', 'development|production'],
    mainFields: ['module', 'jsnext:main', 'jsnext'],
    alias: [
      ...reactOnPreact,
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      // react-i18next's store hook: CommonJS only, its require('react') would load React's own package. Given a
      // React that has useSyncExternalStore (Preact's compat has), the shim is that hook, as in the built site.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
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
          server: { deps: { inline: reactLibraries() } },
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
