import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { credentialUploads } from '../../db/schema';
import { endUpload, ROWS_PER_WRITE } from './credential-upload-state';

/**
 * The uploads' sweeps: an upload whose next part is overdue ends, and an ended upload's rows (a national list's,
 * up to 1 GB) are removed a part at a time in the background, never in the request that ended it.
 */

const sweeping = new WeakMap<Db, { done: Promise<void>; again: boolean }>();
/** Databases whose server is stopping: a sweep stops between parts. */
const stopping = new WeakSet<Db>();

/** A sweep in the background: one that fails is tried again, and logged, by the sweep of the next minute. */
export function sweepSoon(db: Db): void {
  sweepUploads(db).catch(() => undefined);
}

/**
 * Ends the uploads whose next part is overdue or whose draft was deleted, and removes the rows of every ended
 * upload a part at a time, then the upload itself. One sweep at a time per database; asked while one runs, that
 * one looks again once it is done, so what ended meanwhile is removed before it resolves.
 */
export function sweepUploads(db: Db): Promise<void> {
  const running = sweeping.get(db);
  if (running) {
    running.again = true;
    return running.done;
  }
  const sweep = { done: Promise.resolve(), again: true };
  sweep.done = (async () => {
    try {
      while (sweep.again && !stopping.has(db)) {
        sweep.again = false;
        await sweepOnce(db);
      }
    } finally {
      sweeping.delete(db);
    }
  })();
  sweeping.set(db, sweep);
  return sweep.done;
}

async function sweepOnce(db: Db): Promise<void> {
  const overdue = db
    .select({ id: credentialUploads.id })
    .from(credentialUploads)
    .where(
      and(
        eq(credentialUploads.status, 'receiving'),
        or(lt(credentialUploads.expiresAt, new Date()), isNull(credentialUploads.electionId)),
      ),
    )
    .all();
  for (const { id } of overdue) endUpload(db, id);
  const ended = db
    .select({ id: credentialUploads.id })
    .from(credentialUploads)
    .where(eq(credentialUploads.status, 'ended'))
    .all();
  const remove = db.$client.prepare(
    `DELETE FROM credential_upload_rows WHERE upload_id = :id AND credential IN
     (SELECT credential FROM credential_upload_rows WHERE upload_id = :id LIMIT ${ROWS_PER_WRITE})`,
  );
  for (const { id } of ended) {
    for (let removed = ROWS_PER_WRITE; removed === ROWS_PER_WRITE; ) {
      if (stopping.has(db)) return;
      removed = remove.run({ id }).changes;
      await nextTurn();
    }
    db.delete(credentialUploads).where(eq(credentialUploads.id, id)).run();
  }
}

/**
 * At the server's start: the uploads a stopped process was receiving or applying cannot go on (their hash was
 * in its memory), so they end and their rows are removed; then a sweep every minute ends the overdue ones.
 * Answers what stops it.
 */
export function startUploadSweeps(db: Db, log: (error: unknown) => void): () => Promise<void> {
  stopping.delete(db);
  db.update(credentialUploads)
    .set({ status: 'ended' })
    .where(inArray(credentialUploads.status, ['receiving', 'applying']))
    .run();
  const sweep = () => sweepUploads(db).catch(log);
  void sweep();
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopping.add(db);
    await sweeping.get(db)?.done.catch(() => undefined);
  };
}
