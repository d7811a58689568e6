import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { auditLogs, memberPhotos } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectTrpcError } from '../helpers/admin';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createMember, createSenator } from '../helpers/directory-factories';
import { createAdmin } from '../helpers/factories';
import { photoEnv, photoOf } from '../helpers/photo-jobs';
import { type PhotoSourceServer, portrait, startPhotoSource } from '../helpers/photo-source';

let source: PhotoSourceServer;
beforeEach(async () => {
  source = await startPhotoSource({
    '/img/chosen.jpg': { body: await portrait(3), type: 'image/jpeg' },
    '/img/other.jpg': { body: await portrait(4), type: 'image/jpeg' },
    '/img/page.html': { body: '<p>not a photo</p>' },
  });
});
afterEach(() => source.close());

async function setup() {
  const env = photoEnv(source.origin);
  const deps = createTestDeps(undefined, env);
  const admin = await createAdmin(deps.db);
  const amina = createMember(deps.db, { name: 'Amina Warsame', region: 'Puntland' }).id;
  const zamzam = createSenator(deps.db, { name: 'Zamzam Ibrahim Ali', state: 'Jubaland' }).id;
  return {
    deps,
    env,
    admin,
    amina,
    zamzam,
    caller: callerFor(deps, admin, undefined, { steppedUp: true }).caller,
  };
}

const storedFile = (uploadsDir: string, url: string | null | undefined) =>
  join(resolve(uploadsDir), 'photos', (url ?? '').split('?')[0]?.split('/').pop() ?? '');

describe('manual overrides', () => {
  it('copies a photo from a URL, marks it completed with photo_version now, and clears back to pending', async () => {
    const { deps, env, admin, amina, caller } = await setup();
    const before = Math.floor(Date.now() / 1000);
    const set = await caller.photos.setOverride({
      memberType: 'parliament',
      memberId: amina,
      url: `${source.origin}/img/chosen.jpg`,
    });
    const photo = photoOf(deps.db, 'parliament', amina);
    expect(photo?.processingStatus).toBe('completed');
    expect(photo?.manualOverrideUrl).toMatch(
      /^\/uploads\/photos\/parliament-.+-override-[0-9a-f]{16}\.webp$/,
    );
    expect(photo?.photoVersion).toBeGreaterThanOrEqual(before);
    expect(photo?.memberName).toBe('Amina Warsame');
    expect(set.photoUrl).toBe(`${photo?.manualOverrideUrl}?v=${photo?.photoVersion}`);
    expect(existsSync(storedFile(env.UPLOADS_DIR, photo?.manualOverrideUrl))).toBe(true);

    // The directory shows the override.
    const { items } = await callerFor(deps, null).caller.directory.members({ search: 'Amina' });
    expect(items[0]?.photoUrl).toBe(set.photoUrl);

    // A second override replaces the first and removes its file.
    await caller.photos.setOverride({
      memberType: 'parliament',
      memberId: amina,
      url: `${source.origin}/img/other.jpg`,
    });
    const replaced = photoOf(deps.db, 'parliament', amina);
    expect(replaced?.manualOverrideUrl).not.toBe(photo?.manualOverrideUrl);
    expect(existsSync(storedFile(env.UPLOADS_DIR, photo?.manualOverrideUrl))).toBe(false);

    const cleared = await caller.photos.clearOverride({ memberType: 'parliament', memberId: amina });
    const after = photoOf(deps.db, 'parliament', amina);
    expect(after?.manualOverrideUrl).toBeNull();
    expect(after?.processingStatus).toBe('pending');
    expect(cleared.photoUrl).toBeNull();
    expect(existsSync(storedFile(env.UPLOADS_DIR, replaced?.manualOverrideUrl))).toBe(false);
    await expectTrpcError(
      caller.photos.clearOverride({ memberType: 'parliament', memberId: amina }),
      'BAD_REQUEST',
      'Amina Warsame has no manual override to clear.',
    );

    const audit = deps.db
      .select({ action: auditLogs.action, actorId: auditLogs.actorId, newValues: auditLogs.newValues })
      .from(auditLogs)
      .where(eq(auditLogs.tableName, 'member_photos'))
      .orderBy(auditLogs.id)
      .all();
    expect(audit.map((row) => row.action)).toEqual([
      'set_manual_override',
      'set_manual_override',
      'clear_manual_override',
    ]);
    expect(audit.every((row) => row.actorId === admin.id)).toBe(true);
    expect(JSON.parse(audit[0]?.newValues ?? '{}').from).toBe(`${source.origin}/img/chosen.jpg`);
  });

  it('keeps a path on this site as it is', async () => {
    const { deps, zamzam, caller } = await setup();
    await caller.photos.setOverride({
      memberType: 'senate',
      memberId: zamzam,
      url: '/uploads/candidates/zamzam.webp',
    });
    expect(photoOf(deps.db, 'senate', zamzam)?.manualOverrideUrl).toBe('/uploads/candidates/zamzam.webp');
    const { senators } = await callerFor(deps, null).caller.directory.senators({});
    expect(senators.find((s) => s.id === zamzam)?.photoUrl).toMatch(
      /^\/uploads\/candidates\/zamzam\.webp\?v=\d+$/,
    );
  });

  it('refuses internal addresses, non-images, bad input and unknown members with a clear 4xx', async () => {
    const { amina, caller } = await setup();
    const ref = { memberType: 'parliament' as const, memberId: amina };
    // Not a configured source, and on this machine: never fetched.
    await expectTrpcError(
      caller.photos.setOverride({ ...ref, url: 'http://127.0.0.1:1/secret.jpg' }),
      'BAD_REQUEST',
      'This photo cannot be used: 127.0.0.1:1 is an internal address, which is not allowed.',
    );
    await expectTrpcError(
      caller.photos.setOverride({
        ...ref,
        url: `${source.origin.replace('127.0.0.1', 'localhost')}/img/chosen.jpg`,
      }),
      'BAD_REQUEST',
    );
    await expectTrpcError(
      caller.photos.setOverride({ ...ref, url: `${source.origin}/img/page.html` }),
      'BAD_REQUEST',
      'This photo cannot be used: The file is not an image we can read. Please use a JPEG, PNG, WebP or GIF image.',
    );
    await expectTrpcError(
      caller.photos.setOverride({ ...ref, url: `${source.origin}/img/missing.jpg` }),
      'BAD_REQUEST',
      `This photo cannot be used: ${source.origin}/img/missing.jpg answered HTTP 404.`,
    );
    await expectTrpcError(
      caller.photos.setOverride({ ...ref, url: '//evil.example/a.jpg' }),
      'BAD_REQUEST',
      'The photo address must be a web address (https://...) or a path on this site (/uploads/...).',
    );
    await expectTrpcError(
      caller.photos.setOverride({ ...ref, url: ' ' }),
      'BAD_REQUEST',
      'Please enter the address of the photo.',
    );
    await expectTrpcError(
      caller.photos.setOverride({ memberType: 'senate', memberId: amina, url: '/uploads/x.webp' }),
      'NOT_FOUND',
      `No senator with id ${amina}.`,
    );
    await expectTrpcError(
      caller.photos.clearOverride({ memberType: 'house' as 'parliament', memberId: amina }),
      'BAD_REQUEST',
      'Member type must be parliament or senate',
    );
  });
});

describe('photos.members', () => {
  it('lists every member with their status, filtered, newest update first', async () => {
    const { deps, amina, zamzam, caller } = await setup();
    const other = createMember(deps.db, { name: 'Ahmed Nur' }).id;
    deps.db
      .insert(memberPhotos)
      .values([
        {
          memberId: amina,
          memberType: 'parliament',
          memberName: 'Amina Warsame',
          processingStatus: 'failed',
          errorMessage: 'x',
          updatedAt: new Date(2026, 0, 1),
        },
        {
          memberId: zamzam,
          memberType: 'senate',
          memberName: 'Zamzam Ibrahim Ali',
          processingStatus: 'completed',
          webpUrl: '/uploads/photos/z.webp',
          photoVersion: 7,
          updatedAt: new Date(2026, 0, 2),
        },
      ])
      .run();

    const all = await caller.photos.members({});
    expect(all.total).toBe(3);
    expect(all.items.map((item) => item.name)).toEqual(['Zamzam Ibrahim Ali', 'Amina Warsame', 'Ahmed Nur']);
    expect(all.items[0]).toMatchObject({
      status: 'completed',
      photoUrl: '/uploads/photos/z.webp?v=7',
      detail: 'Senator · Jubaland',
    });
    expect(all.items[2]).toMatchObject({
      memberId: other,
      status: 'pending',
      photoUrl: null,
      updatedAt: null,
    });

    expect((await caller.photos.members({ memberType: 'parliament' })).total).toBe(2);
    expect((await caller.photos.members({ status: 'failed' })).items.map((i) => i.memberId)).toEqual([amina]);
    expect((await caller.photos.members({ status: 'pending' })).items.map((i) => i.memberId)).toEqual([
      other,
    ]);
    expect((await caller.photos.members({ search: 'warsame' })).items.map((i) => i.memberId)).toEqual([
      amina,
    ]);
    expect((await caller.photos.members({ search: 'puntland' })).items.map((i) => i.memberId)).toEqual([
      amina,
    ]);
    // Listing changes nothing: members without a record still have none.
    expect(deps.db.select().from(memberPhotos).where(eq(memberPhotos.memberId, other)).all()).toEqual([]);
  });
});
