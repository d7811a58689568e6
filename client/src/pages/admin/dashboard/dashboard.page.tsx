import { Alert, Button, Center, Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { failureReason, notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { CandidateManagement } from './CandidateManagement';
import { CentersTab } from './CentersTab';
import { DashboardOverview } from './DashboardOverview';
import { DashboardUnlock } from './DashboardUnlock';
import { DistrictsTab } from './DistrictsTab';
import { useDashboardStatus, useRefreshAdmin } from './dashboard-queries';

const TABS = [
  { value: 'states', label: 'dashboard.tabs.states' },
  { value: 'centers', label: 'dashboard.tabs.centers' },
  { value: 'candidates', label: 'dashboard.tabs.candidates' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** /admin: counts, shortcuts and the three management tabs, behind the dashboard's own login. */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  usePageMeta(t('dashboard.title'));
  const status = useDashboardStatus();
  const unlocked = status.data?.unlocked ?? false;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('dashboard.title')}</Title>
        {unlocked && <DashboardLogout />}
      </Group>
      {status.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('general.checkingDashboardLogin')} />
        </Center>
      ) : status.isError ? (
        <Alert color="red" title={t('dashboard.loadFailed')} role="alert">
          {failureReason(status.error)}
          <br />
          <Button mt="sm" variant="default" onClick={() => status.refetch()}>
            {t('dashboard.tryAgain')}
          </Button>
        </Alert>
      ) : unlocked ? (
        <DashboardContent />
      ) : (
        <DashboardUnlock />
      )}
    </Stack>
  );
}

function DashboardLogout() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const refreshAdmin = useRefreshAdmin();
  const lock = useMutation(
    trpc.admin.dashboard.lock.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('dashboard.loggedOut'), t('dashboard.locked'));
        await refreshAdmin();
      },
      onError: (error) => notifyFailure(t('dashboard.logoutFailed'), error),
    }),
  );
  return (
    <Button
      variant="default"
      leftSection={<IconLogout size={18} aria-hidden />}
      loading={lock.isPending}
      onClick={() => lock.mutate()}
    >
      {t('dashboard.logout')}
    </Button>
  );
}

function DashboardContent() {
  const { t } = useTranslation('admin');
  // The open tab lives in the address, so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = TABS.some((item) => item.value === requested) ? (requested as TabValue) : 'states';

  return (
    <>
      <DashboardOverview />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'states' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {TABS.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {t(item.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="states">
          <DistrictsTab />
        </Tabs.Panel>
        <Tabs.Panel value="centers">
          <CentersTab />
        </Tabs.Panel>
        <Tabs.Panel value="candidates">
          <CandidateManagement />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['admin', 'eligibility', 'elections'] });

export default routeComponent(AdminDashboardPage);
