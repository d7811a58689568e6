// The server's command line once index.ts has turned the compile cache on.
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
