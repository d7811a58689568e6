import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyPool } from '@server/belenios/verify-pool';
import type { VerifyTask } from '@server/belenios/verify-tasks';
import type { Db } from '@server/db/client';
import { electionArchiveChunks, verifiableElections } from '@server/db/schema';
import { archiveBytes, archivePage, archiveVersion, lastEvent } from '@server/services/verifiable/archive';
import { castBallot } from '@server/services/verifiable/ballots';
import { closeVerifiable, tallyLimits } from '@server/services/verifiable/tally';
import {
  ArchiveWriter,
  encryptedTallyRecords,
  parseElection,
  readArchive,
  readBallot,
} from '@shared/belenios';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subDir, toolDir } from '../../helpers/belenios-tool';
import { createTestDb } from '../../helpers/db';
import { createUser } from '../../helpers/factories';
import { toolVerifies } from '../../helpers/verifiable';
import { ballotFor, verifiableElection } from '../../helpers/verifiable-factories';

/**
 * The close of a verifiable election computes the encrypted tally in parts: the archive read a bounded page of
 * chunks at a time and checked as it is read, each worker task the product of a bounded number of ballots, the
 * products multiplied. Limits set low here so that a few ballots make several pages and parts; the tally is the
 * one the single pass computes, and belenios-tool verifies the archive after it.
 */

/** Voters who cast a ballot (CODKA_TALLY_PARTS_VOTERS; each ballot is encrypted and checked). */
const VOTERS = Number(process.env.CODKA_TALLY_PARTS_VOTERS ?? 7);
const PER_TASK = 2;
const tools = toolDir();
const saved = { ...tallyLimits };
const LATER = new Date(Date.now() + 48 * 3_600_000);

beforeEach(() => {
  tallyLimits.ballotsPerTask = PER_TASK;
  // One chunk a read: every chunk boundary is also a page boundary.
  tallyLimits.page = { maxChunks: 1, maxBytes: 1 };
});
afterEach(() => {
  Object.assign(tallyLimits, saved);
  vi.restoreAllMocks();
});

/** An open election whose `voters` accounts (and one more, who has not voted) each hold a credential. */
async function electionWithBallots(db: Db, voters: number) {
  const users = [];
  for (let i = 0; i <= voters; i += 1) users.push(await createUser(db));
  const made = await verifiableElection(db);
  const ballots: string[] = [];
  for (const [i, user] of users.slice(0, voters).entries()) {
    const ballot = ballotFor(db, made.electionId, user.id, i % 3 === 0 ? [0, 1] : [1, 0]);
    await castBallot(db, user.id, { electionId: made.electionId, ballot });
    ballots.push(ballot);
  }
  const abstainer = users[voters]?.id as string;
  // The setup's credentials file (about 620 bytes a voter) hashed as it goes by, as a national one is, not held
  // as text: the limit is the largest other record's size (a ballot, the election, the trustees).
  const setup = readArchive(archiveBytes(db, made.electionId) ?? new Uint8Array()).setup;
  tallyLimits.textLimit = Math.max(
    setup.election.length,
    setup.trustees.length,
    ...ballots.map((b) => b.length),
  );
  const credentialsAsText = setup.publicCredentials.length <= tallyLimits.textLimit;
  return { ...made, users, ballots, abstainer, credentialsAsText };
}

/** The tasks given to the workers from now on, in order (each still runs). */
function watchTasks(): { readonly tasks: VerifyTask[] } {
  const run = vi.spyOn(verifyPool(), 'run');
  return {
    get tasks() {
      return run.mock.calls.map((call) => call[0] as VerifyTask);
    },
  };
}

/** The single-pass tally of the archive's ballots (as the close computed it in one task). */
function singlePassTally(bytes: Uint8Array) {
  const archive = readArchive(bytes);
  const election = parseElection(archive.setup.election);
  const counted = archive.ballots.map((text) => {
    const ballot = readBallot(text, election);
    return {
      credential: ballot.credential.toString(),
      weight: 1n,
      tracker: '',
      ciphertexts: ballot.answers.map((a) => a.choices),
    };
  });
  const { tallyText, sizedText } = encryptedTallyRecords(election, counted);
  return { tally: tallyText, sized: sizedText };
}

function expectToolVerifies(db: Db, electionId: string) {
  const dir = subDir(tools, 'tally');
  const uuid = db
    .select({ uuid: verifiableElections.uuid })
    .from(verifiableElections)
    .where(eq(verifiableElections.electionId, electionId))
    .get()?.uuid;
  writeFileSync(join(dir, `${uuid}.bel`), archiveBytes(db, electionId) ?? new Uint8Array());
  toolVerifies(dir);
}

/** A chunk added by hand after the archive's last (the table refuses changes, not additions). */
function addChunk(db: Db, electionId: string, bytes: Uint8Array) {
  const seq = (archiveVersion(db, electionId) ?? 0) + 1;
  db.insert(electionArchiveChunks)
    .values({ electionId, seq, bytes: Buffer.from(bytes) })
    .run();
}

const chunkAt = (db: Db, electionId: string, seq: number) =>
  db
    .select({ bytes: electionArchiveChunks.bytes })
    .from(electionArchiveChunks)
    .where(and(eq(electionArchiveChunks.electionId, electionId), eq(electionArchiveChunks.seq, seq)))
    .get()?.bytes ?? Buffer.alloc(0);

describe('the encrypted tally in parts', { timeout: 120_000 }, () => {
  it('is the single-pass tally, in tasks of at most the part size, and belenios-tool verifies the archive', async () => {
    const db = createTestDb();
    const { electionId, credentialsAsText } = await electionWithBallots(db, VOTERS);
    expect(credentialsAsText).toBe(false);
    const watched = watchTasks();
    expect(await closeVerifiable(db, electionId, LATER)).toBe(true);

    const { tasks } = watched;
    const parts = tasks.flatMap((t) => (t.kind === 'tallyPart' ? [t.ballots.length] : []));
    expect(parts).toHaveLength(Math.ceil(VOTERS / PER_TASK));
    expect(Math.max(...parts)).toBeLessThanOrEqual(PER_TASK);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(VOTERS);
    expect(tasks.filter((t) => t.kind === 'tallyRecords')).toHaveLength(1);
    // Nothing else: no task holds every ballot.
    expect(tasks).toHaveLength(parts.length + 1);

    const bytes = archiveBytes(db, electionId) ?? new Uint8Array();
    const archive = readArchive(bytes);
    expect(archive.ballots).toHaveLength(VOTERS);
    expect(archive.encryptedTally).toEqual(singlePassTally(bytes));
    expect(JSON.parse(archive.encryptedTally?.sized ?? '{}')).toMatchObject({
      num_tallied: VOTERS,
      total_weight: VOTERS,
    });
    expectToolVerifies(db, electionId);
  });

  it('with no ballot is the tally of none, and verifies', async () => {
    const db = createTestDb();
    const { electionId } = await electionWithBallots(db, 0);
    const watched = watchTasks();
    expect(await closeVerifiable(db, electionId, LATER)).toBe(true);
    expect(watched.tasks.map((t) => t.kind)).toEqual(['tallyRecords']);
    const bytes = archiveBytes(db, electionId) ?? new Uint8Array();
    expect(readArchive(bytes).encryptedTally).toEqual(singlePassTally(bytes));
    expectToolVerifies(db, electionId);
  });

  it('reads the archive in pages of at most the chunks and bytes asked (one chunk when a chunk is larger)', async () => {
    const db = createTestDb();
    const { electionId } = await electionWithBallots(db, 3);
    const version = archiveVersion(db, electionId) ?? 0;
    const limits = { maxChunks: 3, maxBytes: 20_000 };
    const pages = [];
    for (let after = 0; after < version; ) {
      const page = archivePage(db, electionId, after, version, limits);
      pages.push(page);
      after = page[page.length - 1]?.seq ?? version;
    }
    for (const page of pages) {
      expect(page.length).toBeGreaterThan(0);
      expect(page.length).toBeLessThanOrEqual(limits.maxChunks);
      const size = page.reduce((n, c) => n + c.bytes.length, 0);
      if (page.length > 1) expect(size).toBeLessThanOrEqual(limits.maxBytes);
    }
    const seqs = pages.flat().map((c) => c.seq);
    expect(seqs).toEqual(Array.from({ length: version }, (_, i) => i + 1));
    expect(
      Buffer.concat(pages.flat().map((c) => c.bytes)).equals(archiveBytes(db, electionId) ?? Buffer.alloc(0)),
    ).toBe(true);
    // Past the version asked, nothing: a chunk appended meanwhile is not read.
    expect(archivePage(db, electionId, version, version, limits)).toEqual([]);
  });

  it('is computed again after a ballot accepted while it ran, and then counts that ballot', async () => {
    const db = createTestDb();
    const { electionId, users, abstainer } = await electionWithBallots(db, Math.max(VOTERS, 6));
    tallyLimits.ballotsPerTask = 1;
    const closing = closeVerifiable(db, electionId, LATER);
    // Awaited below, once the ballot is in; a failure meanwhile is not left unhandled.
    closing.catch(() => undefined);
    // Still open by the clock: the ballot is checked in a worker between two of the tally's parts and stored.
    const late = ballotFor(db, electionId, abstainer);
    // A record of the archive like the others: within the limit (the numbers in a ballot vary in length by chance).
    tallyLimits.textLimit = Math.max(tallyLimits.textLimit, late.length);
    await castBallot(db, abstainer, { electionId, ballot: late });
    expect(await closing).toBe(false);
    expect(lastEvent(db, db, electionId)).toBe('Ballot');

    expect(await closeVerifiable(db, electionId, LATER)).toBe(true);
    const bytes = archiveBytes(db, electionId) ?? new Uint8Array();
    const archive = readArchive(bytes);
    expect(archive.ballots).toHaveLength(users.length);
    expect(archive.ballots).toContain(late);
    expect(archive.encryptedTally).toEqual(singlePassTally(bytes));
    expectToolVerifies(db, electionId);
  });

  it('refuses an archive whose chain of events is broken, and appends nothing', async () => {
    const db = createTestDb();
    const { electionId, abstainer } = await electionWithBallots(db, 3);
    // A ballot chained after the first ballot's event, not the last: a fork of the chain.
    const version = archiveVersion(db, electionId) ?? 0;
    const fork = ArchiveWriter.continueAfter(chunkAt(db, electionId, version - 2));
    addChunk(db, electionId, fork.addBallot(ballotFor(db, electionId, abstainer)));
    const before = archiveVersion(db, electionId);
    await expect(closeVerifiable(db, electionId, LATER)).rejects.toMatchObject({
      check: 'archive',
      message: 'the chain of events is broken',
    });
    expect(archiveVersion(db, electionId)).toBe(before);
  });

  it('refuses an archive where one credential signed two ballots rather than count one twice', async () => {
    const db = createTestDb();
    const { electionId, ballots } = await electionWithBallots(db, 3);
    // Chained properly, but the first ballot again: Codka stores one ballot per credential.
    const version = archiveVersion(db, electionId) ?? 0;
    const again = ArchiveWriter.continueAfter(chunkAt(db, electionId, version));
    addChunk(db, electionId, again.addBallot(ballots[0] as string));
    const before = archiveVersion(db, electionId);
    await expect(closeVerifiable(db, electionId, LATER)).rejects.toMatchObject({
      check: 'archive',
      message: "a credential signed two of the archive's ballots",
    });
    expect(archiveVersion(db, electionId)).toBe(before);
  });
});
