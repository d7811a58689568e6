import type { PhotoJobType, ScrapedMemberUpdate, ScrapeResult } from '@shared/member-photos';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { memberPhotos } from '../../db/schema';
import { FetchRefused, fetchLimited, sourceHosts } from '../../net/fetch-limited';
import { PhotoRefused, removeStoredPhotos, storeMemberPhoto } from '../../services/photos/photo-files';
import { findMemberPhoto, photoVersionNow, upsertMemberPhoto } from '../../services/photos/photo-rows';
import type { PhotoJobConfig } from './config';
import { crawlSource } from './crawl';
import type { ListedMember } from './listing';
import { loadMatcher, type Member } from './matching';
import { planSource, type WorkItem } from './plan';
import { JobProgress } from './progress';

export interface JobRun {
  db: Db;
  config: PhotoJobConfig;
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export const INTERRUPTED_MESSAGE = 'The server stopped before this job finished.';

const IMAGE_PROBLEMS: Record<PhotoRefused['reason'], string> = {
  notAnImage: 'is not an image we can read (a broken file or another kind of document)',
  svg: 'is an SVG drawing, which is not accepted as a photo',
  tooLarge: 'is larger than 5 MB',
};

/** Runs `work` over `items`, at most `limit` at a time. */
async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  // Every worker ends before the job records its outcome, so nothing writes after a failure is recorded.
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}

function asUpdate(member: Member, values: ReturnType<typeof findMemberPhoto>): ScrapedMemberUpdate {
  return {
    member_id: member.id,
    member_name: member.name,
    member_type: member.type,
    source_url: values?.sourceUrl ?? null,
    webp_url: values?.webpUrl ?? null,
    original_url: values?.originalUrl ?? null,
    alt_text: values?.altText ?? null,
    processing_status: values?.processingStatus ?? 'pending',
  };
}

/** Writes the job's outcome; a manual override set meanwhile keeps its status (the admin's choice wins). */
function writeOutcome(db: Db, member: Member, values: Parameters<typeof upsertMemberPhoto>[2]) {
  return db.transaction((tx) => {
    const current = findMemberPhoto(tx, member.type, member.id);
    const { processingStatus, errorMessage, ...rest } = values;
    upsertMemberPhoto(
      tx,
      member,
      current?.manualOverrideUrl ? rest : { ...rest, processingStatus, errorMessage },
    );
    return findMemberPhoto(tx, member.type, member.id);
  });
}

async function downloadPhoto(run: JobRun, hosts: ReadonlySet<string>, member: Member, entry: ListedMember) {
  const before = findMemberPhoto(run.db, member.type, member.id);
  upsertMemberPhoto(run.db, member, { processingStatus: 'processing', sourceUrl: entry.imageUrl });
  const image = await fetchLimited(entry.imageUrl, {
    allowedHosts: hosts,
    timeoutMs: run.config.imageTimeoutMs,
    maxBytes: run.config.maxImageBytes,
    signal: run.signal,
    accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8',
  });
  const stored = await storeMemberPhoto(run.config.uploadsDir, member, image.body, { keepOriginal: true });
  const changed = stored.webpUrl !== before?.webpUrl;
  const after = writeOutcome(run.db, member, {
    processingStatus: 'completed',
    webpUrl: stored.webpUrl,
    originalUrl: stored.originalUrl,
    sourceUrl: entry.imageUrl,
    altText: `Photo of ${member.name}`,
    errorMessage: null,
    // An unchanged image keeps its version, so browsers keep their cached copy.
    photoVersion: changed || !before ? photoVersionNow() : before.photoVersion,
  });
  if (changed) {
    await removeStoredPhotos(
      run.config.uploadsDir,
      [before?.webpUrl, before?.originalUrl],
      [stored.webpUrl, stored.originalUrl],
    );
  }
  return after;
}

async function processItem(run: JobRun, hosts: ReadonlySet<string>, item: WorkItem, progress: JobProgress) {
  run.signal.throwIfAborted();
  if (item.kind === 'unmatched') {
    progress.unmatchedWith(item.reason);
    return;
  }
  const { member, entry } = item;
  try {
    progress.succeeded(asUpdate(member, await downloadPhoto(run, hosts, member, entry)));
  } catch (error) {
    run.signal.throwIfAborted();
    let problem: string;
    if (error instanceof PhotoRefused) problem = `${entry.imageUrl} ${IMAGE_PROBLEMS[error.reason]}.`;
    else if (error instanceof FetchRefused) problem = error.message;
    else {
      run.log.error(
        { err: error, member: member.id, url: entry.imageUrl },
        'member photo could not be stored',
      );
      problem = `${entry.imageUrl} could not be stored (see the server log).`;
    }
    const after = writeOutcome(run.db, member, {
      processingStatus: 'failed',
      errorMessage: problem,
      sourceUrl: entry.imageUrl,
    });
    progress.failedWith(`${member.name}: ${problem}`, asUpdate(member, after));
  }
}

/** What the job already holds for each member of a house, for the plan. */
function photoStates(db: Db, type: Member['type']) {
  const rows = db
    .select({
      memberId: memberPhotos.memberId,
      manualOverrideUrl: memberPhotos.manualOverrideUrl,
      webpUrl: memberPhotos.webpUrl,
      originalUrl: memberPhotos.originalUrl,
    })
    .from(memberPhotos)
    .where(eq(memberPhotos.memberType, type))
    .all();
  const byMember = new Map(rows.map((row) => [row.memberId, row]));
  return (member: Member) => {
    const row = byMember.get(member.id);
    return {
      hasOverride: Boolean(row?.manualOverrideUrl),
      hasStoredPhoto: Boolean(row?.webpUrl || row?.originalUrl),
    };
  };
}

/**
 * One photo job from start to end: read every source's listing, match names to members, then copy each
 * matched member's photo into our storage, recording progress as it goes. Never throws: a failure is
 * recorded on the job and returned.
 */
export async function runPhotoJob(run: JobRun, jobId: string, jobType: PhotoJobType): Promise<ScrapeResult> {
  const progress = new JobProgress(run.db, jobId);
  try {
    progress.markRunning();
    const hosts = sourceHosts(...run.config.sources.map((source) => source.url));
    const work: WorkItem[] = [];
    let listed = 0;
    for (const source of run.config.sources) {
      const crawled = await crawlSource(source, {
        allowedHosts: hosts,
        timeoutMs: run.config.pageTimeoutMs,
        maxBytes: run.config.maxPageBytes,
        maxPages: run.config.maxPages,
        signal: run.signal,
      });
      listed += crawled.members.length;
      progress.addErrors(crawled.errors);
      const matcher = loadMatcher(run.db, source.type);
      work.push(
        ...planSource(crawled.members, matcher, source.label, jobType, photoStates(run.db, source.type)),
      );
    }
    if (listed === 0) return progress.fail('No member photos were found on the sources.');
    progress.setTotal(work.length);
    await inPool(work, run.config.concurrency, (item) => processItem(run, hosts, item, progress));
    return progress.complete();
  } catch (error) {
    if (run.signal.aborted) return progress.fail(INTERRUPTED_MESSAGE);
    run.log.error({ err: error, jobId }, 'photo job failed');
    return progress.fail('The job stopped on an unexpected error (see the server log).');
  }
}
