import type { ScrapedMemberUpdate, ScrapeResult } from '@shared/member-photos';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { photoProcessingJobs } from '../../db/schema';

/** Beyond this many entries the log says how many more there were instead of growing without end. */
export const MAX_LOGGED_ERRORS = 200;

/**
 * The job's counters and error log, written to its photo_processing_jobs row after every member so
 * the admin page's progress bar moves as the job goes.
 */
export class JobProgress {
  private total = 0;
  private processed = 0;
  private successful = 0;
  private failed = 0;
  private unmatched = 0;
  private readonly errors: string[] = [];
  private omittedErrors = 0;
  /** Why the whole job failed: always the log's last line, however full the log is. */
  private fatal: string | null = null;
  private readonly updated: ScrapedMemberUpdate[] = [];

  constructor(
    private readonly db: Db,
    private readonly jobId: string,
  ) {}

  markRunning(): void {
    this.db
      .update(photoProcessingJobs)
      .set({ status: 'running', startedAt: new Date() })
      .where(eq(photoProcessingJobs.id, this.jobId))
      .run();
  }

  addErrors(messages: string[]): void {
    this.record(messages);
    if (messages.length > 0) this.flush();
  }

  setTotal(total: number): void {
    this.total = total;
    this.flush();
  }

  succeeded(update: ScrapedMemberUpdate): void {
    this.processed += 1;
    this.successful += 1;
    this.updated.push(update);
    this.flush();
  }

  failedWith(error: string, update: ScrapedMemberUpdate): void {
    this.processed += 1;
    this.failed += 1;
    this.updated.push(update);
    this.record([error]);
    this.flush();
  }

  unmatchedWith(reason: string): void {
    this.processed += 1;
    this.unmatched += 1;
    this.record([reason]);
    this.flush();
  }

  complete(): ScrapeResult {
    this.finish('completed');
    return this.result(null);
  }

  fail(reason: string): ScrapeResult {
    this.fatal = reason;
    this.finish('failed');
    return this.result(reason);
  }

  private record(messages: string[]): void {
    for (const message of messages) {
      if (this.errors.length < MAX_LOGGED_ERRORS) this.errors.push(message);
      else this.omittedErrors += 1;
    }
  }

  private log(): string[] {
    const log = [...this.errors];
    if (this.omittedErrors > 0) log.push(`… and ${this.omittedErrors} more errors not shown.`);
    if (this.fatal) log.push(this.fatal);
    return log;
  }

  private result(error: string | null): ScrapeResult {
    return {
      success: error === null,
      error,
      total_processed: this.processed,
      successful_updates: this.successful,
      failed_updates: this.failed,
      errors: this.log(),
      updated_members: [...this.updated],
    };
  }

  private finish(status: 'completed' | 'failed'): void {
    this.db
      .update(photoProcessingJobs)
      .set({
        ...this.counters(),
        status,
        completedAt: new Date(),
        updatedMembers: JSON.stringify(this.updated),
      })
      .where(eq(photoProcessingJobs.id, this.jobId))
      .run();
  }

  private counters() {
    return {
      totalMembers: this.total,
      processedMembers: this.processed,
      successfulUpdates: this.successful,
      failedUpdates: this.failed,
      unmatchedMembers: this.unmatched,
      errorLog: JSON.stringify(this.log()),
    };
  }

  private flush(): void {
    this.db
      .update(photoProcessingJobs)
      .set(this.counters())
      .where(eq(photoProcessingJobs.id, this.jobId))
      .run();
  }
}
