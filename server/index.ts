// `npm start` and `node dist/server/index.js <command>`: the same commands as the release executable
// (`codka --help`), with packages from node_modules and demo data seeded into an empty database by default.
import { enableCompileCache } from 'node:module';

// Node keeps the compiled code of every file it loads (the server and the page renderer) in a cache folder
// (the system's temporary folder, or NODE_COMPILE_CACHE) and reuses it at the next start: about half of a
// cold start (docs/scaling.md, S1). It must be on before the files load, hence the import below.
enableCompileCache();
await import('./main');
