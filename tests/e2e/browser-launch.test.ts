import { describe, expect, it } from 'vitest';
import { setupE2E } from './helpers/suite';

const e2e = setupE2E();

/** The browser the tests drive is launched as tests/e2e/helpers/chromium.ts says (IDLE_FEATURES). */
describe('the test browser', () => {
  it("renders no omnibox popup ahead of use, and keeps playwright-core's own list of switched-off features", async () => {
    const { page } = await e2e.openPage('phone');
    await page.goto('chrome://version');
    const commandLine = await page.locator('#command_line').innerText();
    const lists = commandLine.split(/\s+/).filter((arg) => arg.startsWith('--disable-features='));
    // One switch: Chromium keeps the last one only.
    expect(lists).toHaveLength(1);
    const features = (lists[0] ?? '').slice('--disable-features='.length).split(',');
    expect(features).toEqual(
      expect.arrayContaining(['PaintHolding', 'WebUIOmniboxPopup', 'PreloadTopChromeWebUI']),
    );

    const browserSession = await e2e.browser().newBrowserCDPSession();
    const { targetInfos } = (await browserSession.send('Target.getTargets')) as {
      targetInfos: { type: string; url: string }[];
    };
    expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual(
      [],
    );
  });
});
