// Bundles the server into one ESM file; packages stay external and load from node_modules. The import aliases
// (@server/..., @shared/...) resolve through tsconfig.json's "paths", which esbuild reads by itself.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/index.ts'],
  outfile: 'dist/server/index.js',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built: dist/server/index.js');
