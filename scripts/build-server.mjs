// Bundles the server into dist/server (index.js, the entry, and the chunks it imports); CommonJS packages stay
// external and load from node_modules. The import aliases (@server/..., @shared/...) resolve through
// tsconfig.json's "paths", which esbuild reads by itself.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The `"type"` of the package.json nearest to `file` (what Node decides a .js file's format by). */
function packageType(file) {
  for (let folder = dirname(file); folder !== dirname(folder); folder = dirname(folder)) {
    try {
      return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).type ?? 'commonjs';
    } catch {
      // No package.json here: look higher.
    }
  }
  return 'commonjs';
}

// Packages written as ES modules are bundled in: Node 24 looks up and parses the package.json of every ES
// module file it loads from node_modules, each time (drizzle-orm's is 179 KB, for 113 files), which cost
// about 300 ms of the cold start and 20 MB of memory that stayed (docs/scaling.md). CommonJS packages
// (fastify and its plugins, native addons) stay external, as do the packages loaded on first use (`import()`).
const bundleEsmPackages = {
  name: 'bundle-esm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (
        args.pluginData?.resolving ||
        args.path.startsWith('node:') ||
        /^@(server|shared|client)\//.test(args.path)
      )
        return undefined;
      if (args.kind === 'dynamic-import') return { path: args.path, external: true };
      const found = await builder.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { resolving: true },
      });
      if (found.errors.length > 0 || found.external) return undefined;
      const esm =
        found.path.endsWith('.mjs') || (found.path.endsWith('.js') && packageType(found.path) === 'module');
      return esm ? undefined : { path: args.path, external: true };
    });
  },
};

/** Bundles the server into `outdir`, from the checkout at `root` (where node_modules and tsconfig.json are). */
export async function buildServer(outdir, root = process.cwd()) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // The Belenios verification worker is an entry of its own: worker threads load it by file (verify-pool.ts).
    entryPoints: { index: 'server/index.ts', 'verify-worker': 'server/belenios/verify-worker.ts' },
    outdir,
    // server/index.ts turns on Node's compile cache and then imports the rest, which must be another file.
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    // Escapes non-ASCII characters in strings; those left in comments and regular expressions are escaped below.
    charset: 'ascii',
    plugins: [bundleEsmPackages],
    sourcemap: true,
    logLevel: 'warning',
  });

  // One character above U+00FF (an arrow in a comment or a regular expression) makes V8 keep the whole source
  // of the file as two bytes per character, for as long as the server runs. Written as \u escapes, it means the
  // same in a comment, a string or a regular expression.
  for (const name of readdirSync(outdir).filter((file) => file.endsWith('.js'))) {
    const file = join(outdir, name);
    const source = readFileSync(file, 'utf8');
    const narrow = source.replace(
      /[\u0100-\uffff]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    if (narrow !== source) writeFileSync(file, narrow);
  }
}

// `npm run build:server`; the unit tests that start the server as a process build it elsewhere
// (tests/helpers/server-build.ts).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer('dist/server');
  console.log('server built: dist/server/index.js');
}
