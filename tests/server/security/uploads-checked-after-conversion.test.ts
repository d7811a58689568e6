import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { auditLogs, candidates, memberPhotos, profiles } from '@server/db/schema';
import { setUserActive } from '@server/services/admin/users';
import { signOutEverywhere } from '@server/services/sign-out-everywhere';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp, sameOrigin, type TestApp } from '../../helpers/app';
import { createMember } from '../../helpers/directory-factories';
import { createElection } from '../../helpers/election-factories';
import { createAdmin } from '../../helpers/factories';
import { sessionCookie } from '../../helpers/security/world';

/**
 * An upload is decided at its write, not before its image conversion (OWASP ASVS V4.1): re-encoding a large image
 * takes seconds, and an admin deactivated or signed out meanwhile must write nothing, neither the row nor a file.
 * The conversion is made to run `duringConversion` (what another admin or the owner does meanwhile), so the race
 * is the same on every run.
 */
const hook = vi.hoisted(() => ({ duringConversion: null as null | (() => void) }));

vi.mock('@server/services/photos/photo-files', async (importOriginal) => {
  const original = await importOriginal<typeof import('@server/services/photos/photo-files')>();
  return {
    ...original,
    // Candidate images convert through toWebp; member photos through storeMemberPhoto (which converts and saves).
    toWebp: async (...args: Parameters<typeof original.toWebp>) => {
      const converted = await original.toWebp(...args);
      hook.duringConversion?.();
      return converted;
    },
    storeMemberPhoto: async (...args: Parameters<typeof original.storeMemberPhoto>) => {
      const stored = await original.storeMemberPhoto(...args);
      hook.duringConversion?.();
      return stored;
    },
  };
});

async function world() {
  const test = await buildTestApp();
  const admin = await createAdmin(test.db);
  const other = await createAdmin(test.db);
  const cookie = sessionCookie(test.db, admin.id, { steppedUp: true });
  const deactivate = () => {
    const profile = test.db.select().from(profiles).where(eq(profiles.userId, admin.id)).get();
    setUserActive(test.db, profile?.id ?? '', false, other.id);
  };
  const signOut = () => void signOutEverywhere(test.db, admin.id);
  return { ...test, cookie, deactivate, signOut };
}

async function upload(test: TestApp & { cookie: string }, url: string, meanwhile: () => void) {
  const png = await sharp({
    create: { width: 300, height: 300, channels: 3, background: { r: 9, g: 90, b: 180 } },
  })
    .png()
    .toBuffer();
  const boundary = `----codka${crypto.randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  hook.duringConversion = meanwhile;
  try {
    return await test.app.inject({
      method: 'POST',
      url,
      payload,
      headers: {
        ...sameOrigin,
        cookie: test.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
  } finally {
    hook.duringConversion = null;
    await test.app.close();
  }
}

const uploadAudits = (test: TestApp) =>
  test.db
    .select()
    .from(auditLogs)
    .all()
    .filter((row) => row.action === 'upload_image' || row.action === 'set_manual_override');

const filesIn = (folder: string) => {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
};

describe('attack: an admin deactivated while the image is converted still stores it', () => {
  for (const [what, act] of [
    ['deactivated', 'deactivate'],
    ['signed out everywhere', 'signOut'],
  ] as const) {
    it(`a candidate image whose admin was ${what} during the conversion is not stored (401)`, async () => {
      const test = await world();
      const candidateId = createElection(test.db, { candidateCount: 1 }).candidates[0]?.id ?? '';
      const answer = await upload(test, `/api/admin/candidates/${candidateId}/image`, test[act]);
      expect(answer.statusCode, answer.body).toBe(401);
      const row = test.db.select().from(candidates).where(eq(candidates.id, candidateId)).get();
      expect(row?.imageUrl ?? null).toBeNull();
      expect(uploadAudits(test)).toEqual([]);
      expect(filesIn(join(test.env.UPLOADS_DIR, 'candidates'))).toEqual([]);
    });

    it(`a member photo whose admin was ${what} during the conversion is not stored (401)`, async () => {
      const test = await world();
      const memberId = createMember(test.db, { name: 'Amina Warsame' }).id;
      const answer = await upload(test, `/api/admin/member-photos/parliament/${memberId}/image`, test[act]);
      expect(answer.statusCode, answer.body).toBe(401);
      expect(test.db.select().from(memberPhotos).all()).toEqual([]);
      expect(uploadAudits(test)).toEqual([]);
      expect(filesIn(join(test.env.UPLOADS_DIR, 'photos')).filter((name) => name.includes(memberId))).toEqual(
        [],
      );
    });
  }

  it('an admin who stays one during the conversion stores the image (the hook itself is harmless)', async () => {
    const test = await world();
    const candidateId = createElection(test.db, { candidateCount: 1 }).candidates[0]?.id ?? '';
    const answer = await upload(test, `/api/admin/candidates/${candidateId}/image`, () => {});
    expect(answer.statusCode, answer.body).toBe(200);
    expect(uploadAudits(test)).toHaveLength(1);
  });
});
