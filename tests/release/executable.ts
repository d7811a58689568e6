import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/security/server-process';

/** The file `npm run release` built (the test runs after it). */
export function releaseExecutable(): string {
  const name = readdirSync(join(REPO_ROOT, 'release')).find((file) => /^codka-.*-linux-x64$/.test(file));
  if (!name) throw new Error('release/codka-<version>-linux-x64 is missing: run npm run release first');
  return join(REPO_ROOT, 'release', name);
}

/**
 * What `env -i` leaves, plus the variables a test names: no PATH entry with node (PATH is an empty folder of
 * the test's), no NODE_* variable, nothing from the shell running the tests.
 */
export function emptyEnvironment(folder: string, variables: Record<string, string>): Record<string, string> {
  const emptyBin = join(folder, 'empty-bin');
  mkdirSync(emptyBin, { recursive: true });
  return { PATH: emptyBin, ...variables };
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the executable in `cwd` with exactly `env`, optionally writing `input` to its standard input. */
export function runExecutable(
  file: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; input?: string },
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

export interface Served {
  child: ChildProcess;
  output: () => string;
  /** From spawn to the first 200 from /healthz. */
  startMs: number;
}

export async function serveExecutable(
  file: string,
  options: { cwd: string; env: Record<string, string>; origin: string; args?: string[] },
): Promise<Served> {
  const started = performance.now();
  const child = spawn(file, ['serve', ...(options.args ?? [])], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-50_000)));
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-50_000)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the executable exited before it was ready:\n${output}`);
    if (performance.now() - started > 30_000) {
      child.kill('SIGKILL');
      throw new Error(`no answer from /healthz within 30 s:\n${output}`);
    }
    try {
      const response = await fetch(`${options.origin}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { child, output: () => output, startMs: performance.now() - started };
}

export function stopped(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}
