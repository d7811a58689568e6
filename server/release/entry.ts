// The release executable's entry (scripts/release/build.mjs bundles it as the single executable application's
// main script). The same command line as `npm start`; what differs is where files come from: native packages,
// the built client and the migrations are embedded and unpacked once beside the database (unpack.ts).
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { getAsset, getRawAsset } from 'node:sea';
import { runCli } from '../cli/main';
import { type CheckLine, loadNativeModules, type Runtime, VERSION } from '../cli/runtime';
import type { Env } from '../env';
import { type Manifest, pruneRuntimes, runtimeFolderProblems, unpackRuntime } from './unpack';

const manifest = JSON.parse(getAsset('manifest.json', 'utf8')) as Manifest;

/** Beside the database: the one folder a hardened service may write to (docs/deploy.md). */
const runtimeRoot = (env: Env) => join(dirname(resolve(env.DATABASE_PATH)), 'runtime');

let unpackedFolder: string | null = null;

const releaseRuntime: Runtime = {
  kind: 'release',
  version: VERSION,
  // A real deployment must never get demo accounts by accident: SEED_DEMO=true asks for them. Its staff sign in
  // with an authenticator unless STAFF_TWO_FACTOR=optional says otherwise.
  envDefaults: { SEED_DEMO: 'false', STAFF_TWO_FACTOR: 'required' },
  async prepare(env, command) {
    const root = runtimeRoot(env);
    // Checks the root and every file of the folder (owner, mode, no extra file, sha256) before anything in it
    // is loaded, at every start: unpack.ts.
    const folder = unpackRuntime(root, manifest, () => Buffer.from(getRawAsset('payload.br') as ArrayBuffer));
    if (command === 'serve') pruneRuntimes(root, folder);
    const requireUnpacked = createRequire(join(folder, 'node_modules', 'codka.js'));
    (globalThis as { __codkaRequireUnpacked?: (name: string) => unknown }).__codkaRequireUnpacked =
      requireUnpacked;
    unpackedFolder = folder;
    return {
      siteDir: join(folder, 'site'),
      migrationsFolder: join(folder, 'drizzle'),
    };
  },
  async checkNative(): Promise<CheckLine[]> {
    const folder = String(unpackedFolder);
    const problems = runtimeFolderProblems(folder, manifest);
    return [
      problems.length === 0
        ? {
            status: 'ok',
            subject: 'unpacked files',
            detail: `${manifest.files.length} files in ${folder} match their sha256, and nothing else is there`,
          }
        : {
            status: 'fail',
            subject: 'unpacked files',
            detail: `${folder}: ${problems.slice(0, 3).join('; ')}; delete the folder`,
          },
      await loadNativeModules('native modules'),
    ];
  },
};

// In a single executable application argv[1] repeats the executable; the command line starts after it.
runCli(process.argv.slice(2), releaseRuntime).then(
  (code) => {
    if (code !== null) process.exit(code);
  },
  (error: unknown) => {
    console.error('Codka failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
