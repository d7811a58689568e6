import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './server';

/** axe-core's browser build (node_modules/axe-core/axe.min.js), read once and injected into each page. */
let axeSource: string | undefined;
const source = () => {
  axeSource ??= readFileSync(join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  return axeSource;
};

/** WCAG 2.0 and 2.1, levels A and AA: what the site promises. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The WCAG A/AA rules whose outcome depends on colours: text contrast (1.4.3) and links told apart from the
 * text around them by colour alone (1.4.1). A colour scheme changes colours only (the same elements, names and
 * layout), so on a page already checked with every rule in one scheme these are the ones the other can fail.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

interface AxeResult {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core on the page once its animations have ended and returns its serious and critical WCAG A/AA violations, one
 * line per element: "rule (impact): help [target] why", so a failing test says what to fix and where.
 * Minor and moderate findings are left to review: only serious and critical ones fail the gate.
 */
export async function axeViolations(page: Page, options: { rules?: string[] } = {}): Promise<string[]> {
  // Axe reads colours as they are at this moment: an element still fading in (a toast, a menu) reads as low
  // contrast. Finite animations and transitions end first; endless ones (a loader's spin) are left running.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
  const injected = await page.evaluate(() => 'axe' in window);
  // Evaluated rather than added as a <script>: the site's CSP (script-src 'self') rightly refuses inline
  // scripts, and evaluation through the DevTools protocol is not subject to it.
  if (!injected) await page.evaluate(source());
  // `rules`: only these rules (each also tagged WCAG A/AA); otherwise every WCAG A/AA rule.
  const runOnly = options.rules
    ? { type: 'rule', values: options.rules }
    : { type: 'tag', values: WCAG_TAGS };
  const results = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } })
      .axe;
    const run = (await axe.run(document, {
      runOnly: only,
      resultTypes: ['violations'],
    })) as { violations: AxeResult[] };
    return run.violations;
  }, runOnly);
  return results
    .filter((rule) => rule.impact === 'serious' || rule.impact === 'critical')
    .flatMap((rule) =>
      rule.nodes.map(
        (node) =>
          `${rule.id} (${rule.impact}): ${rule.help} [${node.target.join(' ')}] ${
            node.failureSummary?.replace(/\s+/g, ' ').slice(0, 300) ?? ''
          }`,
      ),
    );
}

/** How far the page is wider than the window (0 when it does not scroll sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The minimum target size, in CSS pixels (WCAG 2.5.5 Target Size, level AAA, which the site adopts). */
export const MIN_TARGET_PX = 44;

/**
 * Visible interactive elements smaller than 44x44 CSS pixels, as "tag 'name' WxH" lines.
 *
 * What counts as the target:
 * - an input, select or textarea with a <label>: the box around the control and its labels together (a
 *   click on the label works the control), so a checkbox with its label beside it is one target; an input
 *   that is visually hidden (1 px or less, or fully transparent) is measured by its labels alone;
 * - anything else: its own bounding box.
 *
 * What is left out, following WCAG 2.5.5's exceptions:
 * - Inline: a link whose computed display is inline and whose nearest block (p, li, td, dd, figcaption, or a
 *   div of running text) holds other words than the link's own: it sits in a sentence, where a 44 px box
 *   would break the line spacing;
 * - Equivalent: Leaflet's marker icons and popups' close buttons on the registration centers map: every
 *   centre is also in the text list below the map, whose rows meet the size;
 * - User agent / not visible: elements with no box (display: none, closed menus), hidden ones
 *   (visibility: hidden, inside aria-hidden or inert) and the skip link while it is off screen.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const SELECTOR =
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=menuitem], summary';
    const BLOCKS = 'p, li, td, th, dd, dt, figcaption, blockquote, label, div, span[class*="Text"]';
    const union = (rects: DOMRect[]) => {
      const left = Math.min(...rects.map((r) => r.left));
      const top = Math.min(...rects.map((r) => r.top));
      const right = Math.max(...rects.map((r) => r.right));
      const bottom = Math.max(...rects.map((r) => r.bottom));
      return { width: right - left, height: bottom - top };
    };
    const hidden = (element: Element) => {
      if (element.closest('[aria-hidden="true"], [inert]')) return true;
      // Visually hidden text for screen readers (a 1 px clipped box): not a pointer target.
      for (let node = element.parentElement; node; node = node.parentElement) {
        const box = node.getBoundingClientRect();
        if ((box.width <= 1 || box.height <= 1) && getComputedStyle(node).overflow === 'hidden') return true;
      }
      const style = getComputedStyle(element);
      return style.visibility === 'hidden' || style.display === 'none';
    };
    const inRunningText = (element: HTMLElement) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement?.closest(BLOCKS);
      const own = (element.textContent ?? '').trim();
      const around = (block?.textContent ?? '').trim();
      return around.length > own.length;
    };
    const problems: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(SELECTOR))) {
      if (hidden(element)) continue;
      if (element.closest('.leaflet-marker-icon, .leaflet-popup-close-button')) continue;
      let box: { width: number; height: number } = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // The skip link waits above the page until it is focused.
      if (element.getBoundingClientRect().bottom <= 0 && element.getAttribute('href') === '#main-content') {
        continue;
      }
      if (inRunningText(element)) continue;
      const labels =
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
          ? Array.from(element.labels ?? []).filter((label) => label.getBoundingClientRect().width > 0)
          : [];
      if (labels.length > 0) {
        const own = element.getBoundingClientRect();
        const invisible = own.width <= 1 || own.height <= 1 || getComputedStyle(element).opacity === '0';
        const rects = labels.map((label) => label.getBoundingClientRect());
        box = union(invisible ? rects : [own, ...rects]);
      }
      if (box.width + 0.5 >= min && box.height + 0.5 >= min) continue;
      const name =
        element.getAttribute('aria-label') ||
        (element.textContent ?? '').trim().slice(0, 40) ||
        element.getAttribute('name') ||
        '';
      const id = element.id ? `#${element.id}` : '';
      problems.push(
        `${element.tagName.toLowerCase()}${id} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      );
    }
    return problems;
  }, MIN_TARGET_PX);
}
