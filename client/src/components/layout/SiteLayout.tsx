import { useDisclosure } from '@mantine/hooks';
import { Outlet, ScrollRestoration } from 'react-router';
import { NavDrawer } from './NavDrawer';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import classes from './SiteLayout.module.css';

/** The shell on every public page: skip link, header with navigation, drawer on small screens, footer. */
export function SiteLayout() {
  const [drawerOpened, drawer] = useDisclosure(false);
  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <header className={classes.header}>
        <SiteHeader drawerOpened={drawerOpened} onToggleDrawer={drawer.toggle} />
      </header>
      <NavDrawer opened={drawerOpened} onClose={drawer.close} />
      <main id="main-content" tabIndex={-1} className={classes.content}>
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
