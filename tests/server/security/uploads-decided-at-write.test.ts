import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REQUEST_TIMEOUT_MS } from '@server/app';
import {
  approvals,
  candidates,
  credentialUploadRows,
  electionCredentials,
  memberPhotos,
  profiles,
  sessions,
} from '@server/db/schema';
import { setUserActive } from '@server/services/admin/users';
import { generateCredential, publicCredential } from '@shared/belenios';
import {
  publicCredentialsPartPath,
  publicCredentialsPath,
  publicCredentialsUploadsPath,
} from '@shared/public-credentials';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, TEST_ORIGIN, type TestApp, type TestAppOptions } from '../../helpers/app';
import { createMember } from '../../helpers/directory-factories';
import { createElection } from '../../helpers/election-factories';
import { createAdmin } from '../../helpers/factories';
import { slowRequest } from '../../helpers/raw-http';
import { rollCsv, rollDistricts, rollRows, rollSize } from '../../helpers/roll-import';
import { sessionCookie } from '../../helpers/security/world';
import { beleniosUuid } from '../../helpers/verifiable';
import { verifiableElection } from '../../helpers/verifiable-factories';

/**
 * Uploads are decided when they are written, not when they start (OWASP ASVS V4.1, V13.1): a real socket sends
 * the request line and headers of a good upload at once, then its body slowly. The session, the account and the
 * step-up are checked again once the body has arrived, so what happened meanwhile (the admin deactivated, the
 * step-up lapsed) decides; and a body that trickles in for longer than the request timeout is cut off.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function listening(options: TestAppOptions = {}) {
  const test = await buildTestApp(options);
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await createAdmin(test.db);
  const other = await createAdmin(test.db);
  const cookie = sessionCookie(test.db, admin.id, { steppedUp: true });
  return { ...test, admin, other, cookie };
}

async function closing<T>(test: TestApp, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } finally {
    await test.app.close();
  }
}

function multipart(file: Buffer) {
  const boundary = `----codka${crypto.randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  return {
    body: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const png = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** Sends half the body, lets `meanwhile` happen while the rest is on its way, then sends the rest. */
function uploadWith(
  test: Awaited<ReturnType<typeof listening>>,
  target: string,
  body: Buffer,
  contentType: string,
  meanwhile: () => void,
) {
  const half = Math.floor(body.length / 2);
  return slowRequest(
    test.app.server,
    {
      method: 'POST',
      target,
      length: body.length,
      headers: { ...sameOrigin, 'content-type': contentType, cookie: test.cookie },
    },
    async (write) => {
      write(body.subarray(0, half));
      await sleep(150);
      meanwhile();
      await sleep(50);
      write(body.subarray(half));
    },
  );
}

const deactivate = (test: Awaited<ReturnType<typeof listening>>) => () => {
  const profile = test.db.select().from(profiles).where(eq(profiles.userId, test.admin.id)).get();
  setUserActive(test.db, profile?.id ?? '', false, test.other.id);
};

const approvalCount = (test: TestApp) => test.db.select().from(approvals).all().length;

describe('attack: a deactivated System Admin’s slow upload still writes', () => {
  it('a roll import whose admin was deactivated while the body trickled in writes nothing (401)', async () => {
    const test = await listening();
    rollDistricts(test.db);
    const answer = await closing(test, () =>
      uploadWith(
        test,
        '/api/admin/voter-roll.csv',
        Buffer.from(rollCsv(rollRows(2000, 'SLOW'))),
        'text/csv',
        deactivate(test),
      ),
    );
    expect(answer.status, answer.body).toBe(401);
    expect(rollSize(test.db)).toBe(0);
    expect(approvalCount(test)).toBe(0);
  });

  it('a roll import whose step-up lapsed while the body trickled in writes nothing (428)', async () => {
    const test = await listening();
    rollDistricts(test.db);
    const lapse = () =>
      test.db
        .update(sessions)
        .set({ steppedUpUntil: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, test.admin.id))
        .run();
    const answer = await closing(test, async () => {
      // The session is read from the database again, not the copy remembered when the upload began.
      const { forgetCachedSessions } = await import('@server/auth/session-cache');
      return uploadWith(
        test,
        '/api/admin/voter-roll.csv',
        Buffer.from(rollCsv(rollRows(2000, 'LAPSE'))),
        'text/csv',
        () => {
          lapse();
          forgetCachedSessions();
        },
      );
    });
    expect(answer.status, answer.body).toBe(428);
    expect(rollSize(test.db)).toBe(0);
    expect(approvalCount(test)).toBe(0);
  });

  it('an outside authority’s public credentials whose admin was deactivated meanwhile are not kept (401)', async () => {
    const test = await listening();
    const { electionId } = await verifiableElection(test.db, { open: false });
    const uuid = beleniosUuid(test, electionId);
    const file = JSON.stringify(
      Array.from({ length: 20 }, () => publicCredential(uuid, generateCredential())),
    );
    const answer = await closing(test, () =>
      uploadWith(
        test,
        publicCredentialsPath(electionId),
        Buffer.from(file),
        'application/json',
        deactivate(test),
      ),
    );
    expect(answer.status, answer.body).toBe(401);
    expect(test.db.select().from(electionCredentials).all()).toEqual([]);
  });

  it('a part of an outside authority’s file whose admin was deactivated while it arrived is not read (401), nor is the file applied', async () => {
    const test = await listening();
    const { electionId } = await verifiableElection(test.db, { open: false });
    const uuid = beleniosUuid(test, electionId);
    const file = Buffer.from(
      JSON.stringify(Array.from({ length: 20 }, () => publicCredential(uuid, generateCredential()))),
    );
    const answer = await closing(test, async () => {
      const begun = await test.app.inject({
        method: 'POST',
        url: publicCredentialsUploadsPath(electionId),
        headers: { ...sameOrigin, 'content-type': 'application/json', cookie: test.cookie },
        payload: JSON.stringify({
          size: file.length,
          sha256: createHash('sha256').update(file).digest('hex'),
        }),
      });
      expect(begun.statusCode, begun.body).toBe(201);
      const { upload } = begun.json() as { upload: string };
      return uploadWith(
        test,
        publicCredentialsPartPath(electionId, upload, 0),
        file,
        'application/octet-stream',
        deactivate(test),
      );
    });
    expect(answer.status, answer.body).toBe(401);
    expect(test.db.select().from(electionCredentials).all()).toEqual([]);
    expect(test.db.select().from(credentialUploadRows).all()).toEqual([]);
  });

  it('a candidate image whose admin was deactivated during the upload is not stored (401)', async () => {
    const test = await listening();
    const candidateId = createElection(test.db, { candidateCount: 1 }).candidates[0]?.id ?? '';
    const { body, contentType } = multipart(await png());
    const answer = await closing(test, () =>
      uploadWith(test, `/api/admin/candidates/${candidateId}/image`, body, contentType, deactivate(test)),
    );
    expect(answer.status, answer.body).toBe(401);
    const row = test.db.select().from(candidates).where(eq(candidates.id, candidateId)).get();
    expect(row?.imageUrl ?? null).toBeNull();
    expect(() => readdirSync(join(test.env.UPLOADS_DIR, 'candidates'))).toThrow();
  });

  it('a member photo whose admin was deactivated during the upload is not stored (401)', async () => {
    const test = await listening();
    const memberId = createMember(test.db, { name: 'Amina Warsame' }).id;
    const { body, contentType } = multipart(await png());
    const answer = await closing(test, () =>
      uploadWith(
        test,
        `/api/admin/member-photos/parliament/${memberId}/image`,
        body,
        contentType,
        deactivate(test),
      ),
    );
    expect(answer.status, answer.body).toBe(401);
    expect(test.db.select().from(memberPhotos).all()).toEqual([]);
  });
});

describe('attack: a body that trickles in holds the upload open', () => {
  it('the server waits two minutes at most for a request to arrive', async () => {
    const test = await buildTestApp();
    await closing(test, async () => {
      expect(REQUEST_TIMEOUT_MS).toBe(120_000);
      expect(test.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    });
  });

  it('a roll sent a few bytes at a time is cut off at the request timeout and writes nothing', async () => {
    const test = await listening({ requestTimeoutMs: 1000 });
    rollDistricts(test.db);
    const body = Buffer.from(rollCsv(rollRows(50, 'DRIP')));
    const answer = await closing(test, () =>
      slowRequest(
        test.app.server,
        {
          method: 'POST',
          target: '/api/admin/voter-roll.csv',
          length: body.length,
          headers: {
            origin: TEST_ORIGIN,
            'sec-fetch-site': 'same-origin',
            'content-type': 'text/csv',
            cookie: test.cookie,
          },
        },
        async (write) => {
          // Ten bytes every 200 ms, never the whole body; the client gives up after 8 s.
          const started = performance.now();
          for (let at = 0; at < body.length - 10 && performance.now() - started < 8000; at += 10) {
            if (!write(body.subarray(at, at + 10)) && performance.now() - started > 100) break;
            await sleep(200);
          }
        },
      ),
    );
    expect(answer.closedAfterMs).toBeLessThan(5000);
    expect(answer.status).toBe(408);
    expect(rollSize(test.db)).toBe(0);
    expect(approvalCount(test)).toBe(0);
  }, 20_000);
});
