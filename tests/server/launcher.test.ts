import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';
import { REPO_ROOT } from '../helpers/security/server-process';

// scripts/start.mjs (`npm start`, `npm run codka`, the benchmarks) run in a copy of the launcher's files whose
// "server" reports how it was started: no build is due there (no sources), so only the launch is tested.
const folder = mkdtempSync(join(tmpdir(), 'codka-launcher-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
mkdirSync(join(folder, 'scripts'));
for (const file of ['start.mjs', 'ensure-build.mjs', 'server-node-flags.mjs']) {
  copyFileSync(join(REPO_ROOT, 'scripts', file), join(folder, 'scripts', file));
}
mkdirSync(join(folder, 'dist', 'server'), { recursive: true });
writeFileSync(
  join(folder, 'dist', 'server', 'index.js'),
  'console.log(JSON.stringify({ execArgv: process.execArgv, args: process.argv.slice(2), pid: process.pid }));\n',
);

function launch(args: string[]): Promise<{ pid: number | undefined; stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
      cwd: folder,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ pid: child.pid, stdout, code }));
  });
}

describe('the launcher (scripts/start.mjs)', () => {
  it('becomes the server in the same process, with the Node flags and the command line', async () => {
    const run = await launch(['backup', '--out', 'codka.backup']);
    expect(run.code).toBe(0);
    const server = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
    expect(server.execArgv).toEqual(SERVER_NODE_FLAGS);
    expect(server.args).toEqual(['backup', '--out', 'codka.backup']);
    // The pid npm and the benchmarks hold is the server's: signals and memory readings reach it.
    expect(server.pid).toBe(run.pid);
  });

  it('is how npm starts the server: no npm script carries Node flags of its own', () => {
    const { scripts } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(scripts.start).toBe('node scripts/start.mjs');
    expect(scripts.codka).toBe('node scripts/start.mjs');
    // A script may name the built server's folder to a test (CODKA_TEST_BUILT_SERVER), never start Node on it.
    const startsBuiltServer = /\bnode\b[^&|;]*\bdist\/server\b|--max-/;
    expect(Object.values(scripts).filter((script) => startsBuiltServer.test(String(script)))).toEqual([]);
  });
});
