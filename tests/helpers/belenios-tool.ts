import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BeleniosError } from '@shared/belenios';
import { afterAll } from 'vitest';

/**
 * Runs Debian's belenios-tool 2.0, the independent checker Codka's Belenios archives must satisfy. A missing
 * tool fails the test that needs it with what to install: these tests never skip.
 */
export const BELENIOS_TOOL = '/usr/bin/belenios-tool';

export interface ToolRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runTool(dir: string, args: readonly string[], input?: string): ToolRun {
  if (!existsSync(BELENIOS_TOOL)) {
    throw new Error(`${BELENIOS_TOOL} is missing: install it with \`apt-get install belenios-tool\``);
  }
  // The tool reads /dev/random by default, which can block on an idle machine; urandom is what its own demo uses.
  const result = spawnSync(BELENIOS_TOOL, args, {
    cwd: dir,
    input,
    encoding: 'utf8',
    env: { ...process.env, BELENIOS_USE_URANDOM: '1' },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs the tool and returns its standard output, failing with its error output when it fails. */
export function tool(dir: string, args: readonly string[], input?: string): string {
  const run = runTool(dir, args, input);
  if (run.status !== 0)
    throw new Error(`belenios-tool ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  return run.stdout;
}

/** A fresh directory for one test file's tool runs, removed after the file's tests. */
export function toolDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'codka-belenios-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A new subdirectory of a test file's directory (the tool keeps one archive per directory). */
export function subDir(parent: string, name: string): string {
  const dir = mkdtempSync(join(parent, `${name}-`));
  return dir;
}

/** The files of a directory whose names end with `suffix`. */
export function filesEnding(dir: string, suffix: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .map((f) => join(dir, f));
}

export function read(path: string): string {
  return readFileSync(path, 'utf8');
}

export function write(path: string, text: string): void {
  writeFileSync(path, text);
}

/** `belenios-tool setup generate-trustee-key`: the public key's text and the private key's text. */
export function toolTrusteeKey(dir: string): { publicKey: string; privateKey: string; id: string } {
  const keyDir = subDir(dir, 'key');
  tool(keyDir, ['setup', 'generate-trustee-key', '--group', 'BELENIOS-2048']);
  const [pub] = filesEnding(keyDir, '.pubkey');
  const [priv] = filesEnding(keyDir, '.privkey');
  if (!pub || !priv) throw new Error('generate-trustee-key wrote no key');
  return { publicKey: read(pub).trim(), privateKey: priv, id: pub.slice(-15, -7) };
}

/** `belenios-tool setup generate-credentials --count n`: private credentials, public ones, the list's fingerprint. */
export function toolCredentials(
  dir: string,
  uuid: string,
  count: number,
): { privates: string[]; publics: string[]; fingerprint: string } {
  const credDir = subDir(dir, 'creds');
  const out = tool(credDir, [
    'setup',
    'generate-credentials',
    '--uuid',
    uuid,
    '--group',
    'BELENIOS-2048',
    '--count',
    `${count}`,
  ]);
  const [privFile] = filesEnding(credDir, '.privcreds');
  const [pubFile] = filesEnding(credDir, '.pubcreds');
  if (!privFile || !pubFile) throw new Error('generate-credentials wrote no credentials');
  const privates = read(privFile)
    .trim()
    .split('\n')
    .map((line) => line.split(' ')[1] ?? '');
  const publics = (JSON.parse(read(pubFile)) as string[]).map((entry) => entry.split(',')[0] ?? '');
  // The tool prints the sha256-b64 of the public credentials list as the archive will hold it.
  const fingerprint = /fingerprint of public credentials is (\S+)/.exec(out)?.[1] ?? '';
  return { privates, publics, fingerprint };
}

/** The check a Belenios object was refused by (a BeleniosError's `check`); fails if it was accepted. */
export function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof BeleniosError) return error.check;
    throw error;
  }
  throw new Error('accepted, where a refusal was expected');
}
