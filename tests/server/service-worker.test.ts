import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildApp } from '@server/app';
import { testEnv } from '@server/env';
import { offlineReads, serviceWorkerSource } from '@server/http/service-worker';
import { proceduresWith, procedureType } from '@server/routers/policy';
import { afterAll, describe, expect, it } from 'vitest';
import { writeTestSite } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { REPO_ROOT } from '../helpers/security/server-process';

const folder = mkdtempSync(join(tmpdir(), 'codka-sw-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Never stored: who is signed in, ballots and receipts, the signed-in hub. */
const PERSONAL = ['auth.session', 'elections.hub', 'elections.byId', 'votes.'];

async function appServing(sw: string | null) {
  const siteDir = writeTestSite(mkdtempSync(join(folder, 'site-')));
  if (sw) copyFileSync(sw, join(siteDir, 'client', 'sw.js'));
  const env = testEnv({ UPLOADS_DIR: join(folder, 'uploads') });
  return buildApp({ db: createTestDb(), env, siteDir, logger: false });
}

describe('GET /sw.js', () => {
  it('carries the offline reads taken from the procedures’ meta, and nothing personal', async () => {
    const app = await appServing(join(REPO_ROOT, 'client/public/sw.js'));
    const response = await app.inject({ method: 'GET', url: '/sw.js' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const list = /const OFFLINE_READS = new Set\(\/\* offline reads \*\/ (\[.*?\])\);/.exec(
      response.body,
    )?.[1];
    const served = JSON.parse(list ?? 'null') as string[];
    expect(served).toEqual(proceduresWith('offline'));
    expect(served).toContain('directory.members');
    for (const path of served) {
      expect(procedureType(path), path).toBe('query');
      for (const personal of PERSONAL) expect(path.startsWith(personal), path).toBe(false);
    }
    // The worker holds no list of procedure names of its own.
    expect(response.body).not.toMatch(/'(directory|elections|polls)\.[a-zA-Z]+'/);
  });

  it('is compressed for a browser that accepts it (every first visit downloads it), the same worker', async () => {
    const app = await appServing(join(REPO_ROOT, 'client/public/sw.js'));
    const plain = await app.inject({ method: 'GET', url: '/sw.js' });
    const br = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip, br' } });
    const gzip = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
    await app.close();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('answers the session question the worker asks itself when it does not know who is reading', async () => {
    // client/public/sw.js learnIdentity: GET /trpc/auth.session?batch=1&input={} with the page's cookie.
    const app = await appServing(join(REPO_ROOT, 'client/public/sw.js'));
    const response = await app.inject({ method: 'GET', url: '/trpc/auth.session?batch=1&input=%7B%7D' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ result: { data: { json: { user: null } } } }]);
  });

  it('refuses to start with a worker that has no place for the list (an old build)', async () => {
    const stale = join(folder, 'stale-sw.js');
    writeFileSync(stale, "const PUBLIC_READS = new Set(['elections.hub']);");
    await expect(appServing(stale)).rejects.toThrow('sw.js has no "/* offline reads */ []"');
    expect(serviceWorkerSource('x(/* offline reads */ [])', ['a.b'])).toBe('x(/* offline reads */ ["a.b"])');
    expect(offlineReads()).toEqual(proceduresWith('offline'));
  });
});
