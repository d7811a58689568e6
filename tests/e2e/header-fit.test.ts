import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInThroughApi, waitForSignedIn } from './helpers/auth';
import { visit } from './helpers/browser';
import { DEMO_ADMIN, DEMO_CITIZEN, DEMO_REGISTRAR } from './helpers/demo-accounts';
import { setupE2E } from './helpers/suite';

/**
 * The header fits every width from 320 to 1920 px, in both languages and for every role: the page never scrolls
 * sideways, every control of the header is inside the window and answers a click where it is drawn, and what does
 * not fit is in the drawer behind the burger (docs/product.md#navigation).
 */

const { openPage } = setupE2E();

const WIDTHS = [320, 360, 768, 1024, 1199, 1280, 1366, 1440, 1600, 1920];

const ROLES = {
  visitor: null,
  citizen: DEMO_CITIZEN,
  registrar: DEMO_REGISTRAR,
  admin: DEMO_ADMIN,
} as const;
type Role = keyof typeof ROLES;

const TEXTS = {
  en: { signIn: 'Sign In', signOut: 'Sign Out', menu: 'Open navigation', links: 'Main' },
  so: { signIn: 'Gal', signOut: 'Ka Bax', menu: 'Fur hagaha', links: 'Hagaha ugu weyn' },
} as const;
type Language = keyof typeof TEXTS;

interface Measure {
  scrollWidth: number;
  innerWidth: number;
  /** Visible header controls that stick out of the window or that another element covers. */
  unusable: string[];
  /** Names of the header's visible controls. */
  visible: string[];
}

/** Measures the header as drawn now (after the next frame, so a resize has been laid out and observed). */
function measure(page: Page): Promise<Measure> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const header = document.querySelector('header');
    if (!header) throw new Error('no header');
    const unusable: string[] = [];
    const visible: string[] = [];
    for (const control of Array.from(header.querySelectorAll<HTMLElement>('a[href], button'))) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === 'hidden') continue;
      // The skip link waits above the page until focused.
      if (box.bottom <= 0) continue;
      const name = control.getAttribute('aria-label') || (control.textContent ?? '').trim();
      visible.push(name);
      const inside = box.left >= 0 && box.right <= window.innerWidth && box.top >= 0;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const clickable = hit !== null && (hit === control || control.contains(hit));
      if (!inside || !clickable) {
        unusable.push(
          `${name} [${Math.round(box.left)}..${Math.round(box.right)}]${clickable ? '' : ' covered'}`,
        );
      }
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      unusable,
      visible,
    };
  });
}

async function openAs(role: Role, language: Language) {
  const { page } = await openPage('desktop', { language });
  const account = ROLES[role];
  if (account) await signInThroughApi(page, account);
  await visit(page, '/about');
  const banner = page.getByRole('banner');
  if (account) await waitForSignedIn(page, TEXTS[language].signOut);
  // Hidden where the row collapses (the drawer has it): looked for in the page, not on screen.
  else
    await banner
      .getByRole('link', { name: TEXTS[language].signIn, exact: true, includeHidden: true })
      .waitFor({ state: 'attached' });
  return page;
}

describe('the header at every width', () => {
  for (const language of ['en', 'so'] as const) {
    for (const role of Object.keys(ROLES) as Role[]) {
      it(`${language}, ${role}: no sideways scroll, every control on screen and clickable`, async () => {
        const page = await openAs(role, language);
        const texts = TEXTS[language];
        const wide: number[] = [];
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          const seen = await measure(page);
          const at = `${language} ${role} at ${width} px`;
          expect(seen.scrollWidth, `page width, ${at}`).toBeLessThanOrEqual(seen.innerWidth);
          expect(seen.unusable, `controls off screen or covered, ${at}`).toEqual([]);
          // Either the wide row with its seven links and the reader's controls, or the burger and its drawer.
          const links = page.getByRole('navigation', { name: texts.links, exact: true }).getByRole('link');
          const linksShown = (await links.count()) === 7 && (await links.last().isVisible());
          const burgerShown = seen.visible.includes(texts.menu);
          expect(linksShown !== burgerShown, `links or burger (not both), ${at}`).toBe(true);
          if (linksShown) {
            wide.push(width);
            expect(seen.visible, at).toContain(ROLES[role] ? texts.signOut : texts.signIn);
          }
        }
        // The wide row is used wherever it fits: everywhere at 1920 px, and from 1280 px for an English visitor.
        expect(wide, `${language} ${role}: widths with the links in the row`).toContain(1920);
        if (language === 'en' && role === 'visitor') expect(wide).toContain(1280);
      });
    }
  }

  it("collapses at 360 and 1280 px into a drawer that holds the signed-in reader's controls", async () => {
    const page = await openAs('admin', 'so');
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByRole('banner').getByRole('button', { name: 'Fur hagaha' }).click();
      const drawer = page.getByRole('dialog', { name: 'Liiska' });
      await drawer.waitFor();
      for (const name of ['Guddiga Maamulka', 'Xarunta shaqaalaha', 'Akoonkaaga']) {
        expect(await drawer.getByRole('link', { name }).isVisible(), `${name} at ${width} px`).toBe(true);
      }
      expect(await drawer.getByRole('button', { name: 'Ka Bax' }).isVisible()).toBe(true);
      await drawer.getByRole('button', { name: 'Xir hagaha' }).click();
      await drawer.waitFor({ state: 'hidden' });
    }
  });
});
