import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../helpers/security/server-process';

// A server whose output goes to a parent that stops reading (and later exits) must still stop on SIGTERM:
// a synchronous log write would retry on the main thread and block it (server/log-output.ts).

const folder = mkdtempSync(join(tmpdir(), 'codka-shutdown-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// The first test waits for the deadline: set short here (the default, 10 s, is read in env.test.ts).
const DEADLINE_MS = 2_000;

let serial = 0;
function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  serial += 1;
  return startServerProcess({
    entry: 'sources',
    databasePath: join(folder, `${serial}`, 'codka.db'),
    uploadsDir: join(folder, `${serial}`, 'uploads'),
    // Two log lines a request: enough output to fill the pipe its reader no longer empties.
    env: { LOG_LEVEL: 'info', ...env },
  });
}

/** The parent stops reading the server's output, then sends requests until far more than a pipe holds is logged. */
async function stallOutput(server: ServerProcess): Promise<void> {
  for (const stream of [server.child.stdout, server.child.stderr]) {
    stream?.removeAllListeners('data');
    stream?.pause();
  }
  const requests = Array.from({ length: 1500 }, () =>
    fetch(`${server.origin}/healthz`, { signal: AbortSignal.timeout(10_000) }).then(
      (response) => response.status,
    ),
  );
  expect(new Set(await Promise.all(requests))).toEqual(new Set([200]));
}

/** A request whose body is announced but never sent in full: it stays in flight. */
function openRequest(origin: string): Promise<Socket> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST /trpc/auth.signIn HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${origin}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{',
      );
      // Give the server the time to start the request.
      setTimeout(() => resolve(socket), 300);
    });
    socket.on('error', reject);
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve({ code, ms: performance.now() - started }));
  });
}

describe('stopping on SIGTERM', () => {
  it('exits at the deadline with a request hanging and the reader of its output gone', async () => {
    const server = await start({ SHUTDOWN_DEADLINE_MS: String(DEADLINE_MS) });
    await stallOutput(server);
    // The reader exits: its end of the pipe closes.
    server.child.stdout?.destroy();
    server.child.stderr?.destroy();
    const hanging = await openRequest(server.origin);
    const exit = exitOf(server.child);
    server.child.kill('SIGTERM');
    const { code, ms } = await exit;
    hanging.destroy();
    // The hanging request is given its chance until the deadline, then the process exits 1 regardless.
    expect(code).toBe(1);
    expect(ms).toBeGreaterThan(DEADLINE_MS - 500);
    expect(ms).toBeLessThan(DEADLINE_MS + 1500);
  }, 60_000);

  it('lets a request in flight finish, then exits 0, while nobody reads its output', async () => {
    const server = await start();
    await stallOutput(server);
    const request = await openRequest(server.origin);
    const answer = new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
        if (text.includes('\r\n\r\n')) resolve(text);
      });
    });
    const exit = exitOf(server.child);
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    request.write('}');
    // The sign-in with an empty body is refused with a 4xx: an answer, sent after SIGTERM.
    expect(await answer).toMatch(/^HTTP\/1\.1 4\d\d /);
    const { code, ms } = await exit;
    request.destroy();
    expect(code, server.output()).toBe(0);
    expect(ms).toBeLessThan(5_000);
  }, 60_000);

  it('exits at once on a second SIGTERM during the shutdown', async () => {
    const server = await start();
    await stallOutput(server);
    const hanging = await openRequest(server.origin);
    const exit = exitOf(server.child);
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGTERM');
    const { code, ms } = await exit;
    hanging.destroy();
    expect(code).toBe(1);
    expect(ms).toBeLessThan(3_000);
  }, 60_000);
});
