import {
  ActionIcon,
  AppShell,
  Burger,
  Button,
  Group,
  NavLink,
  ScrollArea,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { StepUpDialog } from '../../../components/auth/StepUpDialog';
import { useSignOut } from '../../../components/layout/useSignOut';
import { PageLoader } from '../../../components/PageLoader';
import { useAuth } from '../../../lib/auth';
import { ownContact } from '../../../lib/phone';
import { TwoFactorRequired } from '../../account/TwoFactorRequired';
import { RequireAdmin } from './RequireAdmin';
import { ADMIN_LINKS, isAdminLinkActive } from './sidebar-links';
import { useSidebar } from './sidebar-state';

const SIDEBAR_WIDTH = 250;
const COLLAPSED_WIDTH = 68;

/** The frame of every admin page: header, collapsible sidebar (ctrl/cmd+b), drawer below 768 px. */
export function AdminLayout() {
  // While texts or code the console needs are on their way (a first visit, a language switch), its loader shows.
  return (
    <Suspense fallback={<PageLoader />}>
      <RequireAdmin>
        <AdminFrame />
        {/* Asks for the password when an action needs a recent step-up, then the action is sent again. */}
        <StepUpDialog />
      </RequireAdmin>
    </Suspense>
  );
}

function AdminFrame() {
  const { t } = useTranslation(['admin', 'common']);
  const { pathname } = useLocation();
  const { user } = useAuth();
  const signOut = useSignOut();
  const sidebar = useSidebar();
  const narrow = sidebar.collapsed;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: narrow ? COLLAPSED_WIDTH : SIDEBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !sidebar.mobileOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={sidebar.mobileOpened}
              onClick={sidebar.toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={sidebar.mobileOpened ? t('layout.closeMenu') : t('layout.openMenu')}
            />
            <Tooltip label={narrow ? t('layout.expandSidebarShortcut') : t('layout.collapseSidebarShortcut')}>
              <ActionIcon
                variant="subtle"
                size={40}
                visibleFrom="sm"
                onClick={sidebar.toggleDesktop}
                aria-label={narrow ? t('layout.expandSidebar') : t('layout.collapseSidebar')}
                aria-expanded={!narrow}
                data-testid="sidebar-toggle"
              >
                {narrow ? (
                  <IconLayoutSidebarLeftExpand size={22} />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={22} />
                )}
              </ActionIcon>
            </Tooltip>
            <Text
              fw={800}
              component={Link}
              to="/admin"
              c="inherit"
              td="none"
              display="inline-flex"
              style={{ alignItems: 'center', minHeight: 44 }}
            >
              {t('layout.brand')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="md">
              {user ? ownContact(user) : null}
            </Text>
            <Button component={Link} to="/" variant="subtle" size="compact-md" visibleFrom="xs">
              {t('layout.viewSite')}
            </Button>
            <Button variant="default" size="compact-md" onClick={signOut}>
              {t('common:nav.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        p="xs"
        aria-label={t('layout.navbar')}
        data-collapsed={narrow || undefined}
        data-testid="admin-sidebar"
      >
        <AppShell.Section grow component={ScrollArea}>
          <nav aria-label={t('layout.sections')}>
            {ADMIN_LINKS.map((link) => {
              const Icon = link.icon;
              const label = t(link.label);
              const item = (
                <NavLink
                  key={link.to}
                  component={Link}
                  to={link.to}
                  label={narrow ? undefined : label}
                  aria-label={label}
                  leftSection={<Icon size={20} aria-hidden />}
                  active={isAdminLinkActive(pathname, link)}
                  onClick={sidebar.closeMobile}
                  mih={44}
                />
              );
              return narrow ? (
                <Tooltip key={link.to} label={label} position="right">
                  {item}
                </Tooltip>
              ) : (
                item
              );
            })}
          </nav>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <TwoFactorRequired>
          <Outlet />
        </TwoFactorRequired>
      </AppShell.Main>
    </AppShell>
  );
}
