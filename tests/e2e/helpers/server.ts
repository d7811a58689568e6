import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { learnDemoPasswords } from './demo-accounts';

/** The repository root: the built server resolves dist/site relative to its working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_ENTRY = join(REPO_ROOT, 'dist/server/index.js');
const CLIENT_INDEX = join(REPO_ROOT, 'dist/site/server/index.cjs');

const HEALTH_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 15_000;
/** Keep the last part of the server's output; enough to explain a failure without flooding the report. */
const OUTPUT_LIMIT = 20_000;

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
  'PUBLIC_CREDENTIALS_PART_BYTES',
  'NODE_ENV',
  'LOG_LEVEL',
  'SMTP_URL',
  'MAIL_FROM',
  'TRUST_PROXY',
  'PARLIAMENT_SOURCE_URL',
  'SENATE_SOURCE_URL',
];

export interface TestServer {
  /** http://127.0.0.1:PORT, without a trailing slash. */
  origin: string;
  /** The demo passwords the server drew (learnDemoPasswords reads it), for test files sharing this server. */
  demoAccountsFile: string;
  /** The server's SQLite file, for factories that write what no API offers (a voter roll entry: roll-db.ts). */
  databasePath: string;
  /** Everything the server printed so far (stdout and stderr interleaved). */
  output(): string;
  /**
   * Resolves with the first match of `pattern` in what the server prints (already printed or still to
   * come), e.g. a link in an email written to the log because the test server has no SMTP.
   */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /**
   * Every line the server printed that contains `SMS to ` (without a gateway, one per SMS: the number and the
   * text), kept whole from the start: output() keeps only the last part, and request lines soon push an SMS out.
   */
  smsLines(): string[];
  /** SIGTERM, wait for a clean exit, remove the temporary data folder (unless `keepData`). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not find a free port'));
        return;
      }
      probe.close(() => resolvePort(address.port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveExit(true);
    });
  });
}

/**
 * Starts the built server (dist/server/index.js) on a free port with a fresh database and uploads folder
 * and demo data, and resolves once GET /healthz answers 200. `seeded`: a data folder seedDataOnce() left (the
 * database, its keys and the demo accounts' files), copied in first, so the server starts on demo data no server
 * has used instead of seeding its own (seeding costs about three seconds of CPU a server). Not with a
 * DATABASE_PATH of the test's own, which the server seeds.
 */
export async function startServer(env: Record<string, string> = {}, seeded?: string): Promise<TestServer> {
  for (const file of [SERVER_ENTRY, CLIENT_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build before the browser tests`);
  }

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'codka-e2e-'));
  const databasePath = join(dataDir, 'codka.db');
  if (seeded && env.DATABASE_PATH === undefined) await cp(seeded, dataDir, { recursive: true });

  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_VARIABLES) delete childEnv[name];
  Object.assign(childEnv, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_PATH: databasePath,
    UPLOADS_DIR: join(dataDir, 'uploads'),
    PUBLIC_ORIGIN: origin,
    SEED_DEMO: 'true',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // The smallest parts: a few voters' public credentials file is sent in several, as a nation's is.
    PUBLIC_CREDENTIALS_PART_BYTES: '4096',
    ...env,
  });

  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const watchers = new Set<(recent: string) => void>();
  const sms: string[] = [];
  let partialLine = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output = (output + text).slice(-OUTPUT_LIMIT);
    const lines = (partialLine + text).split('\n');
    partialLine = lines.pop() ?? '';
    for (const line of lines) if (line.includes('SMS to ')) sms.push(line);
    // A line may straddle two chunks: look at this chunk with some of what came before.
    const recent = output.slice(-(text.length + 4096));
    for (const watcher of watchers) watcher(recent);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  let stopping = false;
  let exitDescription: string | null = null;
  child.on('exit', (code, signal) => {
    exitDescription = describeExit(code, signal);
    if (!stopping) {
      // The suite will fail on its next request; say why right away, with everything the server printed.
      process.stdout.write(
        `\n[e2e] the server at ${origin} exited early (${exitDescription}). Its output:\n${output}\n`,
      );
    }
  });
  const spawnError = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new Error(`could not start the server: ${error.message}`)));
  });
  spawnError.catch(() => {});

  const cleanUp = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await waitForExit(child, STOP_TIMEOUT_MS);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  for (;;) {
    if (exitDescription !== null) {
      await cleanUp();
      throw new Error(`the server exited before it was ready (${exitDescription}). Its output:\n${output}`);
    }
    if (Date.now() > deadline) {
      await cleanUp();
      throw new Error(
        `GET ${origin}/healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${lastProblem}). ` +
          `Server output:\n${output}`,
      );
    }
    try {
      const response = await Promise.race([
        fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2_000) }),
        spawnError,
      ]);
      if (response.status === 200) break;
      lastProblem = `status ${response.status}`;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('could not start the server')) {
        await cleanUp();
        throw error;
      }
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(100);
  }
  // With SEED_DEMO on, the server wrote the demo passwords it drew beside its database.
  const demoAccounts = join(dataDir, 'demo-accounts.txt');
  if (existsSync(demoAccounts)) learnDemoPasswords(demoAccounts);

  return {
    origin,
    demoAccountsFile: demoAccounts,
    databasePath,
    output: () => output,
    smsLines: () => [...sms],
    waitForOutput(pattern, timeoutMs = 10_000) {
      return new Promise((resolveMatch, reject) => {
        const seen = pattern.exec(output);
        if (seen) {
          resolveMatch(seen);
          return;
        }
        const timer = setTimeout(() => {
          watchers.delete(watch);
          reject(new Error(`the server did not print ${pattern} within ${timeoutMs} ms`));
        }, timeoutMs);
        const watch = (recent: string) => {
          const match = pattern.exec(recent);
          if (!match) return;
          clearTimeout(timer);
          watchers.delete(watch);
          resolveMatch(match);
        };
        watchers.add(watch);
      });
    },
    async stop(options = {}) {
      const exitedEarly = exitDescription;
      stopping = true;
      if (exitedEarly === null) {
        child.kill('SIGTERM');
        if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
          await cleanUp();
          throw new Error(
            `the server did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM. Its output:\n${output}`,
          );
        }
      }
      if (!options.keepData) await rm(dataDir, { recursive: true, force: true });
      if (exitedEarly !== null) {
        throw new Error(`the server exited during the tests (${exitedEarly}). Its output:\n${output}`);
      }
      if (child.exitCode !== 0) {
        throw new Error(
          `the server did not shut down cleanly on SIGTERM (${describeExit(child.exitCode, child.signalCode)}). ` +
            `Its output:\n${output}`,
        );
      }
    },
  };
}

/**
 * Seeds demo data once for the browser tests' servers: a server started on an empty folder seeds it, and stops
 * (its database closed, nothing written after). Returns the folder, for startServer's `seeded`.
 */
export async function seedDataOnce(): Promise<string> {
  const server = await startServer();
  await server.stop({ keepData: true });
  return dirname(server.databasePath);
}
