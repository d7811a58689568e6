import { Button, Divider, Drawer, NavLink, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useDataSaver } from '../../lib/data-saver';
import { ownContact } from '../../lib/phone';
import { LanguageMenu } from './LanguageMenu';
import { DRAWER_LINKS, isActivePath, isStaffUser, STAFF_CONSOLE_PATH } from './navigation';
import { ThemeMenu } from './ThemeMenu';
import { useSignOut } from './useSignOut';

/** The small-screen navigation (docs/product.md#navigation), with its own list of links. */
export function NavDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user, isAdmin } = useAuth();
  const signOut = useSignOut();
  const [dataSaver, setDataSaver] = useDataSaver();

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('nav.menu')}
      position="right"
      size="xs"
      padding="md"
      closeButtonProps={{ 'aria-label': t('nav.closeNavigation') }}
    >
      <nav aria-label={t('nav.mobileNav')}>
        <Stack gap={2}>
          {DRAWER_LINKS.map((link) => (
            <NavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={t(link.label)}
              active={isActivePath(pathname, link.to)}
              onClick={onClose}
              mih={44}
            />
          ))}
          {isAdmin && (
            <NavLink component={Link} to="/admin" label={t('nav.adminPanel')} onClick={onClose} mih={44} />
          )}
          {isStaffUser(user) && (
            <NavLink
              component={Link}
              to={STAFF_CONSOLE_PATH}
              label={t('nav.staffConsole')}
              active={isActivePath(pathname, STAFF_CONSOLE_PATH)}
              onClick={onClose}
              mih={44}
            />
          )}
        </Stack>
      </nav>
      <Divider my="md" />
      <LanguageMenu fullWidth />
      {/* The header's theme button gives way on the narrowest phones: the drawer always has it. */}
      <Stack mt="xs">
        <ThemeMenu inDrawer />
      </Stack>
      <Switch
        mt="md"
        size="md"
        checked={dataSaver}
        onChange={(event) => setDataSaver(event.currentTarget.checked)}
        label={t('dataSaver.label')}
        description={t('dataSaver.description')}
        data-testid="drawer-data-saver"
        styles={{ body: { minHeight: 44, alignItems: 'center' } }}
      />
      <Divider my="md" />
      {user ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed" data-testid="drawer-email">
            {ownContact(user)}
          </Text>
          <NavLink
            component={Link}
            to="/account"
            label={t('nav.yourAccount')}
            active={isActivePath(pathname, '/account')}
            onClick={onClose}
            mih={44}
          />
          <Button
            variant="default"
            onClick={async () => {
              onClose();
              await signOut();
            }}
          >
            {t('nav.signOut')}
          </Button>
        </Stack>
      ) : (
        <Button component={Link} to="/auth" onClick={onClose} fullWidth>
          {t('nav.signIn')}
        </Button>
      )}
    </Drawer>
  );
}
