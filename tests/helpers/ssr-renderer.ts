import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createBuilder } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A site folder as server/http/ssr.ts loads it (client/ and server/index.cjs, the handler behind a probe). */
    ssrSiteDir: string;
  }
}

/**
 * Global setup of the server-rendering tests (the `ssr` project of vitest.config.ts): builds the site (React
 * Router's build of client/src, as `npm run build:site` does) into a temporary folder with Vite's API, so the
 * tests always render the pages of the code under test, on a fresh clone too, never a stale dist/site.
 *
 * The folder's server/index.cjs is a thin wrapper: it tells the tests which pages were rendered (the page
 * cache's hits and misses are otherwise invisible) and lets a test hold renders (the render queue's bound),
 * through tests/helpers/ssr.ts's probe, then calls the real page handler.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'codka-site-'));
  const builtDir = join(folder, 'built');
  const siteDir = join(folder, 'site');
  const startedAt = Date.now();
  // `npm test` builds the site (npm run build) before the unit tests and the browser tests: it names that build
  // here (CODKA_TEST_BUILT_SITE, the same tree built moments before) rather than have it built twice.
  const prebuilt = process.env.CODKA_TEST_BUILT_SITE;
  if (prebuilt) {
    const site = resolve(project.config.root, prebuilt);
    if (!existsSync(join(site, 'server', 'index.cjs')) || !existsSync(join(site, 'client'))) {
      rmSync(folder, { recursive: true, force: true });
      throw new Error(`CODKA_TEST_BUILT_SITE=${prebuilt}: no built site there (run npm run build:site)`);
    }
    symlinkSync(site, builtDir);
    return finish(folder, siteDir, project, `[ssr] site built by npm run build (${prebuilt}), reused\n`);
  }
  // Built as `npm run build:site` builds it: Vite compiles JSX for production only when NODE_ENV says so
  // (vitest sets it to test); react-router.config.ts reads CODKA_SITE_DIR for where the build goes.
  const saved = { nodeEnv: process.env.NODE_ENV, siteDir: process.env.CODKA_SITE_DIR };
  process.env.NODE_ENV = 'production';
  process.env.CODKA_SITE_DIR = builtDir;
  try {
    const builder = await createBuilder({
      configFile: join(project.config.root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
    });
    await builder.buildApp();
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`the site (client/src, react-router build) did not build: ${String(error)}`);
  } finally {
    process.env.NODE_ENV = saved.nodeEnv;
    if (saved.siteDir === undefined) delete process.env.CODKA_SITE_DIR;
    else process.env.CODKA_SITE_DIR = saved.siteDir;
  }
  return finish(folder, siteDir, project, `[ssr] site built in ${Date.now() - startedAt} ms\n`);
}

/** The site folder around the build in `folder`/built: the probe's wrapper, then handed to the tests. */
function finish(folder: string, siteDir: string, project: TestProject, message: string) {
  mkdirSync(join(siteDir, 'server'), { recursive: true });
  symlinkSync(join(folder, 'built', 'client'), join(siteDir, 'client'));
  writeFileSync(
    join(siteDir, 'server', 'index.cjs'),
    [
      "const built = require('../../built/server/index.cjs');",
      'exports.handlePage = async (request, context) => {',
      '  const probe = globalThis.codkaRenderProbe;',
      '  const url = new URL(request.url);',
      '  if (probe) await probe.beforeRender({ language: context.language, url: url.pathname + url.search });',
      '  return built.handlePage(request, context);',
      '};',
      '',
    ].join('\n'),
  );
  process.stdout.write(message);
  project.provide('ssrSiteDir', siteDir);
  return () => rmSync(folder, { recursive: true, force: true });
}
