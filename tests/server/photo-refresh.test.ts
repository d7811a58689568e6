import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Db } from '@server/db/client';
import { memberPhotos, nameAliases } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../helpers/db';
import { createMember, createSenator } from '../helpers/directory-factories';
import { createAdmin } from '../helpers/factories';
import { photoEnv, photoOf, runJob } from '../helpers/photo-jobs';
import { listingPage, type PhotoSourceServer, portrait, startPhotoSource } from '../helpers/photo-source';

let source: PhotoSourceServer;
let elsewhere: PhotoSourceServer;
beforeEach(async () => {
  source = await startPhotoSource();
  elsewhere = await startPhotoSource({ '/stolen.jpg': { body: await portrait(9), type: 'image/jpeg' } });
});
afterEach(async () => {
  await source.close();
  await elsewhere.close();
});

/** The House and Senate of the scenario, and the admin who starts the jobs. */
async function scenario(db: Db) {
  const admin = await createAdmin(db);
  const house = {
    amina: createMember(db, { name: 'Amina Warsame' }).id,
    mohamedA: createMember(db, { name: 'Mohamed Ali' }).id,
    mohamedB: createMember(db, { name: 'Mohamed Ali' }).id,
    hodan: createMember(db, { name: 'Hodan Yusuf' }).id,
    ahmed: createMember(db, { name: 'Ahmed Nur' }).id,
    sahra: createMember(db, { name: 'Sahra Hassan' }).id,
    yusuf: createMember(db, { name: 'Yusuf Dahir' }).id,
    gedi: createMember(db, { name: 'Ali Gedi' }).id,
    fadumo: createMember(db, { name: 'Fadumo Abdi' }).id,
    abdi: createMember(db, { name: 'Abdi Farah' }).id,
    aden: createMember(db, { name: 'Aden Mohamed Nur (Madobe)' }).id,
    absent: createMember(db, { name: 'Not Listed Anywhere' }).id,
  };
  const senate = {
    zamzam: createSenator(db, { name: 'Zamzam Ibrahim Ali', state: 'Jubaland' }).id,
    shaban: createSenator(db, { name: 'Ali Shaban Ibrahim', state: 'Leadership' }).id,
  };
  db.insert(nameAliases)
    .values({
      scrapedName: 'Cabdi Faarax',
      normalisedName: 'cabdi faarax',
      memberId: house.abdi,
      memberType: 'parliament',
    })
    .run();
  return { admin, house, senate };
}

async function serveSite(options: { slowMs: number; hueShift: number; brokenFixed?: boolean }) {
  const shift = options.hueShift;
  const good = await portrait(1 + shift);
  source.set({
    '/members/': {
      body: listingPage([
        { name: 'Hon. Amina  Warsame, MP', image: '/img/amina.jpg' },
        { name: 'Mohamed Ali', image: '/img/mali.jpg' },
        { name: 'Hodan Yusuf', image: '/img/hodan-1.jpg' },
        { name: 'Ahmed Nur', image: '/img/broken.jpg' },
        { name: 'Dr. Sahra Hassan', image: '/img/page.jpg' },
        { name: 'Yusuf Dahir', image: '/img/huge.jpg' },
        { name: 'Ali Gedi', image: '/img/slow.jpg' },
        { name: 'Fadumo Abdi', image: '/img/away.jpg' },
        { name: 'Cabdi Faarax', image: '/img/abdi.png' },
        { name: 'Prof. Aden Mohamed Nur', image: '/img/aden-old.jpg' },
        { name: 'Unknown Person', image: '/img/unknown.jpg' },
        // The same person twice (same photo) is one entry; one name with two photos is a conflict.
        { name: 'Amina Warsame', image: '/img/amina.jpg' },
        { name: 'Hodan Yusuf', image: '/img/hodan-2.jpg' },
      ]),
    },
    '/img/amina.jpg': { body: good, type: 'image/jpeg' },
    '/img/mali.jpg': { body: await portrait(2 + shift), type: 'image/jpeg' },
    '/img/hodan-1.jpg': { body: await portrait(3 + shift), type: 'image/jpeg' },
    '/img/hodan-2.jpg': { body: await portrait(4 + shift), type: 'image/jpeg' },
    '/img/broken.jpg': {
      body: options.brokenFixed ? await portrait(5 + shift) : (await portrait(5)).subarray(0, 300),
      type: 'image/jpeg',
    },
    '/img/page.jpg': { body: '<!doctype html><title>Not found</title><p>Sorry</p>', type: 'image/jpeg' },
    '/img/huge.jpg': { body: Buffer.alloc(6 * 1024 * 1024, 0xff), type: 'image/jpeg', chunked: true },
    '/img/slow.jpg': { body: await portrait(6 + shift), type: 'image/jpeg', delayMs: options.slowMs },
    '/img/away.jpg': { redirect: `${elsewhere.origin.replace('127.0.0.1', 'localhost')}/stolen.jpg` },
    '/img/abdi.png': {
      body: await sharp(await portrait(7 + shift))
        .png()
        .toBuffer(),
      type: 'image/png',
    },
    '/img/aden-old.jpg': { redirect: '/img/aden.jpg', status: 301 },
    '/img/aden.jpg': { body: await portrait(8 + shift), type: 'image/jpeg' },
    '/img/unknown.jpg': { body: await portrait(10 + shift), type: 'image/jpeg' },
    '/senate/': {
      body: listingPage([{ name: 'Ali Shaban Ibrahim', image: '/img/shaban.jpg' }], '/senate/page/2/'),
    },
    '/senate/page/2/': { body: listingPage([{ name: 'Sen. Zamzam Ibrahim Ali', image: '/img/zamzam.jpg' }]) },
    '/img/shaban.jpg': { body: await portrait(11 + shift), type: 'image/jpeg' },
    '/img/zamzam.jpg': { body: await portrait(12 + shift), type: 'image/jpeg' },
  });
}

describe('photo refresh job against a local source', () => {
  it('matches names, copies good photos, and records every failure with its reason', async () => {
    const db = createTestDb();
    const env = photoEnv(source.origin);
    const { admin, house, senate } = await scenario(db);
    await serveSite({ slowMs: 1500, hueShift: 0 });

    const { result, job, errors } = await runJob(db, env, 'refresh', admin.id, { imageTimeoutMs: 400 });

    expect(job.status).toBe('completed');
    expect(job.startedAt).toBeInstanceOf(Date);
    expect(job.completedAt).toBeInstanceOf(Date);
    expect({
      total: job.totalMembers,
      processed: job.processedMembers,
      successful: job.successfulUpdates,
      failed: job.failedUpdates,
      unmatched: job.unmatchedMembers,
    }).toEqual({ total: 13, processed: 13, successful: 5, failed: 5, unmatched: 3 });

    // What a finished job reports (docs/product.md#member-photo-rules).
    expect(result).toMatchObject({
      success: true,
      error: null,
      total_processed: 13,
      successful_updates: 5,
      failed_updates: 5,
    });
    expect(result.errors).toEqual(errors);
    expect(result.updated_members).toHaveLength(10);
    expect(Object.keys(result.updated_members[0] ?? {}).sort()).toEqual(
      [
        'alt_text',
        'member_id',
        'member_name',
        'member_type',
        'original_url',
        'processing_status',
        'source_url',
        'webp_url',
      ].sort(),
    );

    // Matched through titles and spacing, an alias, a nickname in brackets, and a second listing page.
    const folder = join(resolve(env.UPLOADS_DIR), 'photos');
    for (const [type, id] of [
      ['parliament', house.amina],
      ['parliament', house.abdi],
      ['parliament', house.aden],
      ['senate', senate.zamzam],
      ['senate', senate.shaban],
    ] as const) {
      const photo = photoOf(db, type, id);
      expect(photo?.processingStatus, `${type} ${id}`).toBe('completed');
      expect(photo?.webpUrl).toMatch(/^\/uploads\/photos\/.+\.webp$/);
      expect(photo?.errorMessage).toBeNull();
      // docs/product.md#member-photo-rules: the version is the time of the update, in seconds: within the job's run.
      expect(photo?.photoVersion).toBeGreaterThanOrEqual(Math.floor((job.startedAt?.getTime() ?? 0) / 1000));
      expect(photo?.photoVersion).toBeLessThanOrEqual(Math.ceil((job.completedAt?.getTime() ?? 0) / 1000));
      expect(existsSync(join(folder, (photo?.webpUrl ?? '').split('/').pop() ?? ''))).toBe(true);
      expect(existsSync(join(folder, (photo?.originalUrl ?? '').split('/').pop() ?? ''))).toBe(true);
      expect(photo?.sourceUrl?.startsWith(source.origin)).toBe(true);
    }
    expect(photoOf(db, 'parliament', house.abdi)?.originalUrl).toMatch(/-original\.png$/);
    expect(photoOf(db, 'parliament', house.aden)?.sourceUrl).toBe(`${source.origin}/img/aden-old.jpg`);
    const webp = await sharp(
      join(folder, (photoOf(db, 'parliament', house.amina)?.webpUrl ?? '').split('/').pop() ?? ''),
    ).metadata();
    expect(webp.format).toBe('webp');

    const failures = {
      [house.ahmed]: /broken\.jpg is not an image we can read/,
      [house.sahra]: /page\.jpg is not an image we can read/,
      [house.yusuf]: /huge\.jpg is larger than 5 MB/,
      [house.gedi]: /slow\.jpg did not answer within 0\.4 s/,
      [house.fadumo]: /redirects to another host \(localhost:\d+\), which is not allowed/,
    };
    for (const [id, reason] of Object.entries(failures)) {
      const photo = photoOf(db, 'parliament', id);
      expect(photo?.processingStatus).toBe('failed');
      expect(photo?.errorMessage).toMatch(reason);
      expect(photo?.webpUrl).toBeNull();
      expect(errors.some((line) => reason.test(line))).toBe(true);
    }
    // The redirect to another host was never followed.
    expect(elsewhere.requests).toEqual([]);
    // Ambiguous and unmatched names touch nobody.
    for (const id of [house.mohamedA, house.mohamedB, house.hodan, house.absent]) {
      expect(photoOf(db, 'parliament', id)).toBeUndefined();
    }
    expect(errors).toContain(
      '“Mohamed Ali” on the House of the People source matches 2 members of that name; add a name alias or set their photos by hand.',
    );
    expect(errors).toContain(
      '“Hodan Yusuf” appears 2 times on the House of the People source with different photos; none was used.',
    );
    expect(errors).toContain(
      'No member matches “Unknown Person” on the House of the People source; add a name alias if this is a member.',
    );
    // Page furniture (the header logo, the footer flag) is never fetched.
    expect(source.requests).not.toContain('/logo.png');
    expect(source.requests).not.toContain('/flag.png');
    expect(readdirSync(folder)).toHaveLength(10);
  });

  it('a missing-only run touches only members without a photo, and never a manual override', async () => {
    const db = createTestDb();
    const env = photoEnv(source.origin);
    const { admin, house } = await scenario(db);
    await serveSite({ slowMs: 1500, hueShift: 0 });
    await runJob(db, env, 'refresh', admin.id, { imageTimeoutMs: 400 });
    const aminaBefore = photoOf(db, 'parliament', house.amina);
    db.update(memberPhotos)
      .set({ manualOverrideUrl: '/uploads/photos/chosen.webp', processingStatus: 'completed' })
      .where(eq(memberPhotos.memberId, house.sahra))
      .run();
    const sahraBefore = photoOf(db, 'parliament', house.sahra);

    // Every photo on the source is now different, and the slow and broken images are fixed.
    await serveSite({ slowMs: 0, hueShift: 20, brokenFixed: true });
    source.requests.length = 0;
    const { job } = await runJob(db, env, 'missing_only', admin.id, { imageTimeoutMs: 400 });

    expect(job.status).toBe('completed');
    expect({
      total: job.totalMembers,
      successful: job.successfulUpdates,
      failed: job.failedUpdates,
      unmatched: job.unmatchedMembers,
    }).toEqual({ total: 7, successful: 2, failed: 2, unmatched: 3 });
    expect(photoOf(db, 'parliament', house.amina)).toEqual(aminaBefore);
    expect(photoOf(db, 'parliament', house.sahra)).toEqual(sahraBefore);
    expect(source.requests).not.toContain('/img/amina.jpg');
    expect(source.requests).not.toContain('/img/page.jpg');
    expect(photoOf(db, 'parliament', house.ahmed)?.processingStatus).toBe('completed');
    expect(photoOf(db, 'parliament', house.gedi)?.processingStatus).toBe('completed');
    expect(photoOf(db, 'parliament', house.yusuf)?.processingStatus).toBe('failed');
  });

  it('a full refresh keeps an unchanged photo (same address and version) and replaces a changed one', async () => {
    const db = createTestDb();
    const env = photoEnv(source.origin);
    const { admin, house, senate } = await scenario(db);
    await serveSite({ slowMs: 0, hueShift: 0 });
    await runJob(db, env, 'refresh', admin.id);
    const amina = photoOf(db, 'parliament', house.amina);
    const zamzam = photoOf(db, 'senate', senate.zamzam);

    source.set({ '/img/zamzam.jpg': { body: await portrait(40), type: 'image/jpeg' } });
    await runJob(db, env, 'refresh', admin.id);

    const aminaAfter = photoOf(db, 'parliament', house.amina);
    expect(aminaAfter?.webpUrl).toBe(amina?.webpUrl);
    expect(aminaAfter?.photoVersion).toBe(amina?.photoVersion);
    const zamzamAfter = photoOf(db, 'senate', senate.zamzam);
    expect(zamzamAfter?.webpUrl).not.toBe(zamzam?.webpUrl);
    // The replaced files are removed; the new ones are there.
    const files = readdirSync(join(resolve(env.UPLOADS_DIR), 'photos'));
    expect(files).not.toContain(zamzam?.webpUrl?.split('/').pop());
    expect(files).toContain(zamzamAfter?.webpUrl?.split('/').pop());
  });

  it('fails the job with the reason when no source can be read', async () => {
    const db = createTestDb();
    const env = photoEnv(source.origin, '/missing/', '/also-missing/');
    const { admin } = await scenario(db);
    const { job, result, errors } = await runJob(db, env, 'refresh', admin.id);
    expect(job.status).toBe('failed');
    expect(result.success).toBe(false);
    expect(result.error).toBe('No member photos were found on the sources.');
    expect(errors).toEqual([
      `House of the People source: ${source.origin}/missing/ answered HTTP 404.`,
      `Senate source: ${source.origin}/also-missing/ answered HTTP 404.`,
      'No member photos were found on the sources.',
    ]);
  });
});
