import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { testEnv } from '@server/env';
import { describe, expect, it } from 'vitest';
import { INDEX_HTML } from '../helpers/app';
import { createTestDb } from '../helpers/db';

/** A built client as Vite leaves it: index.html, and a manifest naming each source module's chunk. */
function builtClient(manifest?: object) {
  const folder = mkdtempSync(join(tmpdir(), 'codka-preloads-'));
  const client = join(folder, 'client');
  mkdirSync(join(client, '.vite'), { recursive: true });
  writeFileSync(join(client, 'index.html'), INDEX_HTML);
  if (manifest) writeFileSync(join(client, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return { folder, client };
}

const MANIFEST = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_react-R.js'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  'src/page-routes.tsx': { file: 'assets/page-routes-P.js', imports: ['_react-R.js', '_with-data-W.js'] },
  '_with-data-W.js': { file: 'assets/with-data-W.js' },
  'src/lib/data.tsx': { file: 'assets/data-D.js', imports: ['_trpc-T.js'] },
  '_trpc-T.js': { file: 'assets/trpc-T.js' },
  'src/pages/directory/parliament.page.tsx': { file: 'assets/parliament-X.js' },
};

async function appFor(client: string, folder: string) {
  const app = await buildApp({
    db: createTestDb(),
    env: testEnv({ UPLOADS_DIR: join(folder, 'uploads') }),
    clientDir: client,
  });
  await app.ready();
  return app;
}

const preloads = (html: string) =>
  [...html.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe('code preloaded with the HTML of pages other than the landing page', () => {
  it('names the route table and the data layer with their imports, not what the entry already loads', async () => {
    const { client, folder } = builtClient(MANIFEST);
    const app = await appFor(client, folder);
    const page = await app.inject({ method: 'GET', url: '/parliament-members' });
    expect(page.statusCode).toBe(200);
    expect(preloads(page.body).sort()).toEqual([
      '/assets/data-D.js',
      '/assets/page-routes-P.js',
      '/assets/trpc-T.js',
      '/assets/with-data-W.js',
    ]);
    // The landing page's first render needs none of them (F1): they load after it paints.
    const landing = await app.inject({ method: 'GET', url: '/' });
    expect(preloads(landing.body)).toEqual([]);
  });

  it('keeps the manifest itself private and serves a build without one as before', async () => {
    const { client, folder } = builtClient(MANIFEST);
    const app = await appFor(client, folder);
    const manifest = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.headers['content-type']).toContain('text/html');
    expect(manifest.body).not.toContain('isEntry');

    const older = builtClient();
    const olderApp = await appFor(older.client, older.folder);
    const page = await olderApp.inject({ method: 'GET', url: '/senators' });
    expect(page.statusCode).toBe(200);
    expect(preloads(page.body)).toEqual([]);
  });
});
