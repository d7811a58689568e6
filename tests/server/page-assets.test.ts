import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pageAssets } from '@server/http/page-assets';
import { encodePage } from '@server/http/page-html';
import { describe, expect, it } from 'vitest';

/**
 * A built client's manifest as Vite writes it: the entry (index.html) only imports the start after the first
 * paint (client/src/entry-client.tsx); the start imports the shell's parts and every page on demand.
 */
const MANIFEST = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, dynamicImports: ['src/start.tsx'] },
  'src/start.tsx': {
    file: 'assets/start-S.js',
    css: ['assets/start-S.css'],
    imports: ['_react-R.js'],
    dynamicImports: [
      'src/components/layout/SiteFooter.tsx',
      'src/components/layout/NavDrawer.tsx',
      'src/components/notifications-view.ts',
      'src/pages/home/home.page.tsx',
      'src/pages/directory/parliament.page.tsx',
      'src/lib/page-modules.ts',
      'src/i18n/locales/so/admin.json',
    ],
  },
  // The page table and the map's outlines: imported on demand, never preloaded.
  'src/lib/page-modules.ts': { file: 'assets/page-modules-T.js' },
  'src/generated/somalia-map-paths.ts': { file: 'assets/somalia-map-paths-M.js' },
  'src/i18n/locales/so/admin.json': { file: 'assets/admin-T.js' },
  '_react-R.js': { file: 'assets/react-R.js' },
  'src/components/layout/SiteFooter.tsx': { file: 'assets/footer-F.js', css: ['assets/footer-F.css'] },
  'src/components/layout/NavDrawer.tsx': { file: 'assets/drawer-D.js', css: ['assets/drawer-D.css'] },
  'src/components/notifications-view.ts': { file: 'assets/toasts-T.js', css: ['assets/toasts-T.css'] },
  'src/pages/home/home.page.tsx': { file: 'assets/home-H.js', css: ['assets/home-H.css'] },
  'src/pages/directory/parliament.page.tsx': {
    file: 'assets/parliament-P.js',
    imports: ['_react-R.js', '_list-L.js'],
    dynamicImports: ['src/components/MemberPhoto.tsx'],
  },
  '_list-L.js': { file: 'assets/list-L.js', css: ['assets/list-L.css'] },
  'src/components/MemberPhoto.tsx': { file: 'assets/photo-M.js', css: ['assets/photo-M.css'] },
  // A style sheet imported on its own (lib/route.ts): an entry of its own, listed by no module's imports.
  'src/styles/mantine-other.css': { file: 'assets/mantine-other-O.css', src: 'src/styles/mantine-other.css' },
};

function builtClient(manifest?: object) {
  const client = mkdtempSync(join(tmpdir(), 'codka-assets-'));
  if (manifest) {
    mkdirSync(join(client, '.vite'), { recursive: true });
    writeFileSync(join(client, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return client;
}

const stylesheets = (links: string) =>
  [...links.matchAll(/rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
/** The code listed in the inert template the entry puts to work after the first paint. */
const pageCode = (links: string) =>
  [
    ...(/<template id="codka-code">(.*?)<\/template>/.exec(links)?.[1] ?? '').matchAll(
      /<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>/g,
    ),
  ].map((m) => m[1]);
/** The code listed for the offline worker only: the page's lazy parts, which nothing puts to work. */
const laterCode = (links: string) =>
  [
    ...(/<template id="codka-later-code">(.*?)<\/template>/.exec(links)?.[1] ?? '').matchAll(
      /<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>/g,
    ),
  ].map((m) => m[1]);

describe('what a server-rendered page links in its head', () => {
  it('styles everything its first view can show, not the parts that only open on demand', () => {
    const links = pageAssets(builtClient(MANIFEST))(['directory/parliament.page']);
    expect(stylesheets(links).sort()).toEqual([
      '/assets/footer-F.css',
      '/assets/list-L.css',
      '/assets/photo-M.css',
      '/assets/start-S.css',
    ]);
  });

  it('lists the start and the page code inertly, so nothing of it downloads before the first paint', () => {
    const links = pageAssets(builtClient(MANIFEST))(['directory/parliament.page']);
    // Outside the template, no preload: a browser fetches none of it while it parses the head.
    expect(links.replace(/<template id="codka-(later-)?code">.*?<\/template>/g, '')).not.toContain(
      'modulepreload',
    );
    // The start and its libraries, then the page's module and what it imports.
    expect(pageCode(links).sort()).toEqual([
      '/assets/list-L.js',
      '/assets/parliament-P.js',
      '/assets/react-R.js',
      '/assets/start-S.js',
    ]);
    // The page's own module is named: the browser imports the page from it, without the page table, which is
    // named for the offline worker only (with the map's outlines).
    expect(links).toContain('href="/assets/parliament-P.js" data-page="directory/parliament.page">');
    expect(links.match(/data-page=/g)).toHaveLength(1);
    expect(links).toContain(
      '<meta name="codka-offline-code" content="/assets/page-modules-T.js /assets/somalia-map-paths-M.js">',
    );
    expect(links).not.toContain('href="/assets/page-modules-T.js"');
    // Another page's code and styles are never part of it.
    expect(links).not.toContain('home-H');
  });

  it('lists the lazy parts the page may ask for later apart, for the offline worker, and not the texts', () => {
    const links = pageAssets(builtClient(MANIFEST))(['directory/parliament.page']);
    // The footer (the shell's) and the member photos (the page's): each asked for when it shows, and an offline
    // reload needs them even if the reader left before they came (client/src/lib/service-worker.ts).
    expect(laterCode(links).sort()).toEqual(['/assets/footer-F.js', '/assets/photo-M.js']);
    // Not what the first list already has, not every page's texts in both languages, not another page's code.
    expect(laterCode(links)).not.toContain('/assets/start-S.js');
    expect(links).not.toContain('admin-T');
    expect(links).not.toContain('home-H');
  });

  it('styles what the page loads besides its module (the other Mantine styles), named by the render', () => {
    const links = pageAssets(builtClient(MANIFEST))([
      'directory/parliament.page',
      'styles/mantine-other.css',
    ]);
    expect(stylesheets(links)).toContain('/assets/mantine-other-O.css');
    // The landing page does not name them: its first paint does not wait for them.
    expect(stylesheets(pageAssets(builtClient(MANIFEST))(['home/home.page']))).not.toContain(
      '/assets/mantine-other-O.css',
    );
  });

  it('links nothing for a build without a manifest', () => {
    expect(pageAssets(builtClient())(['directory/parliament.page'])).toBe('');
  });
});

describe('a page as the browser accepts it', () => {
  const html = `<!doctype html><html><body>${'<p>Golaha Shacabka</p>'.repeat(200)}</body></html>`;

  it('is brotli when accepted, else gzip, else plain text', () => {
    const br = encodePage(html, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(html);
    const gzip = encodePage(html, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body as Buffer).toString()).toBe(html);
    expect(encodePage(html, undefined)).toEqual({ body: html });
    expect(encodePage('<p>short</p>', 'br')).toEqual({ body: '<p>short</p>' });
  });

  it('compresses the same page once', () => {
    expect(encodePage(html, 'br').body).toBe(encodePage(html, 'br').body);
  });
});
