import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSession } from '@server/auth/sessions';
import { auditLogs, candidates } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { MAX_IMAGE_BYTES } from '@server/http/candidate-images';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { sameOrigin, type TestApp, testAppsClosedAfterEach } from '../helpers/app';
import { createElection } from '../helpers/election-factories';
import { createAdmin, createUser } from '../helpers/factories';
import { sessionCookie } from '../helpers/security/world';

/** The refusals' English sentences (errors.json). */
const imageMessages = { notMultipart: messageText({ key: 'upload.notMultipart' }) };

const openTestApp = testAppsClosedAfterEach();

async function setup() {
  const test = await openTestApp();
  const admin = await createAdmin(test.db);
  const adminCookie = sessionCookie(test.db, admin.id, { steppedUp: true });
  const { candidates: ballot } = createElection(test.db, { candidateCount: 1 });
  const candidateId = ballot[0]?.id ?? '';
  return { ...test, admin, adminCookie, candidateId };
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(file: Buffer, fileName: string, contentType: string) {
  const boundary = `----codka${crypto.randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const payload = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(
  test: TestApp,
  candidateId: string,
  body: ReturnType<typeof multipart>,
  headers: Record<string, string>,
) {
  return test.app.inject({
    method: 'POST',
    url: `/api/admin/candidates/${candidateId}/image`,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

function imageUrlOf(test: TestApp, candidateId: string) {
  return test.db
    .select({ imageUrl: candidates.imageUrl })
    .from(candidates)
    .where(eq(candidates.id, candidateId))
    .get()?.imageUrl;
}

describe('POST /api/admin/candidates/:id/image', () => {
  it('accepts a real PNG, re-encodes it to webp at most 800 px wide, stores it and records the change', async () => {
    const test = await setup();
    const response = await upload(
      test,
      test.candidateId,
      multipart(await png(1600, 900), 'photo.png', 'image/png'),
      {
        ...sameOrigin,
        cookie: test.adminCookie,
      },
    );
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json<{ imageUrl: string }>();
    expect(imageUrl).toMatch(new RegExp(`^/uploads/candidates/${test.candidateId}-[0-9a-f]{16}\\.webp$`));
    expect(imageUrlOf(test, test.candidateId)).toBe(imageUrl);

    const stored = readFileSync(join(test.env.UPLOADS_DIR, imageUrl.replace('/uploads/', '')));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 800, height: 450 });

    const served = await test.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const audit = test.db
      .select({ actorId: auditLogs.actorId, newValues: auditLogs.newValues })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'upload_image'), eq(auditLogs.recordId, test.candidateId)))
      .all();
    expect(audit).toEqual([{ actorId: test.admin.id, newValues: JSON.stringify({ imageUrl }) }]);
  });

  it('replaces an earlier upload and removes its file', async () => {
    const test = await setup();
    const headers = { ...sameOrigin, cookie: test.adminCookie };
    const first = await upload(
      test,
      test.candidateId,
      multipart(await png(300, 300), 'a.png', 'image/png'),
      headers,
    );
    const second = await upload(
      test,
      test.candidateId,
      multipart(await png(200, 200), 'b.png', 'image/png'),
      headers,
    );
    expect(second.statusCode).toBe(200);
    const folder = join(test.env.UPLOADS_DIR, 'candidates');
    expect(readdirSync(folder)).toEqual([second.json<{ imageUrl: string }>().imageUrl.split('/').pop()]);
    expect(existsSync(join(folder, first.json<{ imageUrl: string }>().imageUrl.split('/').pop() ?? ''))).toBe(
      false,
    );
  });

  it.each([
    [
      'a text file named .png',
      Buffer.from('definitely not an image\n'),
      'notes.png',
      'image/png',
      'upload.notAnImage',
    ],
    [
      'an SVG',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      'logo.svg',
      'image/svg+xml',
      'upload.svg',
    ],
  ])('refuses %s by its content (415) and changes nothing', async (_label, file, name, type, errorCode) => {
    const test = await setup();
    const response = await upload(test, test.candidateId, multipart(file, name, type), {
      ...sameOrigin,
      cookie: test.adminCookie,
    });
    expect(response.statusCode).toBe(415);
    // The sentence, and the code and parts a client says it from.
    const message = messageText({ key: errorCode });
    expect(response.json()).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message, errorCode, params: {} },
    });
    expect(imageUrlOf(test, test.candidateId)).toBeNull();
  });

  it('refuses a file over 5 MB with 413', async () => {
    const test = await setup();
    const oversized = Buffer.alloc(MAX_IMAGE_BYTES + 1024, 1);
    const response = await upload(test, test.candidateId, multipart(oversized, 'big.png', 'image/png'), {
      ...sameOrigin,
      cookie: test.adminCookie,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The image is larger than 5 MB.',
        errorCode: 'upload.tooLarge',
        params: {},
      },
    });
    expect(imageUrlOf(test, test.candidateId)).toBeNull();
  });

  it('refuses a visitor (401), a citizen (403) and a cross-site request (403)', async () => {
    const test = await setup();
    const body = multipart(await png(50, 50), 'p.png', 'image/png');
    const visitor = await upload(test, test.candidateId, body, { ...sameOrigin });
    expect(visitor.statusCode).toBe(401);
    const citizen = await createUser(test.db);
    const citizenCookie = `codka_session=${createSession(test.db, citizen.id).token}`;
    const asCitizen = await upload(test, test.candidateId, body, { ...sameOrigin, cookie: citizenCookie });
    expect(asCitizen.statusCode).toBe(403);
    expect(asCitizen.json()).toMatchObject({
      error: { message: 'Access denied. Admin privileges required.' },
    });
    const crossSite = await upload(test, test.candidateId, body, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      cookie: test.adminCookie,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ error: { message: 'Cross-site requests are not allowed.' } });
    expect(imageUrlOf(test, test.candidateId)).toBeNull();
  });

  it('answers 404 for an unknown candidate and 415 for a request that is not multipart', async () => {
    const test = await setup();
    const headers = { ...sameOrigin, cookie: test.adminCookie };
    const body = multipart(await png(50, 50), 'p.png', 'image/png');
    const unknown = await upload(test, '00000000-0000-4000-8000-000000000000', body, headers);
    expect(unknown.statusCode).toBe(404);
    expect((await upload(test, 'not-an-id', body, headers)).statusCode).toBe(404);
    const json = await test.app.inject({
      method: 'POST',
      url: `/api/admin/candidates/${test.candidateId}/image`,
      payload: { image: 'x' },
      headers,
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ error: { message: imageMessages.notMultipart } });
  });
});
