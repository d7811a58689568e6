import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { closeDb, createDb } from '@server/db/client';
import { users } from '@server/db/schema';
import sharp from 'sharp';
import superjson from 'superjson';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../e2e/helpers/chromium';
import { createElection } from '../helpers/election-factories';
import { createPoll } from '../helpers/poll-factories';
import { freePort, REPO_ROOT } from '../helpers/security/server-process';
import { enrollAuthenticator, insertUser, sessionCookie } from '../helpers/security/world';
import {
  emptyEnvironment,
  releaseExecutable,
  runExecutable,
  type Served,
  serveExecutable,
  stopped,
} from './executable';

// The release executable, copied alone into an empty folder and run with an empty environment (no
// node on PATH, no node_modules anywhere above the folder), does what an operator does with it.

const folder = mkdtempSync(join(tmpdir(), 'codka-release-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const codka = join(folder, 'codka');
copyFileSync(releaseExecutable(), codka);
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
// Relative paths, as in a service's working directory; no SEED_DEMO: the executable's default must hold.
const env = emptyEnvironment(folder, {
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_ORIGIN: origin,
  DATABASE_PATH: 'data/codka.db',
  UPLOADS_DIR: 'data/uploads',
  LOG_LEVEL: 'warn',
});
const run = (args: string[], input?: string) => runExecutable(codka, args, { cwd: folder, env, input });
const figures: Record<string, string> = {};

async function call(path: string, input: unknown, cookie?: string) {
  const response = await fetch(`${origin}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(superjson.serialize(input)),
  });
  const body = (await response.json()) as { result?: { data: { json: unknown } }; error?: unknown };
  return { status: response.status, body, setCookie: response.headers.getSetCookie() };
}

describe.sequential('the release executable, alone in an empty folder with an empty environment', () => {
  let served: Served;
  let world: {
    adminCookie: string;
    electionId: string;
    candidateId: string;
    pollId: string;
    pollCandidateId: string;
  };

  it('carries no path of the folder it was built in (the same commit builds the same bytes anywhere)', () => {
    // The single-executable blob records its main script's name as the build wrote it: an absolute path there
    // made two clones of one commit differ. The compiled better-sqlite3 travels compressed, so check it too.
    expect(readFileSync(releaseExecutable()).includes(Buffer.from(REPO_ROOT))).toBe(false);
    const sums = readFileSync(join(REPO_ROOT, 'release', 'SHA256SUMS'), 'utf8');
    expect(sums).toMatch(/^[0-9a-f]{64} {2}codka-[\w.-]+-linux-x64\n$/);
  });

  it('has no node or node_modules within reach', () => {
    expect(readdirSync(folder).sort()).toEqual(['codka', 'empty-bin']);
    expect(readdirSync(env.PATH ?? '')).toEqual([]);
    for (let dir = folder; dir !== '/'; dir = join(dir, '..'))
      expect(existsSync(join(dir, 'node_modules'))).toBe(false);
    figures['file size'] = `${(statSync(codka).size / 1024 / 1024).toFixed(1)} MB`;
  });

  it('check passes on a fresh folder (unpacking its native code once), then migrate creates the database', async () => {
    const check = await run(['check']);
    expect(check.stderr).toBe('');
    expect(check.stdout).toMatch(/OK {4}unpacked files: \d+ files in .*data\/runtime\/.* match their sha256/);
    expect(check.stdout).toMatch(/OK {4}native modules: better-sqlite3, argon2 and sharp/);
    expect(check.code).toBe(0);
    const migrate = await run(['migrate']);
    expect(migrate.stdout).toMatch(/Migrations applied to data\/codka.db: \d+ new/);
    expect(migrate.code).toBe(0);
  });

  it('serves: /healthz, with no demo data seeded by default', async () => {
    // An election, a poll and an admin to act on, written the way the server would have.
    const db = createDb(join(folder, 'data/codka.db'));
    const admin = await insertUser(db, { role: 'System Admin' });
    enrollAuthenticator(db, admin.id);
    const { election, candidates } = createElection(db, { candidateCount: 2 });
    const month = new Date().toISOString().slice(0, 7);
    const { poll, candidates: pollCandidates } = createPoll(db, { candidateCount: 2, monthYear: month });
    world = {
      adminCookie: sessionCookie(db, admin.id, { steppedUp: true }),
      electionId: election.id,
      candidateId: String(candidates[0]?.id),
      pollId: poll.id,
      pollCandidateId: String(pollCandidates[0]?.id),
    };
    closeDb(db);
    served = await serveExecutable(codka, { cwd: folder, env, origin });
    figures['start to /healthz'] = `${Math.round(served.startMs)} ms`;
    expect(served.output()).not.toContain('Demo data');
    expect(existsSync(join(folder, 'data/demo-accounts.txt'))).toBe(false);
  });

  it('signs up, signs in, votes in an election and in the poll', async () => {
    const account = { email: 'release.citizen@codka.example', password: 'a-strong-password' };
    const signUp = await call('auth.signUp', { fullName: 'Release Citizen', ...account });
    expect(signUp.status).toBe(200);
    // Sign-up starts no session (decision 016): the citizen signs in with the password they chose.
    expect(signUp.setCookie.join('; ')).not.toContain('codka_session=');
    const signIn = await call('auth.signIn', account);
    expect(signIn.status).toBe(200);
    const cookie = signIn.setCookie.map((line) => line.split(';')[0]).join('; ');
    expect(cookie).toContain('codka_session=');
    const vote = await call(
      'votes.cast',
      { electionId: world.electionId, candidateId: world.candidateId },
      cookie,
    );
    expect(vote.status, JSON.stringify(vote.body)).toBe(200);
    expect(JSON.stringify(vote.body)).toContain('receiptId');
    const pollVote = await call(
      'polls.vote',
      { pollId: world.pollId, candidateId: world.pollCandidateId },
      cookie,
    );
    expect(pollVote.status, JSON.stringify(pollVote.body)).toBe(200);
  });

  it("uploads a candidate's image (sharp and libvips inside the executable) and serves it", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#1f6feb' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'candidate.png');
    const response = await fetch(`${origin}/api/admin/candidates/${world.candidateId}/image`, {
      method: 'POST',
      headers: { origin, cookie: world.adminCookie },
      body: form,
    });
    const body = (await response.json()) as { imageUrl?: string };
    expect(response.status, JSON.stringify(body)).toBe(200);
    const image = await fetch(`${origin}${body.imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });

  it('shows the landing page in Chromium', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
      await page.goto(origin, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.title()).toContain('Codka');
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${served.child.pid}/status`, 'utf8'))?.[1];
    figures['memory (RSS) after these requests'] = `${Math.round(Number(rss) / 1024)} MB`;
  });

  it('stops on SIGTERM with exit code 0', async () => {
    expect(await stopped(served.child)).toBe(0);
  });

  it('backs up and restores', async () => {
    const backup = await run(['backup', '--out', 'backups']);
    expect(backup.code, backup.stderr).toBe(0);
    const copy = backup.stdout.trim().split('\n').at(-1) ?? '';
    expect(copy).toMatch(/backups\/codka-.*\.db$/);
    const restore = await run(['restore', copy]);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/1 votes, 1 poll votes, 2 accounts; integrity_check ok/);
  });

  it('creates a System Admin with the password from standard input', async () => {
    const created = await run(['create-admin', '--email', 'chief@codka.example'], 'the-chief-password\n');
    expect(created.stdout).toContain('System Admin chief@codka.example created.');
    expect(created.code).toBe(0);
    const db = createDb(join(folder, 'data/codka.db'));
    expect(
      db
        .select()
        .from(users)
        .all()
        .map((user) => user.email),
    ).toContain('chief@codka.example');
    closeDb(db);
  });

  it('names a bad flag (exit 2) and a bad variable (exit 3)', async () => {
    const flag = await run(['backup', '--outt', 'x']);
    expect(flag.stderr).toContain("codka backup: unknown option --outt. See 'codka backup --help'.");
    expect(flag.code).toBe(2);
    const variable = await runExecutable(codka, ['check'], { cwd: folder, env: { ...env, PORT: 'eighty' } });
    expect(variable.stderr).toMatch(/PORT: /);
    expect(variable.code).toBe(3);
    const version = await run(['version']);
    expect(version.stdout).toMatch(/^codka \d+\.\d+\.\d+ \(Node\.js v24\.\d+\.\d+, linux-x64, release\)/);
  });

  it("accepts deploy/codka.env (the environment's variables win over the file's)", async () => {
    const check = await run(['check', '--env-file', join(REPO_ROOT, 'deploy', 'codka.env')]);
    expect(check.stdout).toContain(
      `OK    configuration: ${origin}, listening on 127.0.0.1:${port}, database data/codka.db`,
    );
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });

  it('refuses to load a runtime folder with a planted file, or one others can write (review findings 1, 2)', async () => {
    const runtime = join(folder, 'data', 'runtime');
    const unpacked = join(runtime, readdirSync(runtime).find((name) => /^\d/.test(name)) ?? '');
    const planted = join(
      unpacked,
      'node_modules',
      'sharp',
      'src',
      'build',
      'Release',
      'sharp-linux-x64.node',
    );
    mkdirSync(dirname(planted), { recursive: true });
    writeFileSync(planted, 'an addon sharp would load ahead of its own');
    const extra = await run(['check']);
    expect(extra.stderr).toContain('node_modules/sharp/src/ is not part of this release');
    expect(extra.code).toBe(1);
    rmSync(join(unpacked, 'node_modules', 'sharp', 'src'), { recursive: true });
    chmodSync(runtime, 0o777);
    const open = await run(['check']);
    expect(open.stderr).toContain('runtime is writable by group or others');
    expect(open.code).toBe(1);
    chmodSync(runtime, 0o700);
    expect((await run(['check'])).code).toBe(0);
  });

  it('starts again quickly once unpacked', async () => {
    served = await serveExecutable(codka, { cwd: folder, env, origin });
    figures['start to /healthz, unpacked'] = `${Math.round(served.startMs)} ms`;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${served.child.pid}/status`, 'utf8'))?.[1];
    figures['idle memory (RSS)'] = `${Math.round(Number(rss) / 1024)} MB`;
    expect(await stopped(served.child)).toBe(0);
    console.info(`release figures: ${JSON.stringify(figures)}`);
    expect(served.startMs).toBeLessThan(5_000);
  });
});
