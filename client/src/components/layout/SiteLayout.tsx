import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Slice } from '../../lib/slice';
import { allStyles } from '../../styles/mantine-styles';
import { PageLoader } from '../PageLoader';
import { ScrollToHash } from './ScrollToHash';
import { SiteHeader } from './SiteHeader';
import classes from './SiteLayout.module.css';
// The footer's styles come with the frame's (linked in the page's head), not with its code: the server renders
// the footer, and it must not paint unstyled while its code downloads.
import './SiteFooter.module.css';

// The drawer (and Mantine's modal machinery under it) downloads when a reader first opens it, not on every
// first visit, with the Mantine styles the landing page does not load (its switch, for one).
const NavDrawer = lazy(() =>
  Promise.all([import('./NavDrawer'), allStyles()]).then(([module]) => ({
    default: module.NavDrawer,
  })),
);

// The footer starts below the fold (SiteLayout.module.css): its code downloads alongside the first render, not
// before it.
const SiteFooter = lazy(() => import('./SiteFooter').then((module) => ({ default: module.SiteFooter })));

/** The shell on every public page: skip link, header with navigation, drawer on small screens, footer. */
export function SiteLayout() {
  const { t } = useTranslation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpened && !drawerUsed) setDrawerUsed(true);
  // Focus goes back to what opened the drawer when it closes (WCAG 2.4.3). Mantine does this itself, except on
  // the first open, when the drawer's code arrives already open and has no "before" to return to.
  const opener = useRef<HTMLElement | null>(null);
  const toggleDrawer = () => {
    if (!drawerOpened && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
    drawer.toggle();
  };
  const closeDrawer = () => {
    drawer.close();
    const target = opener.current;
    window.setTimeout(() => {
      const active = document.activeElement;
      const lost = !active || active === document.body || active.closest('[role="dialog"]') !== null;
      if (target?.isConnected && lost) target.focus();
    });
  };
  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        {t('site.skipToContent')}
      </a>
      <header className={classes.header}>
        {/* The page's parts hydrate in slices of their own (lib/slice.tsx), the header's first. */}
        <Slice>
          <SiteHeader drawerOpened={drawerOpened} onToggleDrawer={toggleDrawer} />
        </Slice>
      </header>
      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpened} onClose={closeDrawer} />
        </Suspense>
      )}
      <main id="main-content" tabIndex={-1} className={classes.content}>
        {/* A page whose texts are still downloading (after a language switch) shows the loader, not a blank. */}
        <Slice fallback={<PageLoader />}>
          <Outlet />
        </Slice>
      </main>
      <Slice>
        <SiteFooter />
      </Slice>
      <ScrollRestoration />
      <ScrollToHash />
    </div>
  );
}
