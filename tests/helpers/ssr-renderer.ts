import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder holding entry-server.cjs as server/http/ssr.ts loads it (the renderer behind a test probe). */
    ssrRendererDir: string;
  }
}

/**
 * Global setup of the server-rendering tests (the `ssr` project of vitest.config.ts): builds the page renderer
 * (client/src/entry-server.tsx, as `npm run build:ssr` does) into a temporary folder with Vite's API, so the
 * tests always render the pages of the code under test, on a fresh clone too, never a stale dist/ssr.
 *
 * The folder's entry-server.cjs is a thin wrapper: it tells the tests which pages were rendered (the page
 * cache's hits and misses are otherwise invisible) and lets a test hold renders (the render queue's bound),
 * through tests/helpers/ssr.ts's probe, then calls the real renderer.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'codka-ssr-renderer-'));
  const builtDir = join(folder, 'built');
  mkdirSync(builtDir);
  const startedAt = Date.now();
  // Built as `npm run build:ssr` builds it: Vite compiles JSX for production only when NODE_ENV says so (vitest
  // sets it to test), and the renderer carries React's production build only (vite.config.ts).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(project.config.root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { ssr: 'src/entry-server.tsx', outDir: builtDir, emptyOutDir: true },
    });
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`the page renderer (client/src/entry-server.tsx) did not build: ${String(error)}`);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  writeFileSync(
    join(folder, 'entry-server.cjs'),
    [
      "const built = require('./built/entry-server.cjs');",
      'exports.render = async (request) => {',
      '  const probe = globalThis.codkaRenderProbe;',
      '  if (probe) await probe.beforeRender(request);',
      '  return built.render(request);',
      '};',
      '',
    ].join('\n'),
  );
  process.stdout.write(`[ssr] page renderer built in ${Date.now() - startedAt} ms\n`);
  project.provide('ssrRendererDir', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
