import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CredentialsFileReading } from '@shared/belenios';
import {
  PUBLIC_CREDENTIALS_UPLOAD_MAX_BYTES,
  PUBLIC_CREDENTIALS_UPLOAD_MAX_MEGABYTES,
  type PublicCredentialsPartAnswer,
  type PublicCredentialsUploadBegun,
} from '@shared/public-credentials';
import { and, eq, inArray } from 'drizzle-orm';
import { BeleniosRefusal, verifyPool } from '../../belenios/verify-pool';
import type { Db } from '../../db/client';
import { credentialUploadRows, credentialUploads, verifiableElections } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../audit';
import {
  endUpload,
  type Receiving,
  ROWS_PER_WRITE,
  receiving,
  UPLOAD_IDLE_MINUTES,
  uploadRow,
} from './credential-upload-state';
import { sweepSoon } from './credential-upload-sweeps';
import { requireDraft, verifiableElection } from './election';
import { dropPreparation } from './preparation';

/**
 * An outside credential authority's list of public credentials, as `belenios-tool setup generate-credentials`
 * writes it (its .pubcreds file). Codka never sees the private ones; the voters type theirs. The file comes in
 * parts of at most a few MB (an upload: begun with its size and SHA-256, then its parts in order), so that a
 * nation's list (620 MB at a million voters) is never held whole: each part's entries are read and checked in
 * the verification workers as it arrives, and written into `credential_upload_rows`, the upload's own rows.
 * Only once the last part has come, the file's SHA-256 is the one declared and every credential is valid and
 * given once does the list replace the election's (applyUpload). A file sent as one request
 * (setPublicCredentials) is an upload of one part.
 */

/** Entries read per worker task: about a second of group membership checks on one core. */
const ENTRIES_PER_TASK = 2_000;
/**
 * Uploads receiving or being applied at once, all elections together: each may stage up to 1 GB of rows, and
 * there are a few national drafts at most.
 */
export const MAX_LIVE_UPLOADS = 3;

const refusal = () => new DomainError('verifiable.credentialsInvalid');
const interrupted = () => new DomainError('verifiable.credentialsInterrupted');

/**
 * Checks entries in the verification workers, a part at a time (each credential in the group: about 0.4 ms
 * apiece). The parts go one after another, leaving a worker free when there are several, so that ballots
 * arriving meanwhile wait for a part at most, never for the whole list. Answers each credential's decimal form,
 * in the entries' order.
 */
async function checkEntries(entries: readonly string[]): Promise<string[]> {
  const pool = verifyPool();
  const inFlight = Math.max(1, pool.options.size - 1);
  const credentials: string[] = [];
  try {
    for (let i = 0; i < entries.length; i += ENTRIES_PER_TASK * inFlight) {
      const parts = [];
      for (let j = i; j < Math.min(entries.length, i + ENTRIES_PER_TASK * inFlight); j += ENTRIES_PER_TASK) {
        parts.push(
          pool.run({ kind: 'publicCredentialEntries', entries: entries.slice(j, j + ENTRIES_PER_TASK) }),
        );
      }
      for (const part of await Promise.all(parts)) credentials.push(...part.credentials);
    }
  } catch (error) {
    if (error instanceof BeleniosRefusal) throw refusal();
    throw error;
  }
  return credentials;
}

/** A claim older than this whose body never came (the request timed out or was dropped) no longer holds. */
const STALE_CLAIM_MS = 5 * 60_000;

const expiry = () => new Date(Date.now() + UPLOAD_IDLE_MINUTES * 60_000);

/**
 * POST /api/admin/elections/:id/public-credentials/uploads: begins an upload of a file of `size` bytes whose
 * SHA-256 is `sha256`, for a verifiable draft. Ends the draft's upload still receiving, if any (its next part is
 * answered `verifiable.credentialsInterrupted`). The list the draft has stays until this one is whole.
 */
export function beginUpload(
  db: Db,
  input: { electionId: string; size: number; sha256: string; partBytes: number; actorId: string },
): PublicCredentialsUploadBegun {
  requireDraft(verifiableElection(db, input.electionId));
  if (input.size > PUBLIC_CREDENTIALS_UPLOAD_MAX_BYTES) {
    throw new DomainError('verifiable.credentialsTooLarge', { max: PUBLIC_CREDENTIALS_UPLOAD_MAX_MEGABYTES });
  }
  // The shortest list is one credential: `["1"]`.
  if (input.size < 5) throw refusal();
  const id = crypto.randomUUID();
  const superseded = db.transaction((tx) => {
    const now = new Date();
    const older = tx
      .update(credentialUploads)
      .set({ status: 'ended' })
      .where(
        and(eq(credentialUploads.electionId, input.electionId), eq(credentialUploads.status, 'receiving')),
      )
      .returning({ id: credentialUploads.id })
      .all();
    const live = tx
      .select({ status: credentialUploads.status, expiresAt: credentialUploads.expiresAt })
      .from(credentialUploads)
      .where(inArray(credentialUploads.status, ['receiving', 'applying']))
      .all()
      .filter((row) => row.status === 'applying' || row.expiresAt > now);
    if (live.length >= MAX_LIVE_UPLOADS) throw new DomainError('verifiable.credentialsUploadsBusy');
    tx.insert(credentialUploads)
      .values({
        id,
        electionId: input.electionId,
        status: 'receiving',
        size: input.size,
        sha256: input.sha256,
        partBytes: input.partBytes,
        createdBy: input.actorId,
        expiresAt: expiry(),
      })
      .run();
    return older;
  });
  for (const { id: olderId } of superseded) receiving(db).delete(olderId);
  receiving(db).set(id, {
    hash: createHash('sha256'),
    rest: new Uint8Array(0),
    reading: 'open',
    claim: null,
  });
  sweepSoon(db);
  return { upload: id, partBytes: input.partBytes, parts: Math.ceil(input.size / input.partBytes) };
}

/** A part let in: it is the one due, its upload receiving; `release` lets the next one in. */
export interface PartClaim {
  uploadId: string;
  index: number;
  /** The bytes this part must have: the part size, or what remains of the file for the last. */
  length: number;
  last: boolean;
  release(): void;
}

/**
 * Lets a part in before its body is read (the route's onRequest): it must be the part due next of the
 * election's upload still receiving and not expired, no other part of it being read, and `declared` (its
 * Content-Length, when given) its length. Whatever is refused here changes nothing: the admin's browser may
 * send the right part next.
 */
export function claimPart(
  db: Db,
  input: { electionId: string; uploadId: string; index: number; declared?: number },
): PartClaim {
  const row = uploadRow(db, input.uploadId);
  const state = receiving(db).get(input.uploadId);
  if (!row || row.electionId !== input.electionId || row.status !== 'receiving') throw interrupted();
  if (!state) {
    // Receiving in the database but not in this process (which started after it began): it cannot go on.
    endUpload(db, input.uploadId);
    throw interrupted();
  }
  if (row.expiresAt <= new Date()) {
    endUpload(db, input.uploadId);
    sweepSoon(db);
    throw new DomainError('verifiable.credentialsUploadExpired', { minutes: UPLOAD_IDLE_MINUTES });
  }
  const parts = Math.ceil(row.size / row.partBytes);
  const claim = state.claim;
  if (claim && !claim.processing && Date.now() - claim.since > STALE_CLAIM_MS) state.claim = null;
  const due = row.nextPart + (state.claim ? 1 : 0);
  if (state.claim || input.index !== row.nextPart) {
    throw new DomainError('verifiable.credentialsPartOutOfOrder', {
      expected: Math.min(due, parts - 1) + 1,
      parts,
    });
  }
  const length = Math.min(row.partBytes, row.size - input.index * row.partBytes);
  if (input.declared !== undefined && input.declared > row.partBytes) {
    throw new DomainError('verifiable.credentialsPartTooLarge', { max: row.partBytes });
  }
  if (input.declared !== undefined && input.declared !== length) {
    throw new DomainError('verifiable.credentialsPartLength', { part: input.index + 1, bytes: length });
  }
  const held = { index: input.index, since: Date.now(), processing: false };
  state.claim = held;
  return {
    uploadId: input.uploadId,
    index: input.index,
    length,
    last: input.index === parts - 1,
    // Only once its reading is over: a client that goes away meanwhile does not let the next part in early.
    release: () => {
      if (state.claim === held && !held.processing) state.claim = null;
    },
  };
}

/** Whether an upload is still the one receiving (not superseded, expired or ended meanwhile). */
function stillReceiving(tx: Pick<Db, 'select'>, uploadId: string): boolean {
  return uploadRow(tx, uploadId)?.status === 'receiving';
}

/**
 * A claimed part's body: read (after what the part before left over) and checked in the workers, its
 * credentials written among the upload's rows a part of 2,000 at a time, each transaction checking the upload is
 * still receiving (a newer one ends it between them). The last part's answer is the election's list: the
 * file's SHA-256 must be the one declared, the list not empty. Any refusal of what the part holds (a
 * credential that is not one, or given twice anywhere in the file, a file cut short, another hash) ends the
 * upload: nothing of it is applied. `actorAtWrite` is checked again before the list is applied.
 */
export async function receivePart(
  db: Db,
  claim: PartClaim,
  body: Uint8Array,
  actorAtWrite: () => string,
): Promise<PublicCredentialsPartAnswer> {
  const state = receiving(db).get(claim.uploadId);
  const held = state?.claim;
  if (!state || !held || held.index !== claim.index) throw interrupted();
  held.processing = true;
  try {
    if (body.length !== claim.length) {
      throw new DomainError('verifiable.credentialsPartLength', {
        part: claim.index + 1,
        bytes: claim.length,
      });
    }
    if (!stillReceiving(db, claim.uploadId)) throw interrupted();
    try {
      return await readPart(db, state, claim, body, actorAtWrite);
    } catch (error) {
      // The part was taken in: whatever went wrong reading or keeping it, the upload cannot go on. One that
      // kept no row yet (a file refused in its first part, as a whole file sent at once often is) leaves nothing.
      receiving(db).delete(claim.uploadId);
      const staged = db
        .select({ id: credentialUploadRows.uploadId })
        .from(credentialUploadRows)
        .where(eq(credentialUploadRows.uploadId, claim.uploadId))
        .limit(1)
        .get();
      const status = uploadRow(db, claim.uploadId)?.status;
      if (!staged && status === 'receiving')
        db.delete(credentialUploads).where(eq(credentialUploads.id, claim.uploadId)).run();
      else if (status !== undefined && status !== 'ended') endUpload(db, claim.uploadId);
      sweepSoon(db);
      throw error;
    }
  } finally {
    held.processing = false;
    claim.release();
  }
}

async function readPart(
  db: Db,
  state: Receiving,
  claim: PartClaim,
  body: Uint8Array,
  actorAtWrite: () => string,
): Promise<PublicCredentialsPartAnswer> {
  state.hash.update(body);
  const bytes = new Uint8Array(state.rest.length + body.length);
  bytes.set(state.rest);
  bytes.set(body, state.rest.length);
  let read: { entries: string[]; rest: Uint8Array; reading: CredentialsFileReading };
  try {
    read = await verifyPool().run({
      kind: 'publicCredentialsPart',
      bytes,
      reading: state.reading,
      last: claim.last,
    });
  } catch (error) {
    if (error instanceof BeleniosRefusal) throw refusal();
    throw error;
  }
  const credentials = await checkEntries(read.entries);
  // In order: each row then goes near the last in the table's index.
  credentials.sort();
  const insert = db.$client.prepare(
    'INSERT INTO credential_upload_rows (upload_id, credential) VALUES (?, ?)',
  );
  for (let i = 0; i === 0 || i < credentials.length; i += ROWS_PER_WRITE) {
    const rows = credentials.slice(i, i + ROWS_PER_WRITE);
    const lastWrite = i + ROWS_PER_WRITE >= credentials.length;
    db.transaction((tx) => {
      if (!stillReceiving(tx, claim.uploadId)) throw interrupted();
      try {
        for (const credential of rows) insert.run(claim.uploadId, credential);
      } catch (error) {
        // The upload's key: this credential is already among its rows, from this part or one before.
        if (isUniqueViolation(error)) throw refusal();
        throw error;
      }
      if (!lastWrite) return;
      const row = uploadRow(tx, claim.uploadId);
      tx.update(credentialUploads)
        .set({
          nextPart: claim.index + 1,
          count: (row?.count ?? 0) + credentials.length,
          expiresAt: expiry(),
          ...(claim.last ? { status: 'applying' as const } : {}),
        })
        .where(eq(credentialUploads.id, claim.uploadId))
        .run();
    });
    await nextTurn();
  }
  state.rest = read.rest;
  state.reading = read.reading;
  const row = uploadRow(db, claim.uploadId);
  if (!row) throw interrupted();
  const parts = Math.ceil(row.size / row.partBytes);
  if (!claim.last) return { received: claim.index + 1, parts };
  receiving(db).delete(claim.uploadId);
  if (state.hash.digest('hex') !== row.sha256) throw new DomainError('verifiable.credentialsChecksum');
  if (row.count === 0) throw refusal();
  return applyUpload(
    db,
    { electionId: row.electionId ?? '', uploadId: row.id, count: row.count },
    actorAtWrite,
  );
}

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
 * A whole and valid upload replaces the election's list, a part at a time, each part its own short transaction,
 * so a nation's list never holds the event loop: the election is marked as having this list (`credentialsList`,
 * the upload's id) before the first part and complete (`credentialsCount`) after the last, and the opening
 * refuses a list that is not complete. The list given before is removed first; the upload's rows are copied in
 * the order of their key. Another list applied meanwhile, or an opening, stops this one between parts.
 * `actorAtWrite` gives the acting System Admin's id, checked again before the first and the last write.
 */
async function applyUpload(
  db: Db,
  input: { electionId: string; uploadId: string; count: number },
  actorAtWrite: () => string,
): Promise<{ count: number }> {
  const list = input.uploadId;
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
  // In the key's order (a credential's decimal form), from where the part before stopped.
  const page = db.$client
    .prepare<[string, string], string>(
      `SELECT credential FROM credential_upload_rows WHERE upload_id = ? AND credential > ?
       ORDER BY credential LIMIT ${ROWS_PER_WRITE}`,
    )
    .pluck();
  const insert = db.$client.prepare(
    'INSERT INTO election_credentials (election_id, credential) VALUES (?, ?)',
  );
  let after = '';
  let copied = 0;
  for (;;) {
    const rows = db.transaction((tx) => {
      if (!stillWriting(tx, input.electionId, list)) throw interrupted();
      const credentials = page.all(input.uploadId, after);
      for (const credential of credentials) insert.run(input.electionId, credential);
      return credentials;
    });
    copied += rows.length;
    if (rows.length < ROWS_PER_WRITE) break;
    after = rows[rows.length - 1] as string;
    await nextTurn();
  }
  const answer = db.transaction((tx) => {
    const actorId = actorAtWrite();
    if (!stillWriting(tx, input.electionId, list) || copied !== input.count) throw interrupted();
    tx.update(verifiableElections)
      .set({ credentialsCount: copied })
      .where(eq(verifiableElections.electionId, input.electionId))
      .run();
    const upload = uploadRow(tx, input.uploadId);
    tx.update(credentialUploads)
      .set({ status: 'ended' })
      .where(eq(credentialUploads.id, input.uploadId))
      .run();
    recordAudit(tx, {
      action: 'update',
      tableName: 'verifiable_elections',
      recordId: input.electionId,
      newValues: {
        credentialAuthority: 'external',
        publicCredentials: copied,
        fileBytes: upload?.size,
        fileSha256: upload?.sha256,
      },
      actorId,
    });
    return { count: copied };
  });
  sweepSoon(db);
  return answer;
}

/**
 * POST /api/admin/elections/:id/public-credentials: a file sent whole, as one request, is an upload of one
 * part: read, checked and applied as the parts of a larger one are.
 */
export async function setPublicCredentials(
  db: Db,
  input: { electionId: string; file: Uint8Array },
  actorAtWrite: () => string,
): Promise<{ count: number }> {
  const { upload } = beginUpload(db, {
    electionId: input.electionId,
    size: input.file.length,
    sha256: createHash('sha256').update(input.file).digest('hex'),
    partBytes: Math.max(1, input.file.length),
    actorId: actorAtWrite(),
  });
  const claim = claimPart(db, { electionId: input.electionId, uploadId: upload, index: 0 });
  const answer = await receivePart(db, claim, input.file, actorAtWrite);
  if (!('count' in answer)) throw interrupted();
  return answer;
}

export { UPLOAD_IDLE_MINUTES } from './credential-upload-state';
export { startUploadSweeps, sweepUploads } from './credential-upload-sweeps';
