import { describe, expect, it } from 'vitest';
import { CHROMIUM_PATH } from './helpers/chromium';
import { setupE2E } from './helpers/suite';

const e2e = setupE2E();

/** The browser the tests drive is the one tests/e2e/helpers/chromium.ts names (decision 027). */
describe('the test browser', () => {
  it("is Debian's Chromium headless shell, with no browser window's pages running beside the tests'", async () => {
    const browserSession = await e2e.browser().newBrowserCDPSession();
    // The whole browser, headless or not, calls itself Chrome here; the shell, HeadlessChrome.
    const { product } = (await browserSession.send('Browser.getVersion')) as { product: string };
    expect(product).toMatch(/^HeadlessChrome\//);
    expect(CHROMIUM_PATH).toBe('/usr/bin/chromium-headless-shell');

    await e2e.openPage('phone');
    const { targetInfos } = (await browserSession.send('Target.getTargets')) as {
      targetInfos: { type: string; url: string }[];
    };
    expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual(
      [],
    );
    expect(targetInfos.filter((target) => target.type === 'page')).not.toHaveLength(0);
  });
});
