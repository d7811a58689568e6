import {
  ADDRESS_WINDOW_SECONDS,
  RENDER_MS_PER_ADDRESS_PER_SECOND,
  SHARE_RENDERS_AT_ONCE,
} from '@server/http/render-shares';
import { RENDER_BURST_MS, RENDER_MS_PER_SECOND, SHARED_BELOW_MS } from '@server/http/ssr';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app';
import type { RenderAsked } from '../../helpers/ssr';
import { firstHeading, renders, serverRenderingApps, stateBlock } from '../../helpers/ssr';

/**
 * Attack: every new address is a render, and a render of /senators takes 45-100 ms of the one thread that also answers
 * the API. The call ceiling (10,000 calls a minute per address) lets one address ask for 166 new pages a second; at 28
 * a second (`/senators?z=1`, `?z=2`...) /healthz went from 1 ms to 250 ms p50 for everyone. Rendering has a budget of
 * its own (ssr.ts): past it a new page is the busy page, which asks again a moment later renders itself, while pages
 * already rendered are still served from the cache. One address has a share of it while others need it: asking for new
 * pages past its share, it gets the busy page while another reader's new pages are still rendered.
 */
const openApp = serverRenderingApps();

const SLOW_RENDER_MS = 120;
const ownBeforeRender = renders.beforeRender;
afterEach(() => {
  renders.beforeRender = ownBeforeRender;
});

/** Every render takes SLOW_RENDER_MS of the thread, as a heavy page on a busy machine does. */
function slowRenders() {
  renders.beforeRender = async (request: RenderAsked) => {
    renders.asked.push(`${request.language} ${request.url}`);
    const until = performance.now() + SLOW_RENDER_MS;
    while (performance.now() < until) {
      // Busy, as a render is: the thread does nothing else meanwhile.
    }
  };
}

/** A page asked for from `remoteAddress`; by default from an address of its own, as many readers' pages are. */
let readers = 0;
const get = (test: TestApp, url: string, remoteAddress?: string) => {
  readers += 1;
  return test.app.inject({
    method: 'GET',
    url,
    remoteAddress: remoteAddress ?? `10.${(readers >> 8) & 255}.${readers & 255}.1`,
  });
};
/** The busy page (503): a new page asked for past the render budget, which reloads itself a moment later. */
const isBusy = (response: { statusCode: number; body: string }) =>
  response.statusCode === 503 && stateBlock(response.body) === null;

describe('the render budget', () => {
  it('answers new addresses with the busy page once rendering has used its share of the thread', async () => {
    const test = await openApp();
    slowRenders();
    const startedAt = performance.now();
    const answers = [];
    for (let index = 0; index < 20; index += 1) {
      const response = await get(test, `/senators?z=${index}`);
      expect([200, 503]).toContain(response.statusCode);
      answers.push(response);
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const rendered = answers.filter((response) => !isBusy(response)).length;
    // The burst and what the budget refilled meanwhile, plus the one render that took it below zero.
    const allowed = Math.ceil((RENDER_BURST_MS + seconds * RENDER_MS_PER_SECOND) / SLOW_RENDER_MS) + 1;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThanOrEqual(allowed);
    expect(answers.filter(isBusy).length).toBe(20 - rendered);
    expect(renders.asked).toHaveLength(rendered);

    // A page already rendered is still served from the cache, out of budget or not.
    const last = answers.findLastIndex((response) => !isBusy(response));
    const cached = await get(test, `/senators?z=${last}`);
    expect(firstHeading(cached.body)).toBe('Somalia Senate');
    expect(renders.asked).toHaveLength(rendered);
  });

  it('renders new pages again once the budget has refilled', async () => {
    const test = await openApp();
    slowRenders();
    let lastRenderMs = 0;
    for (let index = 0; ; index += 1) {
      const askedAt = performance.now();
      if (isBusy(await get(test, `/regions?z=${index}`))) break;
      lastRenderMs = performance.now() - askedAt;
    }
    // Below zero by at most the last render, which took no longer than its answer (more than SLOW_RENDER_MS on a
    // loaded machine): refilled in that long at the budget's rate.
    await new Promise((resolve) => setTimeout(resolve, (lastRenderMs / RENDER_MS_PER_SECOND) * 1000 + 100));
    const again = await get(test, '/regions?after=1');
    expect(isBusy(again)).toBe(false);
  });

  it("keeps one address to its share while another reader's new pages are rendered", async () => {
    const test = await openApp();
    slowRenders();
    const flooder = '192.0.2.1';
    let index = 0;
    const flood = () => get(test, `/senators?z=${index++}`, flooder);
    // Another reader has asked for a page: the reserve is kept for readers like them.
    expect((await get(test, '/senators?reader=first', '198.51.100.99')).statusCode).toBe(200);
    // Its share, then renders while the budget keeps its reserve: about SHARED_BELOW_MS of rendering and the share.
    while (!isBusy(await flood())) {
      expect(index, 'the address was never held to its share').toBeLessThan(30);
    }
    const floodRendered = index - 1;
    const mostRendered =
      Math.ceil(
        (RENDER_BURST_MS - SHARED_BELOW_MS + RENDER_MS_PER_ADDRESS_PER_SECOND * ADDRESS_WINDOW_SECONDS) /
          SLOW_RENDER_MS,
      ) + 2;
    expect(floodRendered).toBeLessThanOrEqual(mostRendered);

    // The reserve is the others': their new pages are rendered, the flooder's are not.
    for (let reader = 0; reader < 3; reader += 1) {
      expect(isBusy(await flood()), 'the flooder rendered past its share').toBe(true);
      const asked = await get(test, `/senators?reader=${reader}`, `198.51.100.${reader + 1}`);
      expect(asked.statusCode).toBe(200);
      expect(firstHeading(asked.body)).toBe('Somalia Senate');
    }
    expect(renders.asked).toHaveLength(1 + floodRendered + 3);
  });

  it('lets an address alone in asking for renders use the whole budget, as if it had no share', async () => {
    const test = await openApp();
    slowRenders();
    const startedAt = performance.now();
    let index = 0;
    while (!isBusy(await get(test, `/senators?z=${index++}`, '192.0.2.4'))) {
      expect(index, 'the budget was never spent').toBeLessThan(40);
    }
    const rendered = index - 1;
    const seconds = (performance.now() - startedAt) / 1000;
    // The burst and what the budget refilled meanwhile, less the one render that took it below zero; past the share
    // and the reserve, which an address among others stops at.
    const share = RENDER_MS_PER_ADDRESS_PER_SECOND * ADDRESS_WINDOW_SECONDS;
    expect(rendered).toBeGreaterThanOrEqual(Math.floor(RENDER_BURST_MS / SLOW_RENDER_MS) - 1);
    expect(rendered * SLOW_RENDER_MS).toBeGreaterThan(RENDER_BURST_MS - SHARED_BELOW_MS + share);
    expect(rendered).toBeLessThanOrEqual(
      Math.ceil((RENDER_BURST_MS + seconds * RENDER_MS_PER_SECOND) / SLOW_RENDER_MS) + 1,
    );
  });

  it('keeps one address to its share when it asks for many new pages at once', async () => {
    const test = await openApp();
    slowRenders();
    const flooder = '192.0.2.2';
    const wave = (round: number) =>
      Promise.all(Array.from({ length: 16 }, (_, i) => get(test, `/regions?z=${round}-${i}`, flooder)));
    expect((await get(test, '/senators?reader=first', '198.51.100.98')).statusCode).toBe(200);
    // From a server that has rendered one page: its own share's renders at once, and what the reserve allows,
    // each counted as a heavy page's.
    const first = (await wave(0)).filter((response) => !isBusy(response)).length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(
      SHARE_RENDERS_AT_ONCE + Math.ceil((RENDER_BURST_MS - SHARED_BELOW_MS) / 100),
    );
    // Past its share, a second wave renders nothing, while other readers' pages are rendered.
    const second = (await wave(1)).filter((response) => !isBusy(response)).length;
    expect(second).toBe(0);
    for (let reader = 0; reader < 2; reader += 1) {
      const asked = await get(test, `/senators?reader=${reader}`, `198.51.100.${reader + 20}`);
      expect(asked.statusCode).toBe(200);
      expect(firstHeading(asked.body)).toBe('Somalia Senate');
    }
  });

  it("takes nothing from the budget for the route manifest: after one address's many, others' pages render", async () => {
    const test = await openApp();
    slowRenders();
    // Twenty manifests from one address: more of the page handler's time than the budget holds.
    const count = Math.ceil((2 * RENDER_BURST_MS) / SLOW_RENDER_MS);
    for (let index = 0; index < count; index += 1) {
      const answer = await get(test, `/__manifest?paths=%2Fsenators&version=v${index}`, '192.0.2.3');
      expect(answer.statusCode).toBeLessThan(500);
    }
    expect(renders.asked).toHaveLength(count);
    // Other readers' new pages are still rendered.
    for (let reader = 0; reader < 3; reader += 1) {
      const asked = await get(test, `/senators?reader=${reader}`, `198.51.100.${reader + 40}`);
      expect(asked.statusCode).toBe(200);
      expect(firstHeading(asked.body)).toBe('Somalia Senate');
    }
  });

  it('is off with RATE_LIMITS=off, like every limit: load tests measure rendering itself', async () => {
    const test = await openApp({ env: { RATE_LIMITS: 'off' } });
    slowRenders();
    const count = Math.ceil(RENDER_BURST_MS / SLOW_RENDER_MS) + 4;
    for (let index = 0; index < count; index += 1) {
      expect(isBusy(await get(test, `/regions?z=${index}`))).toBe(false);
    }
    expect(renders.asked).toHaveLength(count);
  });
});
