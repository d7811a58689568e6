import { Alert, Button, Center, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useOutletContext } from 'react-router';
import { StepUpDialog } from '../../../components/auth/StepUpDialog';
import { PageContainer } from '../../../components/PageContainer';
import { useAuth } from '../../../lib/auth';
import { failureReason } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { TwoFactorRequired } from '../../account/TwoFactorRequired';
import { StaffDenied } from './StaffDenied';
import { isStaffUser, type StaffRoles, sectionsFor } from './staff-sections';

/**
 * /staff: the registration staff's console inside the site's frame. Visitors are asked to sign in, citizens are
 * told no; staff see the sections of their roles. The server refuses every staff procedure on its own.
 */
export function StaffLayout() {
  const { t } = useTranslation('staff');
  const { loading, user } = useAuth();
  if (loading) {
    return (
      <Center py="xl">
        <Loader aria-label={t('layout.checking')} />
      </Center>
    );
  }
  if (!user) {
    return (
      <PageContainer size="sm">
        <Alert color="yellow" title={t('layout.signInTitle')} role="status">
          <Text mb="sm">{t('layout.signInText')}</Text>
          <Button component={Link} to="/auth">
            {t('layout.signIn')}
          </Button>
        </Alert>
      </PageContainer>
    );
  }
  if (!isStaffUser(user)) {
    return (
      <PageContainer size="sm">
        <StaffDenied code="access.staffOnly" />
      </PageContainer>
    );
  }
  return (
    <>
      <PageContainer>
        {/* Where staff must sign in with an authenticator and this account has none, its setup instead. */}
        <TwoFactorRequired>
          <StaffFrame />
        </TwoFactorRequired>
      </PageContainer>
      {/* Asks for the password when an action needs a recent step-up, then the action is sent again. */}
      <StepUpDialog />
    </>
  );
}

function StaffFrame() {
  const { t } = useTranslation('staff');
  const trpc = useTRPC();
  const { pathname } = useLocation();
  const overview = useQuery(trpc.staff.overview.queryOptions());
  const roles = overview.data?.roles;

  return (
    <Stack gap="lg">
      <nav aria-label={t('layout.sections')}>
        <Text size="sm" fw={700} c="dimmed" tt="uppercase" mb={6}>
          {t('layout.brand')}
        </Text>
        {roles ? (
          <Group gap="xs" wrap="wrap">
            {sectionsFor(roles).map((section) => {
              const active = pathname === section.to || pathname.startsWith(`${section.to}/`);
              return (
                <Button
                  key={section.to}
                  component={Link}
                  to={section.to}
                  variant={active ? 'filled' : 'default'}
                  aria-current={active ? 'page' : undefined}
                  h={44}
                >
                  {t(section.label)}
                </Button>
              );
            })}
          </Group>
        ) : (
          <Skeleton h={44} maw={520} />
        )}
      </nav>
      {overview.isError ? (
        <Alert color="red" role="alert">
          {failureReason(overview.error)}
        </Alert>
      ) : roles ? (
        <Outlet context={roles satisfies StaffRoles} />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('layout.checking')} />
        </Center>
      )}
    </Stack>
  );
}

/** The caller's staff roles, for a section page inside the console. */
export function useStaffRoles(): StaffRoles {
  return useOutletContext<StaffRoles>();
}

/** /staff itself: the first section the caller may open. */
export function StaffIndex() {
  const roles = useStaffRoles();
  const first = sectionsFor(roles)[0];
  if (!first) return <StaffDenied code="access.staffOnly" />;
  return <Navigate to={first.to} replace />;
}

/** A section page's content, or the sentence saying who may open it. */
export function RequireSection({ section, children }: { section: keyof StaffRoles; children: ReactNode }) {
  const roles = useStaffRoles();
  if (!roles[section]) {
    return <StaffDenied code={section === 'registrar' ? 'access.registrarOnly' : 'access.supervisorOnly'} />;
  }
  return children;
}
