import { afterAll, vi } from 'vitest';

// Each project of vitest.config.ts runs its files one after another in each worker's process (`isolate: false`):
// the installed packages load once per process, through Node, as on the server. The project's own modules are
// evaluated afresh for every file, so no file sees the state an earlier one left in them, and what a file changed
// in the process (variables of the environment, globals, fake timers) is put back when it ends.
vi.resetModules();
afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
