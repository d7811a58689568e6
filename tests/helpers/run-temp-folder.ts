import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The run's folder while the run goes on: every project of vitest.config.ts runs this setup, and all share one. */
const RUN_FOLDER = 'CODKA_TEST_RUN_TMPDIR';

/**
 * Global setup of every test run: one temporary folder for the whole run, removed when the run ends, so a run
 * leaves nothing behind (its databases, uploads and keys come to about 1,500 folders). The run's processes, and the
 * servers, browsers and tools they start, take their temporary files from TMPDIR (Node's os.tmpdir(), Chromium's
 * profiles, SQLite), which points there while the run goes on. It is the first global setup of each config, so its
 * teardown runs after the others' (servers stopped first).
 */
export default function setup(): (() => void) | undefined {
  if (process.env[RUN_FOLDER]) return undefined;
  const folder = mkdtempSync(join(tmpdir(), 'codka-test-run-'));
  const before = process.env.TMPDIR;
  process.env[RUN_FOLDER] = folder;
  process.env.TMPDIR = folder;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    delete process.env[RUN_FOLDER];
    rmSync(folder, { recursive: true, force: true });
  };
}
