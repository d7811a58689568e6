import { Button, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth';
import { DRAWER_LINKS, isActivePath } from './navigation';
import { useSignOut } from './useSignOut';

/** The small-screen navigation (SPEC §2), with its own list of links. */
export function NavDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { pathname } = useLocation();
  const { user, isAdmin } = useAuth();
  const signOut = useSignOut();

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menu"
      position="right"
      size="xs"
      padding="md"
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
    >
      <nav aria-label="Mobile">
        <Stack gap={2}>
          {DRAWER_LINKS.map((link) => (
            <NavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={link.label}
              active={isActivePath(pathname, link.to)}
              onClick={onClose}
              mih={44}
            />
          ))}
          {isAdmin && <NavLink component={Link} to="/admin" label="Admin Panel" onClick={onClose} mih={44} />}
        </Stack>
      </nav>
      <Divider my="md" />
      {user ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed" data-testid="drawer-email">
            {user.email}
          </Text>
          <NavLink
            component={Link}
            to="/account"
            label="Your account"
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
            Sign Out
          </Button>
        </Stack>
      ) : (
        <Button component={Link} to="/auth" onClick={onClose} fullWidth>
          Sign In
        </Button>
      )}
    </Drawer>
  );
}
