// `npm start` and `node dist/server/index.js <command>`: the same commands as the release executable
// (`codka --help`), with packages from node_modules and demo data seeded into an empty database by default.
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

// Node keeps the compiled code of every file it loads (the server and the page renderer) in a cache folder and
// reuses it at the next start: about half of a cold start (docs/scaling.md, S1). It must be on before the files
// load, hence the import below. The folder is the build's own (dist/.compile-cache, or NODE_COMPILE_CACHE), never
// the shared temporary folder: compiled code read from a folder another account on the machine can write to
// would run as the server. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
enableCompileCache(
  process.env.NODE_COMPILE_CACHE || fileURLToPath(new URL('../.compile-cache', import.meta.url)),
);
await import('./main');
