import { RENDER_BURST_MS, RENDER_MS_PER_SECOND } from '@server/http/ssr';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app';
import type { RenderAsked } from '../../helpers/ssr';
import { firstHeading, renders, serverRenderingApps, stateBlock } from '../../helpers/ssr';

/**
 * Attack: every new address is a render, and a render of /senators takes 45-100 ms of the one thread that also answers
 * the API. The call ceiling (10,000 calls a minute per address) lets one address ask for 166 new pages a second; at 28
 * a second (`/senators?z=1`, `?z=2`...) /healthz went from 1 ms to 250 ms p50 for everyone. Rendering has a budget of
 * its own (ssr.ts): past it a new page is the busy page, which asks again a moment later renders itself, while pages
 * already rendered are still served from the cache.
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

const get = (test: TestApp, url: string) => test.app.inject({ method: 'GET', url });
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
