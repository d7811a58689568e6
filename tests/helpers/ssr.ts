import { load } from 'cheerio';
import { afterEach, inject } from 'vitest';
import { buildTestApp, type TestApp, type TestAppOptions } from './app';

/** The site the `ssr` project's global setup built (tests/helpers/ssr-renderer.ts). */
export function siteDir(): string {
  const dir = inject('ssrSiteDir');
  if (!dir) {
    throw new Error(
      'The site was not built. Server-rendering tests run in the "ssr" project of vitest.config.ts, whose ' +
        'global setup (tests/helpers/ssr-renderer.ts) builds client/src with React Router: run them with ' +
        '`npx vitest run tests/server/ssr` (not with another config).',
    );
  }
  return dir;
}

export const PUBLIC_ORIGIN = 'https://codka.example';

/** One render the page handler was asked for. */
export interface RenderAsked {
  language: string;
  /** Path and query. */
  url: string;
}

/**
 * What the tests see of the page handler: every render it was asked for (language and URL), and a gate a test
 * may close to hold renders in flight (the render queue's bound). Read by the wrapper the global setup wrote.
 */
export const renders = {
  asked: [] as string[],
  gate: null as Promise<void> | null,
  async beforeRender(request: RenderAsked) {
    renders.asked.push(`${request.language} ${request.url}`);
    if (renders.gate) await renders.gate;
  },
};
(globalThis as { codkaRenderProbe?: typeof renders }).codkaRenderProbe = renders;

/** The real app with the real site; apps are closed and the probe reset after each test. */
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
      ...options,
      env: { PUBLIC_ORIGIN, ...options.env },
      siteDir: siteDir(),
    });
    opened.push(test);
    return test;
  };
}

/**
 * The page's hydration data (React Router's inline scripts: its context and the loaders' answers, with the
 * first view's queries), or null when the answer is not a rendered page (the busy page, a refusal).
 */
export function stateBlock(html: string): string | null {
  const $ = load(html);
  const scripts = $('script:not([src])')
    .map((_index, element) => $(element).text())
    .get();
  return scripts.some((script) => script.includes('__reactRouterContext')) ? scripts.join('\n') : null;
}

/** What <body> holds but scripts, as the server wrote it: the server's markup of the page. */
export function rootMarkup(html: string): string {
  const start = html.indexOf('<body>');
  const end = html.lastIndexOf('</body>');
  if (start < 0 || end < 0) throw new Error('no <body> in the page');
  return html.slice(start + '<body>'.length, end).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
}

/** The text of the first h1 the server rendered, tags inside it removed. */
export function firstHeading(html: string): string | null {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match?.[1]?.replace(/<[^>]+>/g, '').trim() ?? null;
}

/** A meta tag's content (name= or property=), as written in the head. */
export function metaContent(html: string, key: string): string | null {
  const $ = load(html);
  return $(`meta[name="${key}"], meta[property="${key}"]`).attr('content') ?? null;
}
