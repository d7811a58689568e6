import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useAuth } from '../../../lib/auth';

/**
 * The client side of the admin guard: visitors go to /admin/login (remembering where they were going),
 * signed-in non-admins are told no. The server refuses every admin procedure on its own regardless.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['admin', 'common']);
  const { loading, user, isAdmin } = useAuth();
  const location = useLocation();
  if (loading) {
    return (
      <Center h="60vh">
        <Loader aria-label={t('layout.checkingSession')} />
      </Center>
    );
  }
  if (!user) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/admin/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (!isAdmin) {
    return (
      <Center h="70vh" px="md">
        <Stack align="center" maw={420} ta="center" role="alert">
          <Title order={1} fz="h2">
            {t('guard.title')}
          </Title>
          <Text>{t('guard.adminRequired')}</Text>
          <Button component={Link} to="/">
            {t('common:notFound.backHome')}
          </Button>
        </Stack>
      </Center>
    );
  }
  return children;
}

/** Only same-site admin paths are followed after sign-in, so ?next= cannot send anyone elsewhere. */
export function safeAdminPath(next: string | null): string {
  if (next && /^\/admin(\/|$|\?)/.test(next) && !next.startsWith('/admin/login')) return next;
  return '/admin';
}
