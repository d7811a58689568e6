import { settledPhotoJob } from '@server/jobs/photo-refresh/runner';
import { TRPCError } from '@trpc/server';
import { afterEach, describe, expect, it } from 'vitest';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createMember } from '../helpers/directory-factories';
import { createAdmin, createUser } from '../helpers/factories';
import { photoEnv } from '../helpers/photo-jobs';
import { callByPath, procedurePaths } from '../helpers/procedures';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** One entry per photos.* procedure (all System Admin only): a valid input. */
const PHOTOS_MATRIX: Record<string, (memberId: string) => unknown> = {
  'photos.members': () => ({}),
  'photos.setOverride': (memberId) => ({ memberType: 'parliament', memberId, url: '/uploads/photos/x.webp' }),
  'photos.clearOverride': (memberId) => ({ memberType: 'parliament', memberId }),
  'photos.startJob': () => ({ jobType: 'missing_only' }),
  'photos.recentJobs': () => undefined,
  'photos.jobs': () => ({}),
  'photos.job': () => ({ id: MISSING_ID }),
  'photos.aliases.list': () => undefined,
  'photos.aliases.memberChoices': () => undefined,
  'photos.aliases.create': (memberId) => ({ scrapedName: 'Xildhibaan', memberType: 'parliament', memberId }),
  'photos.aliases.delete': () => ({ id: MISSING_ID }),
};

const photoPaths = procedurePaths().filter((path) => path.startsWith('photos.'));

async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
}

let started: TestDeps[] = [];
afterEach(async () => {
  // A job an admin started in the matrix ends (its sources refuse the connection) before the next test.
  await Promise.all(started.map((deps) => settledPhotoJob(deps.db)));
  started = [];
});

function depsWithClosedSources() {
  const deps = createTestDeps(undefined, photoEnv('http://127.0.0.1:9'));
  started.push(deps);
  return deps;
}

describe('photos.* authorization', () => {
  it('has an entry for every photos procedure, and no stale ones', () => {
    expect(photoPaths).toContain('photos.startJob');
    expect(photoPaths).toEqual(Object.keys(PHOTOS_MATRIX).sort());
  });

  it.each(photoPaths)('%s: visitor UNAUTHORIZED, citizen and registrar FORBIDDEN', async (path) => {
    const deps = depsWithClosedSources();
    const input = PHOTOS_MATRIX[path]?.(createMember(deps.db, { name: 'Amina Warsame' }).id);
    expect(await outcome(callByPath(callerFor(deps, null).caller, path, input))).toBe('UNAUTHORIZED');
    const citizen = await createUser(deps.db);
    expect(await outcome(callByPath(callerFor(deps, citizen).caller, path, input))).toBe('FORBIDDEN');
    const registrar = await createUser(deps.db, { role: 'Registrar' });
    expect(await outcome(callByPath(callerFor(deps, registrar).caller, path, input))).toBe('FORBIDDEN');
  });

  it.each(photoPaths)('%s: a System Admin whose session stepped up is let through', async (path) => {
    const deps = depsWithClosedSources();
    const input = PHOTOS_MATRIX[path]?.(createMember(deps.db, { name: 'Amina Warsame' }).id);
    const admin = await createAdmin(deps.db);
    const result = await outcome(
      callByPath(callerFor(deps, admin, undefined, { steppedUp: true }).caller, path, input),
    );
    expect(['UNAUTHORIZED', 'FORBIDDEN', 'PRECONDITION_FAILED', 'INTERNAL_SERVER_ERROR']).not.toContain(
      result,
    );
  });
});
