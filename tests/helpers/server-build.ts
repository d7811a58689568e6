import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled from the sources under test (index.js), as `npm run build:server` bundles it. */
    serverBuildDir: string;
  }
}

/**
 * Global setup of the tests that start the server as a process of its own (the `processes` project of
 * vitest.config.ts, files named *.process.test.ts): bundles the server once for the run, as
 * `npm run build:server` does, so that each start loads one bundle instead of compiling hundreds of TypeScript
 * files through tsx (seconds a start, and these files start it a dozen times). The bundle is of the sources
 * under test, on a fresh clone too, never a stale dist/server. It is written inside the checkout, whose
 * node_modules hold the packages it leaves out.
 */
export default async function setup(project: TestProject) {
  const root = project.config.root;
  // `npm test` builds the server (npm run build) before the unit tests: it names that build here
  // (CODKA_TEST_BUILT_SERVER, the same tree built moments before) rather than have it built twice.
  const prebuilt = process.env.CODKA_TEST_BUILT_SERVER;
  if (prebuilt) {
    const dir = resolve(root, prebuilt);
    if (!existsSync(join(dir, 'index.js'))) {
      throw new Error(
        `CODKA_TEST_BUILT_SERVER=${prebuilt}: no built server there (run npm run build:server)`,
      );
    }
    project.provide('serverBuildDir', dir);
    process.stdout.write(`[processes] server built by npm run build (${prebuilt}), reused\n`);
    return;
  }
  const artifacts = join(root, 'tests', '.artifacts');
  mkdirSync(artifacts, { recursive: true });
  const folder = mkdtempSync(join(artifacts, 'server-build-'));
  const startedAt = Date.now();
  try {
    await buildServer(join(folder, 'server'), root);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`the server (server/index.ts, as npm run build:server) did not build: ${String(error)}`);
  }
  process.stdout.write(`[processes] server built in ${Date.now() - startedAt} ms\n`);
  project.provide('serverBuildDir', join(folder, 'server'));
  return () => rmSync(folder, { recursive: true, force: true });
}
