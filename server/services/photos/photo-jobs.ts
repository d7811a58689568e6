import {
  PHOTO_JOBS_PAGE_SIZE,
  type PhotoJobType,
  RECENT_PHOTO_JOBS,
  type ScrapedMemberUpdate,
  type ScrapeResult,
} from '@shared/member-photos';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { photoProcessingJobs, users } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { messageText } from '../../errors/texts';
import { recordAudit } from '../audit';
import { parseJsonList } from './json-list';

export const JOB_ALREADY_RUNNING = messageText({ key: 'photoJob.alreadyRunning' });
/** The recent-jobs panel is polled every second or two: it carries the start of each log, not all of it. */
const ERRORS_IN_SUMMARY = 10;

const jobColumns = {
  id: photoProcessingJobs.id,
  jobType: photoProcessingJobs.jobType,
  status: photoProcessingJobs.status,
  createdAt: photoProcessingJobs.createdAt,
  startedAt: photoProcessingJobs.startedAt,
  completedAt: photoProcessingJobs.completedAt,
  totalMembers: photoProcessingJobs.totalMembers,
  processedMembers: photoProcessingJobs.processedMembers,
  successfulUpdates: photoProcessingJobs.successfulUpdates,
  failedUpdates: photoProcessingJobs.failedUpdates,
  unmatchedMembers: photoProcessingJobs.unmatchedMembers,
  errorLog: photoProcessingJobs.errorLog,
  createdByEmail: users.email,
};

function selectJobs(db: Db) {
  return db
    .select(jobColumns)
    .from(photoProcessingJobs)
    .leftJoin(users, eq(users.id, photoProcessingJobs.createdBy));
}
type JobRow = ReturnType<ReturnType<typeof selectJobs>['all']>[number];

function summary(row: JobRow) {
  const { errorLog, ...job } = row;
  const errors = parseJsonList<string>(errorLog);
  return {
    ...job,
    errorCount: errors.length,
    errors: errors.slice(0, ERRORS_IN_SUMMARY),
    // A failed job's last log line says why it failed (runPhotoJob and start-up put it there).
    failure: job.status === 'failed' ? (errors.at(-1) ?? 'The job failed.') : null,
  };
}

/** Runs a recorded job in the background; the photo-refresh job provides it (jobs/photo-refresh/runner.ts). */
export interface PhotoJobLauncher {
  /** A job of this process is still running on this database (even if its row says otherwise). */
  isRunning(db: Db): boolean;
  launch(db: Db, job: { id: string; type: PhotoJobType }): void;
}

/**
 * Records a pending job and starts it in the background. One at a time: a second start while a job is
 * pending or running is refused with CONFLICT (the check and the insert happen in one transaction).
 */
export function startPhotoJob(
  deps: { db: Db; launcher: PhotoJobLauncher },
  jobType: PhotoJobType,
  actorId: string,
): { jobId: string } {
  const { db } = deps;
  const job = db.transaction((tx) => {
    const active = tx
      .select({ id: photoProcessingJobs.id })
      .from(photoProcessingJobs)
      .where(inArray(photoProcessingJobs.status, ['pending', 'running']))
      .get();
    if (active || deps.launcher.isRunning(db)) throw new DomainError('photoJob.alreadyRunning');
    const row = tx
      .insert(photoProcessingJobs)
      .values({ jobType, status: 'pending', createdBy: actorId })
      .returning({ id: photoProcessingJobs.id })
      .get();
    recordAudit(tx, {
      action: 'start_job',
      tableName: 'photo_processing_jobs',
      recordId: row.id,
      newValues: { jobType },
      actorId,
    });
    return row;
  });
  deps.launcher.launch(db, { id: job.id, type: jobType });
  return { jobId: job.id };
}

/** The latest 5 jobs, newest first (docs/product.md#member-photos). */
export function recentPhotoJobs(db: Db) {
  return selectJobs(db)
    .orderBy(desc(photoProcessingJobs.createdAt))
    .limit(RECENT_PHOTO_JOBS)
    .all()
    .map(summary);
}

/** Every job, newest first, a page at a time. */
export function listPhotoJobs(db: Db, page: number) {
  const total = db.select({ total: count() }).from(photoProcessingJobs).get()?.total ?? 0;
  const jobs = selectJobs(db)
    .orderBy(desc(photoProcessingJobs.createdAt))
    .limit(PHOTO_JOBS_PAGE_SIZE)
    .offset((page - 1) * PHOTO_JOBS_PAGE_SIZE)
    .all()
    .map(summary);
  return { jobs, total, page, pageSize: PHOTO_JOBS_PAGE_SIZE };
}

/**
 * One job with its whole error log and its outcome as a finished job reports it (docs/product.md#member-photo-rules).
 */
export function photoJobDetails(db: Db, id: string) {
  const row = db
    .select({ ...jobColumns, updatedMembers: photoProcessingJobs.updatedMembers })
    .from(photoProcessingJobs)
    .leftJoin(users, eq(users.id, photoProcessingJobs.createdBy))
    .where(eq(photoProcessingJobs.id, id))
    .get();
  if (!row) throw new DomainError('photoJob.notFound', { id });
  const errors = parseJsonList<string>(row.errorLog);
  const finished = row.status === 'completed' || row.status === 'failed';
  const result: ScrapeResult | null = finished
    ? {
        success: row.status === 'completed',
        error: row.status === 'failed' ? (errors.at(-1) ?? 'The job failed.') : null,
        total_processed: row.processedMembers,
        successful_updates: row.successfulUpdates,
        failed_updates: row.failedUpdates,
        errors,
        updated_members: parseJsonList<ScrapedMemberUpdate>(row.updatedMembers),
      }
    : null;
  const { errorLog: _log, updatedMembers: _members, ...job } = row;
  return { job: { ...job, errors }, result };
}
