// `npm start` and `node dist/server/index.js <command>`: the same commands as the release executable
// (`codka --help`), with packages from node_modules and demo data seeded into an empty database by default.
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

// Node keeps the compiled code of every file it loads (the server and the page renderer) in a cache folder and
// reuses it at the next start: about half of a cold start (docs/scaling.md). It must be on before the files
// load, hence the import below. The folder is the build's own (dist/.compile-cache), never the shared temporary
// folder: compiled code read from a folder another account on the machine can write to would run as the server.
// Node reads NODE_COMPILE_CACHE (a folder of the operator's choosing) and NODE_DISABLE_COMPILE_CACHE=1 itself,
// before this file runs; this call then changes nothing.
enableCompileCache(fileURLToPath(new URL('../.compile-cache', import.meta.url)));
await import('./main');
