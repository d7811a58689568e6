// Small helpers shared by the benchmarks: a free port, a server on a temporary database, timing.
import { execFile, execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';

// The load generator and Lighthouse live in bench/package.json, so that a production install does not carry
// them: every benchmark imports this file first, which installs them on first use (npm ci, from the lockfile).
if (!existsSync(new URL('./node_modules/.package-lock.json', import.meta.url))) {
  execSync('npm ci --prefix bench --no-audit --no-fund', { stdio: 'inherit' });
}

/** Debian's Chromium with the flags of the browser tests (tests/e2e/helpers/browser.ts): every bench measures the same browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts `folder`'s dist/server/index.js (the working directory's by default; another worktree's, for the
 * benchmarks that compare two builds) on a temporary database; resolves once /healthz answers 200.
 */
export async function startServer(extraEnv = {}, folder = process.cwd()) {
  const data = mkdtempSync(join(tmpdir(), 'codka-bench-'));
  const port = await freePort();
  const started = performance.now();
  // Started the way `npm start` starts it (scripts/start.mjs: the build check, then the server in the same
  // process with its Node flags), so the pid is the server's. A build from before that launcher: its entry
  // with today's flags.
  const launcher = existsSync(join(folder, 'scripts', 'start.mjs'))
    ? ['scripts/start.mjs']
    : [...SERVER_NODE_FLAGS, 'dist/server/index.js'];
  const child = spawn(process.execPath, launcher, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(data, 'codka.db'),
      UPLOADS_DIR: join(data, 'uploads'),
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer /healthz within 20 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const readyMs = performance.now() - started;
  return {
    origin,
    pid: child.pid,
    readyMs,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(data, { recursive: true, force: true });
    },
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const run$ = promisify(execFile);

/** One autocannon run in its own process (bench/load-worker.mjs); resolves with the JSON it prints last. */
export async function load(config) {
  const { stdout } = await run$(process.execPath, ['bench/load-worker.mjs', JSON.stringify(config)], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1));
}

/**
 * Builds a database with a bench/*-db.ts script in a temporary folder (it prints what it made as JSON on its
 * last line) and starts the built server on it for load runs. `stop()` stops the server and removes the folder.
 * `tree` is the worktree whose builder and server run (the working directory's by default): each tree makes its
 * database with its own schema and migrations.
 */
/** The USSD key of the load server: bench only, never a deployment's. */
export const BENCH_USSD_KEY = 'bench-ussd-key-0123456789abcdef';

export async function startLoadServer(builder, args = [], tree = process.cwd()) {
  const folder = mkdtempSync(join(tmpdir(), 'codka-load-'));
  const { stdout } = await run$(process.execPath, ['--import', 'tsx', builder, folder, ...args], {
    cwd: tree,
    maxBuffer: 16 * 1024 * 1024,
  });
  const volume = JSON.parse(stdout.trim().split('\n').at(-1));
  const server = await startServer(
    {
      DATABASE_PATH: volume.databasePath,
      UPLOADS_DIR: join(folder, 'uploads'),
      SEED_DEMO: 'false',
      // One address sends every request here; the limits are for the real world's many addresses.
      RATE_LIMITS: 'off',
      BENCH_REFERENCE: 'on',
      // The USSD endpoint answers only with a key (server/http/ussd.ts): server-load.mjs dials it under R1.
      USSD_KEY: BENCH_USSD_KEY,
    },
    tree,
  );
  const stop = async () => {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  return { server, volume, stop };
}
