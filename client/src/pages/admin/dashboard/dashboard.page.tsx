import { Alert, Button, Center, Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { failureReason, notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { CandidateManagement } from './CandidateManagement';
import { CentersTab } from './CentersTab';
import { DashboardOverview } from './DashboardOverview';
import { DashboardUnlock } from './DashboardUnlock';
import { DistrictsTab } from './DistrictsTab';
import { useDashboardStatus, useRefreshAdmin } from './dashboard-queries';

const TABS = [
  { value: 'states', label: 'Federal Member States' },
  { value: 'centers', label: 'Registration Centers' },
  { value: 'candidates', label: 'Candidate Management' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** /admin: counts, shortcuts and the three management tabs, behind the dashboard's own login. */
export function AdminDashboardPage() {
  usePageMeta('Admin Dashboard');
  const status = useDashboardStatus();
  const unlocked = status.data?.unlocked ?? false;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Admin Dashboard</Title>
        {unlocked && <DashboardLogout />}
      </Group>
      {status.isPending ? (
        <Center py="xl">
          <Loader aria-label="Checking the dashboard login" />
        </Center>
      ) : status.isError ? (
        <Alert color="red" title="The dashboard could not be loaded" role="alert">
          {failureReason(status.error)}
          <br />
          <Button mt="sm" variant="default" onClick={() => status.refetch()}>
            Try again
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
  const trpc = useTRPC();
  const refreshAdmin = useRefreshAdmin();
  const lock = useMutation(
    trpc.admin.dashboard.lock.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Logged Out', 'The admin dashboard is locked.');
        await refreshAdmin();
      },
      onError: (error) => notifyFailure('Logout failed', error),
    }),
  );
  return (
    <Button
      variant="default"
      leftSection={<IconLogout size={18} aria-hidden />}
      loading={lock.isPending}
      onClick={() => lock.mutate()}
    >
      Logout
    </Button>
  );
}

function DashboardContent() {
  // The open tab lives in the address, so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = TABS.some((t) => t.value === requested) ? (requested as TabValue) : 'states';

  return (
    <>
      <DashboardOverview />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'states' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
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
