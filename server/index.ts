// `npm start` and `node dist/server/index.js <command>`: the same commands as the release executable
// (`codka --help`), with packages from node_modules and demo data seeded into an empty database by default.
import { runCli } from './cli/main';
import { checkoutRuntime } from './cli/runtime';

runCli(process.argv.slice(2), checkoutRuntime()).then(
  (code) => {
    if (code !== null) process.exit(code);
  },
  (error: unknown) => {
    console.error('Codka failed:', error);
    process.exit(1);
  },
);
