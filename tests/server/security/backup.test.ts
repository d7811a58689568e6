import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackupError, inspectDatabase, restoreDatabase } from '@server/db/backup';
import { closeDb, createDb, type Db, migrateDb } from '@server/db/client';
import { profiles, users, votes } from '@server/db/schema';
import { castVote } from '@server/services/voting';
import { generateReceiptId } from '@shared/receipts';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createElection } from '../../helpers/election-factories';
import { reportFigures } from '../../helpers/security/figures';
import { REPO_ROOT } from '../../helpers/security/server-process';

const folder = mkdtempSync(join(tmpdir(), 'codka-backup-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const PREFILLED_VOTES = 20_000;

/** Runs `npm run backup` / `npm run restore` as a person would (through tsx), with DATABASE_PATH set. */
function runScript(script: 'backup' | 'restore', databasePath: string, argument: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, argument], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_PATH: databasePath, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const done = new Promise<{ code: number | null; output: string }>((resolveDone) =>
    child.on('exit', (code) => resolveDone({ code, output })),
  );
  return { child, done };
}

/** One citizen and their vote, through the same service votes.cast uses; returns the receipt. */
function voteOnce(db: Db, electionId: string, candidateId: string): string {
  const user = db
    .insert(users)
    .values({ email: `v.${crypto.randomUUID()}@test.codka.example` })
    .returning({ id: users.id })
    .get();
  db.insert(profiles).values({ userId: user.id, fullName: 'Voter' }).run();
  return castVote(db, user.id, { electionId, candidateId }).receiptId;
}

/**
 * `count` citizens and their votes, the rows castVote writes, a thousand to a statement: the service's checks
 * cost about a millisecond a vote here, and these votes only need to exist before the backup starts (those
 * written during it go through voteOnce). Returns the receipts.
 */
function votesBefore(db: Db, electionId: string, candidateId: string, count: number): string[] {
  const receipts: string[] = [];
  db.transaction((tx) => {
    for (let done = 0; done < count; done += 1000) {
      const size = Math.min(1000, count - done);
      const citizens = tx
        .insert(users)
        .values(
          Array.from({ length: size }, () => ({ email: `v.${crypto.randomUUID()}@test.codka.example` })),
        )
        .returning({ id: users.id })
        .all();
      tx.insert(profiles)
        .values(citizens.map((citizen) => ({ userId: citizen.id, fullName: 'Voter' })))
        .run();
      const rows = citizens.map((citizen) => ({
        userId: citizen.id,
        electionId,
        questionId: electionId,
        candidateId,
        receiptId: generateReceiptId(),
        selections: JSON.stringify({ candidate_id: candidateId }),
      }));
      tx.insert(votes).values(rows).run();
      receipts.push(...rows.map((row) => row.receiptId));
    }
  });
  return receipts;
}

function receiptsIn(path: string): Set<string> {
  const db = new Database(path, { readonly: true });
  try {
    return new Set(db.prepare('SELECT receipt_id FROM votes').pluck().all() as string[]);
  } finally {
    db.close();
  }
}

describe('npm run backup and npm run restore', () => {
  const databasePath = join(folder, 'codka.db');
  const backupPath = join(folder, 'backups', 'codka-test.db');
  const committedBeforeBackup: string[] = [];
  let backupVotes = 0;

  it('copies, while votes keep being written, a whole database holding every vote committed before it started', async () => {
    const db = createDb(databasePath);
    migrateDb(db);
    const { election, candidates } = createElection(db, { candidateCount: 3 });
    const candidateId = candidates[0]?.id ?? '';
    committedBeforeBackup.push(...votesBefore(db, election.id, candidateId, PREFILLED_VOTES));

    const backup = runScript('backup', databasePath, backupPath);
    let running = true;
    void backup.done.then(() => {
      running = false;
    });
    const duringBackup: string[] = [];
    while (running) {
      duringBackup.push(voteOnce(db, election.id, candidateId));
      await new Promise((resolveTurn) => setImmediate(resolveTurn));
    }
    const { code, output } = await backup.done;
    expect(code, output).toBe(0);
    expect(output).toMatch(/^Backup written: .*codka-test\.db .*integrity_check ok/m);

    const summary = inspectDatabase(backupPath);
    const inBackup = receiptsIn(backupPath);
    expect(committedBeforeBackup.filter((receipt) => !inBackup.has(receipt))).toEqual([]);
    // The writer never waited on the backup: it went on committing the whole time the copy ran, so the
    // copy's snapshot falls between votes written while the command was running.
    expect(duringBackup.some((receipt) => inBackup.has(receipt))).toBe(true);
    expect(duringBackup.some((receipt) => !inBackup.has(receipt))).toBe(true);
    expect(summary.votes).toBeGreaterThanOrEqual(PREFILLED_VOTES);
    expect(summary.votes).toBeLessThanOrEqual(PREFILLED_VOTES + duringBackup.length);
    expect(readdirSync(join(folder, 'backups'))).toEqual(['codka-test.db']);
    backupVotes = summary.votes;
    closeDb(db);
    reportFigures(
      'backup',
      `backup: online copy of ${PREFILLED_VOTES} votes while ${duringBackup.length} more were committed; ` +
        `integrity_check ok, all ${committedBeforeBackup.length} earlier votes in the copy`,
      {
        prefilledVotes: PREFILLED_VOTES,
        writtenDuringBackup: duringBackup.length,
        votesInBackup: summary.votes,
      },
    );
  }, 60_000);

  it('refuses to restore a damaged file, a file that is not a database, and a database that is not Codka’s', async () => {
    const damaged = join(folder, 'damaged.db');
    copyFileSync(backupPath, damaged);
    const fd = openSync(damaged, 'r+');
    // Scribble over pages in the middle of the file, as a failing disk would.
    for (let page = 20; page < 40; page += 1)
      writeSync(fd, Buffer.alloc(512, 0xab), 0, 512, page * 4096 + 100);
    const notADatabase = join(folder, 'notes.db');
    writeFileSync(notADatabase, 'these are not the votes you are looking for\n'.repeat(200));
    const otherDatabase = join(folder, 'other.db');
    const other = new Database(otherDatabase);
    other.exec('CREATE TABLE things (x)');
    other.close();

    for (const [file, message] of [
      [damaged, /damaged|integrity_check/],
      [notADatabase, /damaged|cannot be opened/],
      [otherDatabase, /not a Codka database/],
      [join(folder, 'missing.db'), /does not exist/],
    ] as const) {
      const refusal = await restoreDatabase(file, databasePath).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal, file).toBeInstanceOf(BackupError);
      expect((refusal as Error).message).toMatch(message);
    }
    expect(inspectDatabase(databasePath).votes).toBeGreaterThan(backupVotes);
  });

  it('refuses while the database is open elsewhere, and restores atomically once it is not', async () => {
    const server = createDb(databasePath);
    const liveVotes = inspectDatabase(databasePath).votes;
    const refused = await runScript('restore', databasePath, backupPath).done;
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Restore refused: The database .* is in use: stop the server/);
    closeDb(server);
    expect(inspectDatabase(databasePath).votes).toBe(liveVotes);

    const restored = await runScript('restore', databasePath, backupPath).done;
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`${backupVotes} votes`);
    expect(inspectDatabase(databasePath).votes).toBe(backupVotes);
    expect(existsSync(`${databasePath}-wal`)).toBe(false);
    const kept = readdirSync(folder).find((name) => name.startsWith('codka.db.before-restore-'));
    expect(kept && inspectDatabase(join(folder, kept)).votes).toBe(liveVotes);
    // The server opens the restored file as usual.
    const reopened = createDb(databasePath);
    migrateDb(reopened);
    expect(reopened.$client.pragma('integrity_check', { simple: true })).toBe('ok');
    closeDb(reopened);
  }, 30_000);
});

describe('backups are readable only by their owner', () => {
  it('writes the file 0600 in a 0700 folder even under a permissive umask, and tightens an old wide folder', async () => {
    const home = mkdtempSync(join(tmpdir(), 'codka-backup-mode-'));
    try {
      const databasePath = join(home, 'codka.db');
      const db = createDb(databasePath);
      migrateDb(db);
      closeDb(db);
      // An older version (or a careless hand) left the default folder open to everyone.
      mkdirSync(join(home, 'backups'), { mode: 0o777 });
      chmodSync(join(home, 'backups'), 0o777);
      const named = join(home, 'elsewhere', 'named.db');
      for (const argument of [[], [named]]) {
        // `umask 000`: every file created without an explicit mode would be world-readable.
        const run = spawnSync(
          'sh',
          ['-c', 'umask 000 && exec "$0" --import tsx scripts/backup.ts "$@"', process.execPath, ...argument],
          {
            cwd: REPO_ROOT,
            env: { ...process.env, DATABASE_PATH: databasePath, LOG_LEVEL: 'silent' },
            encoding: 'utf8',
          },
        );
        expect(run.status, run.stderr).toBe(0);
      }
      const [written] = readdirSync(join(home, 'backups'));
      const modeOf = (path: string) => statSync(path).mode & 0o777;
      expect(modeOf(join(home, 'backups', written ?? ''))).toBe(0o600);
      expect(modeOf(join(home, 'backups'))).toBe(0o700);
      expect(modeOf(named)).toBe(0o600);
      expect(modeOf(join(home, 'elsewhere'))).toBe(0o700);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 30_000);
});
