// `npm start` and `npm run codka -- <command>`: builds what is missing or stale (ensure-build.mjs), then
// becomes the server, dist/server/index.js with the Node flags it runs with (server-node-flags.mjs). The same
// process: npm's signals reach the server itself, and no second Node stays resident beside it.
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

await import('./ensure-build.mjs');
const args = [...SERVER_NODE_FLAGS, 'dist/server/index.js', ...process.argv.slice(2)];
if (typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...args], process.env);
} else {
  // Windows has no exec: the server runs as a child whose exit code becomes ours.
  const { spawnSync } = await import('node:child_process');
  process.exit(spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1);
}
