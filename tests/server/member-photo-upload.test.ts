import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createSession } from '@server/auth/sessions';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sameOrigin, type TestApp, testAppsClosedAfterEach } from '../helpers/app';
import { createMember } from '../helpers/directory-factories';
import { createAdmin, createUser } from '../helpers/factories';
import { photoOf } from '../helpers/photo-jobs';
import { sessionCookie } from '../helpers/security/world';

const openTestApp = testAppsClosedAfterEach();

async function setup() {
  const test = await openTestApp();
  const admin = await createAdmin(test.db);
  const cookie = sessionCookie(test.db, admin.id, { steppedUp: true });
  const memberId = createMember(test.db, { name: 'Amina Warsame' }).id;
  return { ...test, admin, cookie, memberId };
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(file: Buffer, fileName: string, contentType: string) {
  const boundary = `----codka${crypto.randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  test: TestApp,
  path: string,
  body: ReturnType<typeof multipart>,
  headers: Record<string, string>,
) {
  return test.app.inject({
    method: 'POST',
    url: path,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

const jpeg = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 90, g: 40, b: 20 } } })
    .jpeg()
    .toBuffer();

describe('POST /api/admin/member-photos/:memberType/:memberId/image', () => {
  it('stores an uploaded photo as the manual override, re-encoded to webp', async () => {
    const test = await setup();
    const response = await upload(
      test,
      `/api/admin/member-photos/parliament/${test.memberId}/image`,
      multipart(await jpeg(), 'amina.jpg', 'image/jpeg'),
      { ...sameOrigin, cookie: test.cookie },
    );
    expect(response.statusCode).toBe(200);
    const photo = photoOf(test.db, 'parliament', test.memberId);
    expect(photo?.processingStatus).toBe('completed');
    expect(response.json()).toEqual({ photoUrl: `${photo?.manualOverrideUrl}?v=${photo?.photoVersion}` });
    const file = join(
      resolve(test.env.UPLOADS_DIR),
      'photos',
      photo?.manualOverrideUrl?.split('/').pop() ?? '',
    );
    expect(existsSync(file)).toBe(true);
    const stored = await sharp(file).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.width).toBe(320);

    // Served from our own origin.
    const served = await test.app.inject({ method: 'GET', url: photo?.manualOverrideUrl ?? '' });
    expect(served.statusCode).toBe(200);
  });

  it('refuses what is not a photo, and callers who are not System Admins', async () => {
    const test = await setup();
    const path = `/api/admin/member-photos/parliament/${test.memberId}/image`;
    const admin = { ...sameOrigin, cookie: test.cookie };
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );

    const notImage = await upload(
      test,
      path,
      multipart(Buffer.from('%PDF-1.4 not an image'), 'a.jpg', 'image/jpeg'),
      admin,
    );
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().error.message).toBe(
      'The file is not an image we can read. Please use a JPEG, PNG, WebP or GIF image.',
    );
    expect((await upload(test, path, multipart(svg, 'a.svg', 'image/svg+xml'), admin)).statusCode).toBe(415);
    const tooLarge = await upload(
      test,
      path,
      multipart(Buffer.alloc(5 * 1024 * 1024 + 10), 'big.jpg', 'image/jpeg'),
      admin,
    );
    expect(tooLarge.statusCode).toBe(413);
    const unknown = await upload(
      test,
      `/api/admin/member-photos/senate/${test.memberId}/image`,
      multipart(await jpeg(), 'a.jpg', 'image/jpeg'),
      admin,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(`No senator with id ${test.memberId}.`);
    expect(
      (
        await upload(
          test,
          '/api/admin/member-photos/house/x/image',
          multipart(await jpeg(), 'a.jpg', 'image/jpeg'),
          admin,
        )
      ).statusCode,
    ).toBe(404);

    const visitor = await upload(test, path, multipart(await jpeg(), 'a.jpg', 'image/jpeg'), {
      ...sameOrigin,
    });
    expect(visitor.statusCode).toBe(401);
    const citizen = await createUser(test.db);
    const citizenCookie = `codka_session=${createSession(test.db, citizen.id).token}`;
    const refused = await upload(test, path, multipart(await jpeg(), 'a.jpg', 'image/jpeg'), {
      ...sameOrigin,
      cookie: citizenCookie,
    });
    expect(refused.statusCode).toBe(403);
    // An admin cookie alone (a session that never confirmed its password) is asked to step up, and stores nothing.
    const stolen = await upload(test, path, multipart(await jpeg(), 'a.jpg', 'image/jpeg'), {
      ...sameOrigin,
      cookie: sessionCookie(test.db, test.admin.id),
    });
    expect(stolen.statusCode).toBe(428);
    expect(stolen.json().error.stepUpRequired).toBe(true);
    // Cross-site requests stop at the CSRF check.
    const crossSite = await upload(test, path, multipart(await jpeg(), 'a.jpg', 'image/jpeg'), {
      cookie: test.cookie,
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(photoOf(test.db, 'parliament', test.memberId)).toBeUndefined();
  });
});
