import { type RefCallback, useCallback, useLayoutEffect, useRef } from 'react';

/** The attribute the header's row carries while its wide layout does not fit (SiteHeader.module.css). */
const OVERFLOWS = 'data-overflows';

/**
 * Keeps the header's wide layout (links and every control in one row) only where it fits. CSS shows it from a
 * width chosen per language for a visitor, the view the server renders; what a signed-in reader adds (Admin, the
 * staff console, the account) and fonts wider than ours are measured here: while the row is wider than the screen,
 * it carries data-overflows and CSS shows the burger and the drawer instead. The width the wide row needed is
 * kept, so it comes back when the window grows that wide. Measured before paint (layout effect, ResizeObserver),
 * so the overflowing row is never seen. `content` names what changes the row's width (language, who is signed in).
 */
export function useHeaderFit(content: string): RefCallback<HTMLElement> {
  const row = useRef<HTMLElement | null>(null);
  const needed = useRef(0);

  const check = useCallback(() => {
    const element = row.current;
    if (!element) return;
    if (element.hasAttribute(OVERFLOWS)) {
      if (element.clientWidth < needed.current) return;
      element.removeAttribute(OVERFLOWS);
    }
    // Reading scrollWidth lays the row out again with the wide layout, before the browser paints.
    if (element.scrollWidth > element.clientWidth) {
      needed.current = element.scrollWidth;
      element.setAttribute(OVERFLOWS, '');
    }
  }, []);

  // New words or controls: the wide row is measured again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `content` is what changes the row's width.
  useLayoutEffect(() => {
    row.current?.removeAttribute(OVERFLOWS);
    check();
  }, [content, check]);

  return useCallback(
    (element: HTMLElement | null) => {
      row.current = element;
      if (!element) return;
      check();
      const observer = new ResizeObserver(check);
      observer.observe(element);
      return () => {
        observer.disconnect();
        row.current = null;
      };
    },
    [check],
  );
}
