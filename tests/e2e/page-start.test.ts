import { describe, expect, it } from 'vitest';
import { waitForPath } from './helpers/auth';
import { visit, waitForHydration } from './helpers/browser';
import { setupE2E } from './helpers/suite';

/**
 * How a server-rendered page starts in the browser (client/src/entry.client.tsx, docs/scaling.md "Pages"): it
 * paints from its HTML and styles before any of its code runs, and hydrating it never takes away what the server
 * sent (a lazy part re-rendered from its fallback would blank until its code came).
 */
const { openPage } = setupE2E();

describe('a server-rendered page in the browser', () => {
  it('paints before its code runs, then hydrates without a blank', async () => {
    const { page } = await openPage('desktop');
    // Every 20 ms from the start: were the sections below the map (a lazy part) ever missing after they showed?
    // Watched until the test reads it (not for a fixed time: on a loaded machine hydration can end later).
    await page.addInitScript(() => {
      const seen = { shown: false, vanished: false };
      Object.assign(window, { codkaSeen: seen });
      setInterval(() => {
        const present = document.getElementById('updates-title') !== null;
        if (present) seen.shown = true;
        else if (seen.shown) seen.vanished = true;
      }, 20);
    });
    await visit(page, '/');
    await page.waitForLoadState('networkidle');
    // Hydrated: the header's session check has answered (a visitor is offered to sign in).
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).first().waitFor();
    // And the lazy part hydrated too (it may come after the session's answer): a blank would be behind us.
    await waitForHydration(page);

    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      start: performance.getEntriesByName('codka-start')[0]?.startTime ?? Number.NaN,
      seen: (window as unknown as { codkaSeen: object }).codkaSeen,
    }));
    // The code ran only once the page had painted from its HTML.
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.start).toBeGreaterThanOrEqual(timing.paint);
    expect(timing.seen).toEqual({ shown: true, vanished: false });
  });

  it('downloads another page’s code only when a link to it is followed', async () => {
    const { page } = await openPage('desktop');
    const hub: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/elections-hub\.page-[\w-]+\.js$/.test(request.url())) hub.push(request.url());
    });
    await visit(page, '/');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    // A visit that only reads downloads no other page's code.
    expect(hub).toEqual([]);

    await page.getByRole('link', { name: 'Start Voting Now' }).click();
    await waitForPath(page, '/elections');
    await page.getByRole('main').getByRole('heading', { name: 'Elections', level: 1 }).waitFor();
    expect(hub.length).toBeGreaterThan(0);
  });
});
