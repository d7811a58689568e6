// P1: a full photo refresh of all 329 members (275 House, 54 Senate) against a local stand-in for the
// parliament's site: listing pages of 20 cards with "next" links, one distinct portrait per member. Reports
// the job's wall-clock time and the disk its photos use. Run alone: node --import tsx bench/photo-refresh.ts [--json]
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, migrateDb } from '@server/db/client';
import { houseMembers, senators, users } from '@server/db/schema';
import { testEnv } from '@server/env';
import { photoJobConfig } from '@server/jobs/photo-refresh/config';
import { photoRefreshLauncher, settledPhotoJob } from '@server/jobs/photo-refresh/runner';
import { startPhotoJob } from '@server/services/photos/photo-jobs';
import { asc } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { seedReference } from '../seed/reference';
import { listingPage, type SourceRoute, startPhotoSource } from '../tests/helpers/photo-source';

const PER_PAGE = 20;

/** A 400×500 portrait with photographic grain (flat colours would compress unrealistically well). */
async function portrait(n: number): Promise<Buffer> {
  const hue = (n * 47) % 360;
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500"><defs><linearGradient id="g" x2="0" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue},35%,70%)"/><stop offset="1" stop-color="hsl(${hue},30%,35%)"/></linearGradient></defs>` +
      `<rect width="400" height="500" fill="url(#g)"/><circle cx="200" cy="190" r="95" fill="hsl(${(hue + 30) % 360},30%,45%)"/>` +
      `<rect x="70" y="310" width="260" height="220" rx="90" fill="hsl(${(hue + 200) % 360},25%,25%)"/></svg>`,
  );
  const base = await sharp(svg).raw().toBuffer({ resolveWithObject: true });
  const grain = await sharp({
    create: {
      width: 400,
      height: 500,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .raw()
    .toBuffer();
  const pixels = Buffer.from(base.data);
  for (let i = 0, j = 0; i < pixels.length; i += base.info.channels, j += 3) {
    for (let c = 0; c < 3; c += 1) {
      pixels[i + c] = Math.max(0, Math.min(255, (pixels[i + c] ?? 0) + ((grain[j + c] ?? 128) - 128) / 2));
    }
  }
  return sharp(pixels, { raw: base.info }).removeAlpha().jpeg({ quality: 85 }).toBuffer();
}

function folderBytes(folder: string) {
  let webp = 0;
  let originals = 0;
  for (const name of readdirSync(folder)) {
    const size = statSync(join(folder, name)).size;
    if (name.includes('-original.')) originals += size;
    else webp += size;
  }
  return { webp, originals, files: readdirSync(folder).length };
}

async function run() {
  const work = mkdtempSync(join(tmpdir(), 'codka-bench-photos-'));
  const db = createDb(join(work, 'codka.db'));
  migrateDb(db);
  seedReference(db);
  const admin = db
    .insert(users)
    .values({ email: 'bench-admin@codka.example' })
    .returning({ id: users.id })
    .get();
  const house = db
    .select({ name: houseMembers.name })
    .from(houseMembers)
    .orderBy(asc(houseMembers.hopNumber))
    .all();
  const senate = db.select({ name: senators.name }).from(senators).all();

  const routes: Record<string, SourceRoute> = {};
  let sourceBytes = 0;
  const addListing = async (prefix: string, names: string[], offset: number) => {
    for (let start = 0; start < names.length; start += PER_PAGE) {
      const page = start / PER_PAGE + 1;
      const cards = names
        .slice(start, start + PER_PAGE)
        .map((name, i) => ({ name, image: `/img/${offset + start + i}.jpg` }));
      const next = start + PER_PAGE < names.length ? `${prefix}page/${page + 1}/` : undefined;
      routes[page === 1 ? prefix : `${prefix}page/${page}/`] = { body: listingPage(cards, next) };
    }
    for (let i = 0; i < names.length; i += 1) {
      const body = await portrait(offset + i);
      sourceBytes += body.length;
      routes[`/img/${offset + i}.jpg`] = { body, type: 'image/jpeg' };
    }
  };
  await addListing(
    '/members/',
    house.map((m) => m.name),
    0,
  );
  await addListing(
    '/senate/',
    senate.map((s) => s.name),
    house.length,
  );
  const source = await startPhotoSource(routes);

  const env = testEnv({
    UPLOADS_DIR: join(work, 'uploads'),
    PARLIAMENT_SOURCE_URL: `${source.origin}/members/`,
    SENATE_SOURCE_URL: `${source.origin}/senate/`,
  });
  const started = performance.now();
  startPhotoJob(
    { db, launcher: photoRefreshLauncher(photoJobConfig(env), pino({ level: 'silent' })) },
    'refresh',
    admin.id,
  );
  const result = await settledPhotoJob(db);
  const elapsedMs = Math.round(performance.now() - started);
  const disk = folderBytes(join(work, 'uploads', 'photos'));
  await source.close();
  rmSync(work, { recursive: true, force: true });
  return {
    members: house.length + senate.length,
    listingPages: Object.keys(routes).filter((path) => !path.startsWith('/img/')).length,
    successful: result?.successful_updates ?? 0,
    failed: result?.failed_updates ?? 0,
    elapsedMs,
    sourceImageBytes: sourceBytes,
    webpBytes: disk.webp,
    originalBytes: disk.originals,
    files: disk.files,
  };
}

const result = await run();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result));
} else {
  console.log(
    `photo refresh: ${result.successful}/${result.members} members (${result.failed} failed) from ${result.listingPages} listing pages ` +
      `in ${(result.elapsedMs / 1000).toFixed(1)} s; disk ${mb(result.webpBytes + result.originalBytes)} ` +
      `(webp ${mb(result.webpBytes)}, originals ${mb(result.originalBytes)}, ${result.files} files; ` +
      `source images ${mb(result.sourceImageBytes)})`,
  );
}
