import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Opens a link such as /voting#elections at its section. The router scrolls to a hash when the location
 * changes, but on a first visit the page's code (and its texts) arrive after that, so the section does
 * not exist yet: this waits for it to appear, for a few seconds at most.
 */
export function ScrollToHash() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key makes a second click on the same #link scroll again
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const scroll = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView();
      return target !== null;
    };
    if (scroll()) return;
    const observer = new MutationObserver(() => {
      if (scroll()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const stop = window.setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [hash, key]);
  return null;
}
