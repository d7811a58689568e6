import { auditLogs, memberPhotos, photoProcessingJobs } from '@server/db/schema';
import { photoJobConfig } from '@server/jobs/photo-refresh/config';
import { photoRefreshLauncher, settledPhotoJob } from '@server/jobs/photo-refresh/runner';
import { JOB_ALREADY_RUNNING, startPhotoJob } from '@server/services/photos/photo-jobs';
import { prepareDatabase } from '@server/startup';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectTrpcError } from '../helpers/admin';
import { buildTestApp } from '../helpers/app';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createMember } from '../helpers/directory-factories';
import { createAdmin } from '../helpers/factories';
import { photoEnv } from '../helpers/photo-jobs';
import { listingPage, type PhotoSourceServer, portrait, startPhotoSource } from '../helpers/photo-source';

let source: PhotoSourceServer;
beforeEach(async () => {
  source = await startPhotoSource({
    '/members/': {
      body: listingPage([
        { name: 'Amina Warsame', image: '/img/amina.jpg' },
        { name: 'Somebody Else', image: '/img/else.jpg' },
      ]),
    },
    '/senate/': { body: listingPage([]) },
    '/img/amina.jpg': { body: await portrait(1), type: 'image/jpeg', delayMs: 150 },
    '/img/else.jpg': { body: await portrait(2), type: 'image/jpeg' },
  });
});
afterEach(() => source.close());

async function setup() {
  const deps = createTestDeps(undefined, photoEnv(source.origin));
  const admin = await createAdmin(deps.db);
  const amina = createMember(deps.db, { name: 'Amina Warsame' }).id;
  return { deps, admin, amina, caller: callerFor(deps, admin, undefined, { steppedUp: true }).caller };
}

describe('photos.startJob and the job views', () => {
  it('records a pending job, runs it in the background, and refuses a second one meanwhile', async () => {
    const { deps, admin, caller } = await setup();
    const { jobId } = await caller.photos.startJob({ jobType: 'refresh' });
    await expectTrpcError(
      caller.photos.startJob({ jobType: 'missing_only' }),
      'CONFLICT',
      JOB_ALREADY_RUNNING,
    );

    const running = await caller.photos.recentJobs();
    expect(running[0]).toMatchObject({ id: jobId, jobType: 'refresh', createdByEmail: admin.email });
    expect(['pending', 'running']).toContain(running[0]?.status);

    const result = await settledPhotoJob(deps.db);
    expect(result).toMatchObject({
      success: true,
      total_processed: 2,
      successful_updates: 1,
      failed_updates: 0,
    });
    const [finished] = await caller.photos.recentJobs();
    expect(finished).toMatchObject({
      id: jobId,
      status: 'completed',
      totalMembers: 2,
      processedMembers: 2,
      successfulUpdates: 1,
      unmatchedMembers: 1,
      errorCount: 2,
    });
    expect(finished?.errors).toContain(
      'No member matches “Somebody Else” on the House of the People source; add a name alias if this is a member.',
    );

    const details = await caller.photos.job({ id: jobId });
    expect(details.result).toMatchObject({
      success: true,
      error: null,
      total_processed: 2,
      successful_updates: 1,
    });
    expect(details.result?.updated_members).toEqual([
      expect.objectContaining({
        member_name: 'Amina Warsame',
        member_type: 'parliament',
        processing_status: 'completed',
      }),
    ]);
    expect(details.job.errors).toContain(
      `Senate source: no member photos were found on ${source.origin}/senate/.`,
    );

    const audit = deps.db.select().from(auditLogs).where(eq(auditLogs.recordId, jobId)).all();
    expect(audit).toMatchObject([
      { action: 'start_job', tableName: 'photo_processing_jobs', actorId: admin.id },
    ]);
    // A new job may start once the last one has ended.
    await caller.photos.startJob({ jobType: 'missing_only' });
    await settledPhotoJob(deps.db);
  });

  it('lists every job a page at a time, newest first, and answers NOT_FOUND for an unknown job', async () => {
    const { deps, caller } = await setup();
    for (let n = 0; n < 12; n += 1) {
      deps.db
        .insert(photoProcessingJobs)
        .values({ jobType: 'refresh', status: 'completed', createdAt: new Date(Date.UTC(2026, 0, n + 1)) })
        .run();
    }
    const first = await caller.photos.jobs({ page: 1 });
    expect(first.total).toBe(12);
    expect(first.jobs).toHaveLength(10);
    expect(first.jobs[0]?.createdAt.toISOString()).toBe('2026-01-12T00:00:00.000Z');
    expect((await caller.photos.jobs({ page: 2 })).jobs).toHaveLength(2);
    expect(await caller.photos.recentJobs()).toHaveLength(5);
    await expectTrpcError(
      caller.photos.job({ id: '00000000-0000-4000-8000-000000000000' }),
      'NOT_FOUND',
      'No photo job with id 00000000-0000-4000-8000-000000000000.',
    );
    await expectTrpcError(
      caller.photos.startJob({ jobType: 'everything' as 'refresh' }),
      'BAD_REQUEST',
      'Job type must be refresh or missing_only',
    );
  });

  it('marks a job found running at start-up failed with the reason, and photos left processing', async () => {
    const { deps, amina } = await setup();
    const job = deps.db
      .insert(photoProcessingJobs)
      .values({
        jobType: 'refresh',
        status: 'running',
        startedAt: new Date(),
        errorLog: '["earlier problem"]',
      })
      .returning()
      .get();
    const pending = deps.db.insert(photoProcessingJobs).values({ jobType: 'missing_only' }).returning().get();
    deps.db
      .insert(memberPhotos)
      .values({
        memberId: amina,
        memberType: 'parliament',
        memberName: 'Amina Warsame',
        processingStatus: 'processing',
      })
      .run();

    await prepareDatabase(deps.db, deps.env, pino({ level: 'silent' }));

    for (const id of [job.id, pending.id]) {
      const row = deps.db.select().from(photoProcessingJobs).where(eq(photoProcessingJobs.id, id)).get();
      expect(row?.status).toBe('failed');
      expect(row?.completedAt).toBeInstanceOf(Date);
      expect(JSON.parse(row?.errorLog ?? '[]').at(-1)).toBe('The server stopped before this job finished.');
    }
    const photo = deps.db.select().from(memberPhotos).where(eq(memberPhotos.memberId, amina)).get();
    expect(photo?.processingStatus).toBe('failed');
    expect(photo?.errorMessage).toBe('The photo job was interrupted before this photo was stored.');
  });

  it('a job still running when the server closes records that it was stopped', async () => {
    const { app, db, env } = await buildTestApp({
      env: {
        PARLIAMENT_SOURCE_URL: `${source.origin}/members/`,
        SENATE_SOURCE_URL: `${source.origin}/senate/`,
      },
    });
    const admin = await createAdmin(db);
    createMember(db, { name: 'Amina Warsame' });
    source.set({ '/img/amina.jpg': { body: await portrait(1), type: 'image/jpeg', delayMs: 5_000 } });
    const { jobId } = startPhotoJob(
      { db, launcher: photoRefreshLauncher(photoJobConfig(env), pino({ level: 'silent' })) },
      'refresh',
      admin.id,
    );
    await expect.poll(() => source.requests.includes('/img/amina.jpg')).toBe(true);
    await app.close();
    const row = db.select().from(photoProcessingJobs).where(eq(photoProcessingJobs.id, jobId)).get();
    expect(row?.status).toBe('failed');
    expect(JSON.parse(row?.errorLog ?? '[]').at(-1)).toBe('The server stopped before this job finished.');
    expect(await settledPhotoJob(db)).toBeNull();
  });
});
