import { ActionIcon, Anchor, Burger, Button, Group, Skeleton, Text } from '@mantine/core';
import { IconIdBadge2, IconUserCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth';
import { Slice } from '../../lib/slice';
import { DeferredTooltip as Tooltip } from './DeferredTooltip';
import { LanguageMenu } from './LanguageMenu';
import {
  DESKTOP_LINKS,
  isActivePath,
  isStaffUser,
  ONLINE_VOTING_PATH,
  STAFF_CONSOLE_PATH,
} from './navigation';
import classes from './SiteHeader.module.css';
import { ThemeMenu } from './ThemeMenu';
import { useHeaderFit } from './useHeaderFit';
import { useSignOut } from './useSignOut';

export function SiteHeader({
  drawerOpened,
  onToggleDrawer,
}: {
  drawerOpened: boolean;
  onToggleDrawer(): void;
}) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { loading, user, isAdmin } = useAuth();
  // What the wide row holds besides the links: who is signed in and with which controls.
  const fitRef = useHeaderFit(
    `${i18n.language} ${loading ? 'loading' : (user?.role ?? 'visitor')} ${isAdmin ? 'admin' : ''}`,
  );

  return (
    <Group
      ref={fitRef}
      h="100%"
      px="md"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      className={classes.row}
    >
      <Anchor
        component={Link}
        to="/"
        className={classes.brand}
        underline="never"
        aria-label={t('site.homeLabel')}
      >
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <Text span fw={800} fz="xl">
          Codka
        </Text>
      </Anchor>

      <nav aria-label={t('nav.mainNav')} className={classes.desktopNav}>
        {/* The wide screen's links and buttons hydrate in a slice of their own, after the phone's controls
            (lib/slice.tsx). */}
        <Slice>
          {DESKTOP_LINKS.map((link) => (
            <Anchor
              key={link.to}
              component={Link}
              to={link.to}
              className={classes.link}
              data-active={isActivePath(pathname, link.to) || undefined}
              aria-current={isActivePath(pathname, link.to) ? 'page' : undefined}
            >
              {t(link.label)}
            </Anchor>
          ))}
        </Slice>
      </nav>

      <Group gap="xs" wrap="nowrap">
        <Button
          component={Link}
          to={ONLINE_VOTING_PATH}
          color="green"
          h={44}
          className={classes.votingButton}
        >
          {t('nav.onlineVoting')}
        </Button>
        <Group gap="xs" wrap="nowrap" className={classes.desktopOnly}>
          <Slice>
            {loading ? (
              <Skeleton h={36} w={80} />
            ) : user ? (
              <>
                {isAdmin && (
                  <Button component={Link} to="/admin" variant="light">
                    {t('nav.admin')}
                  </Button>
                )}
                {/* An icon like the account's: a signed-in bar already fills 1280 px, the drawer names it in words. */}
                {isStaffUser(user) && (
                  <Tooltip label={t('nav.staffConsole')}>
                    <ActionIcon
                      component={Link}
                      to={STAFF_CONSOLE_PATH}
                      variant="light"
                      size={36}
                      aria-label={t('nav.staffConsole')}
                    >
                      <IconIdBadge2 size={20} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
                <Tooltip label={t('nav.yourAccount')}>
                  <ActionIcon
                    component={Link}
                    to="/account"
                    variant="default"
                    size={36}
                    aria-label={t('nav.yourAccount')}
                  >
                    <IconUserCircle size={20} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <SignOutButton>{t('nav.signOut')}</SignOutButton>
              </>
            ) : (
              <Button component={Link} to="/auth" variant="default">
                {t('nav.signIn')}
              </Button>
            )}
          </Slice>
        </Group>
        <div className={classes.desktopOnly}>
          <LanguageMenu />
        </div>
        <ThemeMenu className={classes.themeButton} />
        <Burger
          opened={drawerOpened}
          onClick={onToggleDrawer}
          className={classes.burger}
          aria-label={drawerOpened ? t('nav.closeNavigation') : t('nav.openNavigation')}
          size="md"
        />
      </Group>
    </Group>
  );
}

/**
 * The wide row's Sign out. Its navigation home (useNavigate) reads the route's context, which React Router renews
 * on every change of its state: here it renders this button again, not the whole header.
 */
function SignOutButton({ children }: { children: ReactNode }) {
  const signOut = useSignOut();
  return (
    <Button variant="default" onClick={signOut}>
      {children}
    </Button>
  );
}
