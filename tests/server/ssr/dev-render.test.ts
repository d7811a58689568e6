import { afterEach, describe, expect, it } from 'vitest';
import { viteDevSite } from '../../../server/dev';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { firstHeading } from '../../helpers/ssr';

/**
 * `npm run dev` renders pages on the server as production does: the app with Vite in middleware mode inside
 * its process (server/dev.ts), pages from the sources through Vite's module runner.
 */
let opened: TestApp | null = null;
afterEach(async () => {
  await opened?.app.close();
  opened = null;
});

describe('the development server', () => {
  it('answers / with the landing page rendered on the server, and serves the browser modules', async () => {
    opened = await buildTestApp({ devSite: viteDevSite() });
    const { app } = opened;
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(firstHeading(page.body)).toBe('Somalia Federal Elections');
    expect(page.body).toContain('<html lang="en" data-server-lang=""');
    // Hot updates: React Router's refresh runtime is in the page, and Vite answers for it and for its client.
    expect(page.body).toContain('virtual:react-router/inject-hmr-runtime');
    const viteClient = await app.inject({ method: 'GET', url: '/@vite/client' });
    expect(viteClient.statusCode).toBe(200);
    expect(viteClient.headers['content-type']).toMatch(/javascript/);
    // The API is still the app's.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
  }, 120_000);
});
