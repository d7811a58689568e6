import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, gzipSync } from 'node:zlib';
import { candidates, pollCandidates } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { spreadsheetSafe } from '@server/http/poll-votes-csv';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOrigin } from '../../helpers/app';
import { reportFigures } from '../../helpers/security/figures';
import { encodeInput, worldApp } from '../../helpers/security/http';

/** The refusals' English sentences (errors.json). */
const imageMessages = {
  notAnImage: messageText({ key: 'upload.notAnImage' }),
  svg: messageText({ key: 'upload.svg' }),
};

/**
 * What tests/server/candidate-images.test.ts and poll-votes-csv.test.ts leave out: files that lie about
 * their type, polyglots and decompression bombs, SVG in its other disguises, hostile file names, photo
 * metadata, and CSV cells that try to escape their quotes or carry the voter's address.
 */
let test: Awaited<ReturnType<typeof worldApp>>;
let refusedUploads = 0;
beforeAll(async () => {
  test = await worldApp();
});
afterAll(async () => {
  await test.app.close();
  reportFigures('uploads', `uploads: ${refusedUploads} hostile files refused by content, none stored`, {
    refusedUploads,
  });
});

function multipart(parts: { name: string; fileName?: string; type?: string; body: Buffer }[]) {
  const boundary = `----codka${crypto.randomUUID()}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.fileName ? `; filename="${part.fileName}"\r\nContent-Type: ${part.type}` : '') +
        '\r\n\r\n',
    ),
    part.body,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), boundary };
}

function upload(parts: Parameters<typeof multipart>[0]) {
  const { payload, boundary } = multipart(parts);
  return test.app.inject({
    method: 'POST',
    url: `/api/admin/candidates/${test.world.elections.activeCandidateId}/image`,
    headers: {
      ...sameOrigin,
      cookie: test.adminCookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}
const image = (body: Buffer, fileName: string, type: string) => [{ name: 'image', fileName, type, body }];

const photo = (format: 'png' | 'jpeg' | 'gif') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6f97' } })
    .toFormat(format)
    .toBuffer();

/** A real PNG whose header claims 100,000 × 100,000 pixels: ten gigapixels once decoded. */
async function decompressionBomb(): Promise<Buffer> {
  const png = Buffer.from(await photo('png'));
  png.writeUInt32BE(100_000, 16);
  png.writeUInt32BE(100_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

const storedImage = () =>
  test.db
    .select({ imageUrl: candidates.imageUrl })
    .from(candidates)
    .where(eq(candidates.id, test.world.elections.activeCandidateId))
    .get()?.imageUrl ?? null;

describe('candidate image upload: refused by content', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>';
  it.each([
    [
      'HTML named photo.jpg',
      async () => Buffer.from('<!doctype html><script>alert(1)</script>'),
      'photo.jpg',
      'image/jpeg',
      imageMessages.notAnImage,
    ],
    [
      'a JPEG signature followed by junk',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
      'a.jpg',
      'image/jpeg',
      imageMessages.notAnImage,
    ],
    [
      'a truncated PNG',
      async () => (await photo('png')).subarray(0, 60),
      'a.png',
      'image/png',
      imageMessages.notAnImage,
    ],
    [
      'a PDF named .png',
      async () => Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF'),
      'a.png',
      'image/png',
      imageMessages.notAnImage,
    ],
    [
      'a ZIP named .gif',
      async () => Buffer.from('504b0304140000000000', 'hex'),
      'a.gif',
      'image/gif',
      imageMessages.notAnImage,
    ],
    [
      'an SVG with an onload handler, named .png',
      async () => Buffer.from(svg),
      'logo.png',
      'image/png',
      imageMessages.svg,
    ],
    [
      'an SVG behind an XML prolog and a DOCTYPE with entities',
      async () =>
        Buffer.from(
          `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>${svg.replace('<rect', '<text>&b;</text><rect')}`,
        ),
      'x.svg',
      'image/svg+xml',
      imageMessages.svg,
    ],
    [
      'a gzipped SVG (svgz)',
      async () => gzipSync(Buffer.from(svg)),
      'x.svgz',
      'image/svg+xml',
      /SVG images are not accepted|not an image we can read/,
    ],
    [
      'a decompression bomb (10 gigapixels)',
      decompressionBomb,
      'bomb.png',
      'image/png',
      imageMessages.notAnImage,
    ],
  ])('refuses %s with 415 and stores nothing', async (_label, make, fileName, type, message) => {
    const response = await upload(image(await make(), fileName, type));
    refusedUploads += 1;
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json().error.message).toMatch(message);
    expect(storedImage()).toBeNull();
    expect(
      existsSync(join(test.env.UPLOADS_DIR, 'candidates')) &&
        readdirSync(join(test.env.UPLOADS_DIR, 'candidates')),
    ).toBeFalsy();
  });

  it('refuses two files in one request, and a file with extra fields', async () => {
    const png = await photo('png');
    for (const parts of [
      [...image(png, 'a.png', 'image/png'), ...image(png, 'b.png', 'image/png')],
      [{ name: 'note', body: Buffer.from('hello') }, ...image(png, 'a.png', 'image/png')],
    ]) {
      const response = await upload(parts);
      refusedUploads += 1;
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(
        /Please upload one image at a time\.|Please choose an image/,
      );
    }
    expect(storedImage()).toBeNull();
  });
});

describe('candidate image upload: what is kept of an accepted file', () => {
  it('decides by content: a JPEG sent as image/png named ../../evil.svg is stored as our own webp, nothing else', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6f97' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'GPS 2.0469N 45.3182E' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif?.includes('GPS 2.0469N 45.3182E')).toBe(true);
    const response = await upload(image(jpeg, '../../evil.svg', 'image/png'));
    expect(response.statusCode, response.body).toBe(200);
    const { imageUrl } = response.json<{ imageUrl: string }>();
    expect(imageUrl).toMatch(/^\/uploads\/candidates\/[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/);
    const stored = readFileSync(join(test.env.UPLOADS_DIR, imageUrl.replace('/uploads/', '')));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('webp');
    // Re-encoding drops what the photo carried besides pixels: camera, owner, location.
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('GPS'))).toBe(false);
    expect(readdirSync(test.env.UPLOADS_DIR)).toEqual(['candidates']);

    const served = await test.app.inject({ method: 'GET', url: imageUrl });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps nothing of a script appended to a real image (a polyglot)', async () => {
    const polyglot = Buffer.concat([
      await photo('gif'),
      Buffer.from('<script>alert(document.cookie)</script>'),
    ]);
    const response = await upload(image(polyglot, 'a.gif', 'image/gif'));
    expect(response.statusCode, response.body).toBe(200);
    const stored = readFileSync(
      join(test.env.UPLOADS_DIR, response.json().imageUrl.replace('/uploads/', '')),
    );
    expect(stored.includes(Buffer.from('<script'))).toBe(false);
  });
});

describe('poll votes CSV export', () => {
  it('keeps hostile names inside their cells and never shows a voter’s address', async () => {
    const names = [
      "=cmd|' /C calc'!A0",
      'Amina\r\n=HYPERLINK("http://evil.example")',
      '"quoted", with, commas',
      '\t=1+1',
      '@SUM(1+9)*cmd',
    ];
    const pollId = test.world.polls.openId;
    for (const name of names) {
      test.db.insert(pollCandidates).values({ pollId, name }).run();
    }
    const ids = test.db
      .select({ id: pollCandidates.id, name: pollCandidates.name })
      .from(pollCandidates)
      .where(eq(pollCandidates.pollId, pollId))
      .all()
      .filter((row) => names.includes(row.name));
    const voters = [test.citizenCookie, test.adminCookie];
    for (const [index, cookie] of voters.entries()) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/trpc/polls.vote',
        headers: { ...sameOrigin, 'content-type': 'application/json', cookie },
        payload: encodeInput({ pollId, candidateId: ids[index]?.id }),
        remoteAddress: `203.0.113.${77 + index}`,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const csv = await test.app.inject({
      url: `/api/admin/polls/${pollId}/votes.csv`,
      headers: { cookie: test.adminCookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-content-type-options']).toBe('nosniff');
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.body).not.toMatch(/203\.0\.113\.7[78]/);
    const rows: string[][] = parse(csv.body, { bom: true });
    expect(rows).toHaveLength(1 + voters.length);
    for (const row of rows.slice(1)) {
      expect(row).toHaveLength(6);
      expect(row.every((cell) => !/^[=+\-@\t\r]/.test(cell))).toBe(true);
      expect(row[4]).toMatch(/^[0-9a-f]{16,}$/);
      expect(row[5]).toBe('web');
    }
    expect(rows.slice(1).map((row) => row[2])).toEqual(
      ids.slice(0, 2).map((row) => spreadsheetSafe(row.name)),
    );
  });
});
