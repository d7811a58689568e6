import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@server/db/client';
import { memberPhotos, photoProcessingJobs } from '@server/db/schema';
import { testEnv } from '@server/env';
import { type PhotoJobConfig, photoJobConfig } from '@server/jobs/photo-refresh/config';
import { photoRefreshLauncher, settledPhotoJob } from '@server/jobs/photo-refresh/runner';
import { startPhotoJob } from '@server/services/photos/photo-jobs';
import type { PhotoJobType } from '@shared/member-photos';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { onTestFinished } from 'vitest';

/** An environment whose photo sources are the local test server and whose uploads go to a folder removed after the test. */
export function photoEnv(origin: string, parliamentPath = '/members/', senatePath = '/senate/') {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'codka-photos-'));
  onTestFinished(() => rmSync(uploadsDir, { recursive: true, force: true }));
  return testEnv({
    UPLOADS_DIR: uploadsDir,
    PARLIAMENT_SOURCE_URL: `${origin}${parliamentPath}`,
    SENATE_SOURCE_URL: `${origin}${senatePath}`,
  });
}

/** Starts a job as the service does for photos.startJob and waits for its end. */
export async function runJob(
  db: Db,
  env: ReturnType<typeof testEnv>,
  jobType: PhotoJobType,
  actorId: string,
  overrides: Partial<PhotoJobConfig> = {},
) {
  const { jobId } = startPhotoJob(
    { db, launcher: photoRefreshLauncher(photoJobConfig(env, overrides), pino({ level: 'silent' })) },
    jobType,
    actorId,
  );
  const result = await settledPhotoJob(db);
  if (!result) throw new Error('the photo job did not run');
  const job = db.select().from(photoProcessingJobs).where(eq(photoProcessingJobs.id, jobId)).get();
  if (!job) throw new Error('the photo job row is missing');
  return { jobId, result, job, errors: JSON.parse(job.errorLog) as string[] };
}

export function photoOf(db: Db, memberType: 'parliament' | 'senate', memberId: string) {
  return db
    .select()
    .from(memberPhotos)
    .where(and(eq(memberPhotos.memberType, memberType), eq(memberPhotos.memberId, memberId)))
    .get();
}
