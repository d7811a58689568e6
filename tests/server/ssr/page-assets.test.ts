import { describe, expect, it } from 'vitest';
import { firstHeading, serverRenderingApps } from '../../helpers/ssr';

/**
 * A server-rendered page links, from Vite's build manifest, the styles and code of the page module it shows, so
 * it paints styled and hydrates without waiting for its code to be discovered; never another page's chunks,
 * and never the consoles' (admin, staff), which only their users download.
 */
const openApp = serverRenderingApps();

/** A manifest as `vite build` writes it (dist/client/.vite/manifest.json), for the entry and a few modules. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-E.js',
    isEntry: true,
    imports: ['_react-R.js'],
    css: ['assets/index-E.css'],
    dynamicImports: [
      'src/pages/home/home.page.tsx',
      'src/pages/directory/senators.page.tsx',
      'src/pages/directory/parliament.page.tsx',
      'src/pages/admin/layout/AdminLayout.tsx',
      'src/pages/staff/layout/StaffLayout.tsx',
    ],
  },
  '_react-R.js': { file: 'assets/react-R.js' },
  'src/pages/directory/senators.page.tsx': {
    file: 'assets/senators.page-S.js',
    imports: ['_react-R.js', '_use-directory-params-U.js'],
    css: ['assets/senators.page-S.css'],
  },
  'src/pages/directory/parliament.page.tsx': {
    file: 'assets/parliament.page-P.js',
    imports: ['_react-R.js', '_use-directory-params-U.js'],
    css: ['assets/parliament.page-P.css'],
  },
  '_use-directory-params-U.js': {
    file: 'assets/use-directory-params-U.js',
    css: ['assets/use-directory-params-U.css'],
  },
  'src/pages/home/home.page.tsx': {
    file: 'assets/home.page-H.js',
    imports: ['_react-R.js'],
    css: ['assets/home.page-H.css'],
    dynamicImports: ['src/components/map/SomaliaMap.tsx'],
  },
  'src/components/map/SomaliaMap.tsx': { file: 'assets/SomaliaMap-M.js', css: ['assets/SomaliaMap-M.css'] },
  'src/pages/admin/layout/AdminLayout.tsx': {
    file: 'assets/AdminLayout-A.js',
    imports: ['_react-R.js'],
    css: ['assets/AdminLayout-A.css'],
  },
  'src/pages/staff/layout/StaffLayout.tsx': {
    file: 'assets/StaffLayout-T.js',
    imports: ['_react-R.js'],
    css: ['assets/StaffLayout-T.css'],
  },
};

const stylesheets = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]);

describe('page assets from the build manifest', () => {
  it('links a directory page’s styles and preloads its code, shared chunks included', async () => {
    const { app } = await openApp({ manifest: MANIFEST });
    const response = await app.inject({ method: 'GET', url: '/senators' });
    expect(firstHeading(response.body)).toBe('Somalia Senate');
    expect(stylesheets(response.body)).toEqual(
      expect.arrayContaining(['/assets/senators.page-S.css', '/assets/use-directory-params-U.css']),
    );
    expect(preloads(response.body).sort()).toEqual([
      '/assets/senators.page-S.js',
      '/assets/use-directory-params-U.js',
    ]);
  });

  it('links the landing page’s own module and the map it renders, nothing of the other pages', async () => {
    const { app } = await openApp({ manifest: MANIFEST });
    const html = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(stylesheets(html)).toEqual(
      expect.arrayContaining(['/assets/home.page-H.css', '/assets/SomaliaMap-M.css']),
    );
    expect(preloads(html)).toContain('/assets/home.page-H.js');
    expect(html).not.toMatch(/senators\.page|parliament\.page|use-directory-params/);
  });

  it('never links the consoles’ code or styles, nor the entry’s own again', async () => {
    const { app } = await openApp({ manifest: MANIFEST });
    for (const url of [
      '/',
      '/senators',
      '/parliament-members',
      '/regions',
      '/no-such-page',
      '/admin',
      '/staff',
    ]) {
      const html = (await app.inject({ method: 'GET', url })).body;
      expect(html, url).not.toMatch(/AdminLayout|StaffLayout/);
      expect(preloads(html), url).not.toContain('/assets/react-R.js');
      expect(stylesheets(html), url).not.toContain('/assets/index-E.css');
    }
  });

  it('keeps the manifest itself private, and serves pages of a build without one', async () => {
    const { app } = await openApp({ manifest: MANIFEST });
    const manifest = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.headers['content-type']).toContain('text/html');
    expect(manifest.body).not.toContain('isEntry');

    const older = await openApp();
    const page = await older.app.inject({ method: 'GET', url: '/senators' });
    expect(page.statusCode).toBe(200);
    expect(firstHeading(page.body)).toBe('Somalia Senate');
    expect(preloads(page.body)).toEqual([]);
  });
});
