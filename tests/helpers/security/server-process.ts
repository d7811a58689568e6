import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * How to run the server: the sources under test, bundled once for the run by the `processes` project's global
 * setup (tests/helpers/server-build.ts, for *.process.test.ts files), or `npm run build`'s dist/server (the bench).
 */
export type ServerEntry = 'sources' | 'built';

/** The arguments to Node that start the server (its commands follow). */
export function serverEntryArgs(entry: ServerEntry): string[] {
  if (entry === 'built') return [join(REPO_ROOT, 'dist/server/index.js')];
  return [join(inject('serverBuildDir'), 'index.js')];
}

/** Variables the server reads that must not leak in from the shell running the tests. */
const APP_VARIABLES = [
  'PORT',
  'HOST',
  'DATABASE_PATH',
  'UPLOADS_DIR',
  'PUBLIC_ORIGIN',
  'SEED_DEMO',
  'STAFF_TWO_FACTOR',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'RATE_LIMITS',
  'NODE_ENV',
  'LOG_LEVEL',
  'SMTP_URL',
  'MAIL_FROM',
  'TRUST_PROXY',
  'SHUTDOWN_DEADLINE_MS',
];

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') return reject(new Error('no free port'));
      probe.close(() => resolvePort(address.port));
    });
  });
}

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  output(): string;
  /** SIGKILL: no shutdown hook runs, nothing is flushed or closed. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the graceful shutdown. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveExit) => child.once('exit', () => resolveExit()));
}

/** Starts the server on a database file and resolves once /healthz answers 200. */
export async function startServerProcess(options: {
  entry: ServerEntry;
  databasePath: string;
  uploadsDir: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_VARIABLES) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_PATH: options.databasePath,
    UPLOADS_DIR: options.uploadsDir,
    PUBLIC_ORIGIN: origin,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    ...options.env,
  });
  const child = spawn(process.execPath, serverEntryArgs(options.entry), {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz within 30 s:\n${output}`);
    }
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolveSleep) => setTimeout(resolveSleep, 50));
  }
  return {
    origin,
    child,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      if (child.exitCode !== 0) throw new Error(`the server did not stop cleanly:\n${output}`);
    },
  };
}
