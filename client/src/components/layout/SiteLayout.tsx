import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageLoader } from '../PageLoader';
import { NavDrawer } from './NavDrawer';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import classes from './SiteLayout.module.css';

/** The shell on every public page: skip link, header with navigation, drawer on small screens, footer. */
export function SiteLayout() {
  const { t } = useTranslation();
  const [drawerOpened, drawer] = useDisclosure(false);
  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        {t('site.skipToContent')}
      </a>
      <header className={classes.header}>
        <SiteHeader drawerOpened={drawerOpened} onToggleDrawer={drawer.toggle} />
      </header>
      <NavDrawer opened={drawerOpened} onClose={drawer.close} />
      <main id="main-content" tabIndex={-1} className={classes.content}>
        {/* A page whose texts are still downloading (after a language switch) shows the loader, not a blank. */}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
