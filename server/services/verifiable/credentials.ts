import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { BeleniosRefusal, verifyPool } from '../../belenios/verify-pool';
import type { Db } from '../../db/client';
import { verifiableElections } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../audit';
import { requireDraft, verifiableElection } from './election';
import { dropPreparation } from './preparation';

/** Entries read per worker task: about a second of group membership checks on one core. */
const ENTRIES_PER_TASK = 2_000;

const refusal = () => new DomainError('verifiable.credentialsInvalid');

/**
 * Reads a public credentials file in the verification workers: the JSON in one task, then the entries a part at
 * a time, each checked to be in the group (about 0.4 ms apiece: 40 s of work for 100,000). The parts go one after
 * another, leaving a worker free when there are several, so that ballots arriving meanwhile wait for a part at
 * most, never for the whole list. Answers each credential's decimal form, in the file's order.
 */
async function readCredentialsFile(file: Uint8Array): Promise<string[]> {
  const pool = verifyPool();
  try {
    const { entries } = await pool.run({ kind: 'publicCredentialsFile', file });
    if (entries.length === 0) throw refusal();
    const inFlight = Math.max(1, pool.options.size - 1);
    const credentials: string[] = [];
    // As parsePublicCredentials refuses it: a credential given twice is no list of voters.
    const seen = new Set<string>();
    for (let i = 0; i < entries.length; i += ENTRIES_PER_TASK * inFlight) {
      const parts = [];
      for (let j = i; j < Math.min(entries.length, i + ENTRIES_PER_TASK * inFlight); j += ENTRIES_PER_TASK) {
        const part = entries.slice(j, j + ENTRIES_PER_TASK);
        parts.push(pool.run({ kind: 'publicCredentialEntries', entries: part }));
      }
      for (const part of await Promise.all(parts)) {
        for (const credential of part.credentials) {
          if (seen.has(credential)) throw refusal();
          seen.add(credential);
          credentials.push(credential);
        }
      }
    }
    return credentials;
  } catch (error) {
    if (error instanceof BeleniosRefusal) throw refusal();
    throw error;
  }
}

/** Rows written or removed per transaction: a few milliseconds of the event loop each. */
const ROWS_PER_WRITE = 2_000;

/** Whether the list being written is still `list` of a draft: another upload, or an opening, ends this one. */
function stillWriting(tx: Pick<Db, 'select'>, electionId: string, list: string): boolean {
  const row = tx
    .select({ list: verifiableElections.credentialsList })
    .from(verifiableElections)
    .where(eq(verifiableElections.electionId, electionId))
    .get();
  const election = verifiableElection(tx, electionId);
  return row?.list === list && election.status === 'Draft' && election.electionText === null;
}

/**
 * POST /api/admin/elections/:id/public-credentials (server/http/public-credentials-import.ts): an outside
 * credential authority's list, as `belenios-tool setup generate-credentials` writes it (its .pubcreds file).
 * Codka never sees the private ones; the voters type theirs. Replaces any list given before, while the election
 * is a draft. Each public credential is checked to be in the group here, once, so that a list with a wrong
 * one is refused whole now rather than a voter's ballot later. Answers how many were kept.
 * The list is written a part at a time, each part its own short transaction, so a nation's list never holds the
 * event loop: the election is marked as having this list (`credentialsList`) before the first part and complete
 * (`credentialsCount`) after the last, and the opening refuses a list that is not complete. A second list sent
 * meanwhile, or an opening, stops this one between parts.
 * `actorAtWrite` gives the acting System Admin's id, checked again before the first and the last write: reading
 * a long list takes a while, and an admin deactivated or signed out meanwhile writes nothing more.
 */
export async function setPublicCredentials(
  db: Db,
  input: { electionId: string; file: Uint8Array },
  actorAtWrite: () => string,
): Promise<{ count: number }> {
  requireDraft(verifiableElection(db, input.electionId));
  const credentials = await readCredentialsFile(input.file);
  // In order: each row then goes at the end of the table's index, which SQLite writes about twice as fast.
  credentials.sort();
  const list = crypto.randomUUID();
  db.transaction((tx) => {
    actorAtWrite();
    // Checked again: the election may have opened while the file was read.
    requireDraft(verifiableElection(tx, input.electionId));
    tx.update(verifiableElections)
      .set({ credentialAuthority: 'external', credentialsList: list, credentialsCount: null })
      .where(eq(verifiableElections.electionId, input.electionId))
      .run();
    // Codka's credentials, made or being made for this draft, are not its credentials any more.
    dropPreparation(tx, input.electionId);
  });
  const interrupted = () => new DomainError('verifiable.credentialsInterrupted');
  // The list given before goes first, a part at a time (rowid: the table's own order, no index to sort by).
  const remove = db.$client.prepare(
    `DELETE FROM election_credentials WHERE rowid IN
     (SELECT rowid FROM election_credentials WHERE election_id = ? LIMIT ${ROWS_PER_WRITE})`,
  );
  for (let removed = ROWS_PER_WRITE; removed === ROWS_PER_WRITE; ) {
    removed = db.transaction((tx) => {
      if (!stillWriting(tx, input.electionId, list)) throw interrupted();
      return remove.run(input.electionId).changes;
    });
    await nextTurn();
  }
  // One statement run per row rather than INSERTs of many rows built each time.
  const insert = db.$client.prepare(
    'INSERT INTO election_credentials (election_id, credential) VALUES (?, ?)',
  );
  for (let i = 0; i < credentials.length; i += ROWS_PER_WRITE) {
    db.transaction((tx) => {
      if (!stillWriting(tx, input.electionId, list)) throw interrupted();
      for (const credential of credentials.slice(i, i + ROWS_PER_WRITE))
        insert.run(input.electionId, credential);
    });
    await nextTurn();
  }
  return db.transaction((tx) => {
    const actorId = actorAtWrite();
    if (!stillWriting(tx, input.electionId, list)) throw interrupted();
    tx.update(verifiableElections)
      .set({ credentialsCount: credentials.length })
      .where(eq(verifiableElections.electionId, input.electionId))
      .run();
    recordAudit(tx, {
      action: 'update',
      tableName: 'verifiable_elections',
      recordId: input.electionId,
      newValues: { credentialAuthority: 'external', publicCredentials: credentials.length },
      actorId,
    });
    return { count: credentials.length };
  });
}
