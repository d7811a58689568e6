import { configDefaults, defineConfig } from 'vitest/config';

const SERVER_RENDERING = 'tests/server/ssr/**/*.test.ts';
const SERVER_PROCESSES = 'tests/server/**/*.process.test.ts';
/** The client's components, rendered by React into happy-dom's document. */
const COMPONENTS = 'tests/client/**/*.test.tsx';

// Each worker's process runs its files in turn (starting Node and loading the same packages for every file cost
// more than most files' tests), and tests/helpers/fresh-modules.ts (after setup.ts) gives every file the project's
// own modules fresh, as a process of its own would.
const SHARED_PROCESS = { isolate: false, setupFiles: ['tests/helpers/fresh-modules.ts'] };

// Vitest hands a worker's process the next file only when that file is of the same project and environment;
// otherwise it ends the process and starts another, which loads every package again. The projects therefore run
// in groups of their own (`sequence.groupOrder`: one group after another), so a worker keeps its process from a
// project's first file to its last.
const GROUP = { unit: 0, components: 1, processes: 2, ssr: 3 } as const;

export default defineConfig({
  // The import aliases (@server/..., @shared/..., @client/...) are tsconfig.json's "paths". Installed packages
  // load through Node, as they do on the server: React, react-dom and the libraries built on them are the real ones.
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    setupFiles: ['tests/helpers/setup.ts'],
    // One temporary folder for the run, removed at its end. Every project extends this config, and a project's own
    // global setup comes after this one, so its teardown runs before this one removes the folder.
    globalSetup: ['tests/helpers/run-temp-folder.ts'],
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
          sequence: { groupOrder: GROUP.unit },
          include: ['tests/server/**/*.test.ts', 'tests/shared/**/*.test.ts', 'tests/client/**/*.test.ts'],
          exclude: [...configDefaults.exclude, SERVER_RENDERING, SERVER_PROCESSES],
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          ...SHARED_PROCESS,
          sequence: { groupOrder: GROUP.components },
          environment: 'happy-dom',
          include: [COMPONENTS],
        },
      },
      {
        // Tests that start the server as a process of its own: the global setup bundles it once per run, only
        // when a run includes these files (tests/helpers/server-build.ts).
        extends: true,
        test: {
          name: 'processes',
          ...SHARED_PROCESS,
          sequence: { groupOrder: GROUP.processes },
          include: [SERVER_PROCESSES],
          globalSetup: ['tests/helpers/server-build.ts'],
        },
      },
      {
        // The server's pages through the real page renderer, built once per run (a few seconds) by the global
        // setup, only when a run includes these files: `npm run test:unit` works on a fresh clone, before any build.
        // A worker's process loads the built renderer once for the files it runs, as the server loads it once for
        // every request.
        extends: true,
        test: {
          name: 'ssr',
          ...SHARED_PROCESS,
          sequence: { groupOrder: GROUP.ssr },
          include: [SERVER_RENDERING],
          globalSetup: ['tests/helpers/ssr-renderer.ts'],
        },
      },
    ],
  },
});
