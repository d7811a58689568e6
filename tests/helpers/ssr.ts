import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderRequest } from '@shared/page-render';
import { PAGE_STATE_ID, type PageState } from '@shared/page-render';
import { afterEach, inject } from 'vitest';
import { buildTestApp, type TestApp, type TestAppOptions } from './app';

/** The page renderer the `ssr` project's global setup built (tests/helpers/ssr-renderer.ts). */
export function rendererDir(): string {
  const dir = inject('ssrRendererDir');
  if (!dir) {
    throw new Error(
      'The page renderer was not built. Server-rendering tests run in the "ssr" project of vitest.config.ts, ' +
        'whose global setup (tests/helpers/ssr-renderer.ts) builds client/src/entry-server.tsx: run them ' +
        'with `npx vitest run tests/server/ssr` (not with another config).',
    );
  }
  return dir;
}

/** The built client's index.html: the real template with Vite's entry script, as `vite build` writes it. */
export const BUILT_INDEX_HTML = readFileSync(join(process.cwd(), 'client', 'index.html'), 'utf8').replace(
  '<script type="module" src="/src/entry-client.tsx"></script>',
  '<script type="module" crossorigin src="/assets/index-E.js"></script>',
);

export const PUBLIC_ORIGIN = 'https://codka.example';

/**
 * What the tests see of the renderer: every render it was asked for (language and URL), and a gate a test may
 * close to hold renders in flight (the render queue's bound). Read by the wrapper the global setup wrote.
 */
export const renders = {
  asked: [] as string[],
  gate: null as Promise<void> | null,
  async beforeRender(request: RenderRequest) {
    renders.asked.push(`${request.language} ${request.url}`);
    if (renders.gate) await renders.gate;
  },
};
(globalThis as { codkaRenderProbe?: typeof renders }).codkaRenderProbe = renders;

/** The real app with the real page renderer; apps are closed and the probe reset after each test. */
export function serverRenderingApps(): (options?: TestAppOptions) => Promise<TestApp> {
  let opened: TestApp[] = [];
  afterEach(async () => {
    renders.asked = [];
    renders.gate = null;
    await Promise.all(opened.map(({ app }) => app.close()));
    opened = [];
  });
  return async (options = {}) => {
    const test = await buildTestApp({
      indexHtml: BUILT_INDEX_HTML,
      ...options,
      env: { PUBLIC_ORIGIN, ...options.env },
      ssrDir: rendererDir(),
    });
    opened.push(test);
    return test;
  };
}

/** The page's data block, or null when the page is the shell. */
export function stateBlock(html: string): string | null {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_STATE_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  return match?.[1] ?? null;
}

export function pageState(html: string): PageState {
  const block = stateBlock(html);
  if (block === null) throw new Error(`no ${PAGE_STATE_ID} block in the page`);
  return JSON.parse(block) as PageState;
}

/** What #root holds: the server's markup of the page (empty for the shell). */
export function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf(`<script type="application/json" id="${PAGE_STATE_ID}"`);
  if (start < 0) throw new Error('no #root in the page');
  return end < 0 ? html.slice(start, html.indexOf('</div>', start) + 6) : html.slice(start, end);
}

/** The text of the first h1 the server rendered, tags inside it removed. */
export function firstHeading(html: string): string | null {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match?.[1]?.replace(/<[^>]+>/g, '').trim() ?? null;
}

/** A meta tag's content (name= or property=), as written in the head. */
export function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html);
  return match?.[1] ?? null;
}
