// Before anything that may build a parser; a few lines, so the entry carries it.
import './lib/zod-csp';
import { PAGE_CODE_ID } from '@shared/page-render';
import { nextTask } from './lib/next-task';

/**
 * The browser's start, in two steps. A server-rendered page is readable from its HTML and styles alone; its code
 * (React, the router, the data layer, the page's module: start.tsx) is listed by the server, and this small
 * module downloads and runs it only once the page has painted: neither its downloads nor the start-up's long
 * tasks hold the first paint back. A page without server HTML (the
 * consoles, the account) has nothing to paint, so it does not wait.
 */
function afterFirstPaint(): Promise<void> {
  // A page in a background tab paints nothing, and the shell has nothing to paint: they start at once.
  if (document.visibilityState === 'hidden' || !document.getElementById('root')?.firstChild)
    return Promise.resolve();
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(fallback);
      resolve();
    };
    // Should the browser never report the paint, the code still comes.
    const fallback = setTimeout(done, 1000);
    try {
      // The first contentful paint as the browser reports it (buffered: also when it happened already).
      observer = new PerformanceObserver((entries) => {
        if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing: the task after the next frame has been painted.
      requestAnimationFrame(() => setTimeout(done, 0));
    }
  });
}

/** How many of the page's downloads start in one task (see downloadPageCode). */
const DOWNLOADS_PER_TASK = 5;

/**
 * The page's code, listed by the server in an inert template (server/http/page-assets.ts), downloads from now on,
 * while the steps below evaluate it as it arrives. The links go in a few at a time, a task each: starting two
 * dozen downloads at once is a 50 to 65 ms task at Lighthouse's 4x CPU slowdown, blocking time on its own.
 */
async function downloadPageCode(): Promise<void> {
  const list = document.getElementById(PAGE_CODE_ID);
  if (!(list instanceof HTMLTemplateElement)) return;
  const links = [...list.content.children];
  for (let first = 0; first < links.length; first += DOWNLOADS_PER_TASK) {
    document.head.append(
      ...links.slice(first, first + DOWNLOADS_PER_TASK).map((link) => link.cloneNode(true)),
    );
    await nextTask();
  }
}

/**
 * The start's code is evaluated in a few steps (the libraries, the texts, the data layer, then the site's own
 * code), each in a task of its own, rather than all at once: on a slow phone one long task would block a tap
 * for hundreds of milliseconds (total blocking time). Their files download side by side all the while.
 */
async function start(): Promise<void> {
  await afterFirstPaint();
  // Before the start: the page module's link (data-page) is how the start finds the page (lib/route.ts).
  await downloadPageCode();
  // When the code starts, for the browser tests (tests/e2e/page-start.test.ts).
  performance.mark('codka-start');
  await import('react-dom/client');
  await nextTask();
  await import('./i18n');
  await nextTask();
  await import('./lib/data');
  await nextTask();
  await import('./start');
}

void start();
