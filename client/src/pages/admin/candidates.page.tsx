import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';
import { CandidateManagement } from './dashboard/CandidateManagement';
import { DashboardUnlock } from './dashboard/DashboardUnlock';
import { useDashboardStatus } from './dashboard/dashboard-queries';

/** /admin/candidates: the dashboard's Candidate Management as a page; it needs the dashboard login too. */
export function AdminCandidatesPage() {
  usePageMeta('Candidates');
  const status = useDashboardStatus();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Candidates</Title>
        <Text c="dimmed">
          Every election's candidates. Candidates who have received votes cannot be deleted.
        </Text>
      </div>
      {status.isPending ? (
        <Center py="xl">
          <Loader aria-label="Checking the dashboard login" />
        </Center>
      ) : status.data?.unlocked ? (
        <CandidateManagement />
      ) : (
        <DashboardUnlock />
      )}
    </Stack>
  );
}
