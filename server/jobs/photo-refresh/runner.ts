import type { PhotoJobType, ScrapeResult } from '@shared/member-photos';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { memberPhotos, photoProcessingJobs } from '../../db/schema';
import { parseJsonList } from '../../services/photos/json-list';
import type { PhotoJobLauncher } from '../../services/photos/photo-jobs';
import type { PhotoJobConfig } from './config';
import { INTERRUPTED_MESSAGE, runPhotoJob } from './run';

interface RunningJob {
  jobId: string;
  controller: AbortController;
  done: Promise<ScrapeResult>;
}

// Keyed by database, not a module-level singleton: each test database has its own runner.
const running = new WeakMap<Db, RunningJob>();

export function isPhotoJobRunning(db: Db): boolean {
  return running.has(db);
}

/** Starts a recorded (pending) job in the background of this process; the caller made sure none is running. */
export function launchPhotoJob(
  db: Db,
  job: { id: string; type: PhotoJobType },
  config: PhotoJobConfig,
  log: FastifyBaseLogger,
): void {
  const controller = new AbortController();
  const done = runPhotoJob({ db, config, signal: controller.signal, log }, job.id, job.type)
    .then((result) => {
      log.info(
        { jobId: job.id, success: result.success, processed: result.total_processed },
        'photo job finished',
      );
      return result;
    })
    .finally(() => running.delete(db));
  running.set(db, { jobId: job.id, controller, done });
}

/**
 * What the photo-jobs service starts jobs with: it records the job, this runs it. Jobs use services, so the
 * service never imports the job; the router hands it this launcher.
 */
export function photoRefreshLauncher(config: PhotoJobConfig, log: FastifyBaseLogger): PhotoJobLauncher {
  return {
    isRunning: isPhotoJobRunning,
    launch: (db, job) => launchPhotoJob(db, job, config, log),
  };
}

/** The running job's result when it ends, or null when none is running (tests and shutdown wait on it). */
export async function settledPhotoJob(db: Db): Promise<ScrapeResult | null> {
  return (await running.get(db)?.done) ?? null;
}

/** At shutdown: stop the running job and wait until it has recorded that it was stopped. */
export async function stopPhotoJob(db: Db): Promise<void> {
  const job = running.get(db);
  if (!job) return;
  job.controller.abort();
  await job.done;
}

/**
 * At start-up no job of this process can be running yet, so a job recorded as pending or running was
 * cut short by a crash or a kill: it is marked failed with the reason, and so are photos left half done.
 */
export function failInterruptedPhotoJobs(db: Db): number {
  return db.transaction((tx) => {
    const stale = tx
      .select({ id: photoProcessingJobs.id, errorLog: photoProcessingJobs.errorLog })
      .from(photoProcessingJobs)
      .where(inArray(photoProcessingJobs.status, ['pending', 'running']))
      .all();
    for (const job of stale) {
      const log = [...parseJsonList<string>(job.errorLog), INTERRUPTED_MESSAGE];
      tx.update(photoProcessingJobs)
        .set({ status: 'failed', completedAt: new Date(), errorLog: JSON.stringify(log) })
        .where(eq(photoProcessingJobs.id, job.id))
        .run();
    }
    tx.update(memberPhotos)
      .set({
        processingStatus: 'failed',
        errorMessage: 'The photo job was interrupted before this photo was stored.',
        updatedAt: new Date(),
      })
      .where(eq(memberPhotos.processingStatus, 'processing'))
      .run();
    return stale.length;
  });
}
