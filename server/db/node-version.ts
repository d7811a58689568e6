/**
 * better-sqlite3 13 is built on Node-API 10 and needs Node 22+: on Node 20 it loads, then the first `new Database`
 * ends the process with a segmentation fault and no message. A machine whose system Node is older runs Codka
 * through npm (`npm start`, `npm run …`, `npx …`), which puts the project's Node 24 (node_modules/.bin/node)
 * first on PATH; a plain `node …` bypasses it, so say so before opening a database.
 */
export const MINIMUM_NODE_MAJOR = 22;

/** The sentence to stop with when `version` (as `process.version`) cannot run better-sqlite3, or null. */
export function unsupportedNodeMessage(version: string): string | null {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= MINIMUM_NODE_MAJOR) return null;
  return (
    `Codka needs Node ${MINIMUM_NODE_MAJOR}+ (it is developed on Node 24) but this is Node ${version}. ` +
    'Run it through npm (npm start, npm run <script>, npx <command>), which uses the Node 24 in node_modules/.bin.'
  );
}
