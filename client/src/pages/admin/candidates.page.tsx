import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { CandidateManagement } from './dashboard/CandidateManagement';
import { DashboardUnlock } from './dashboard/DashboardUnlock';
import { useDashboardStatus } from './dashboard/dashboard-queries';

/** /admin/candidates: the dashboard's Candidate Management as a page; it needs the dashboard login too. */
export function AdminCandidatesPage() {
  const { t } = useTranslation('admin');
  usePageMeta(t('candidates.title'));
  const status = useDashboardStatus();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('candidates.title')}</Title>
        <Text c="dimmed">{t('candidates.intro')}</Text>
      </div>
      {status.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('general.checkingDashboardLogin')} />
        </Center>
      ) : status.data?.unlocked ? (
        <CandidateManagement />
      ) : (
        <DashboardUnlock />
      )}
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['admin', 'elections'] });

export default routeComponent(AdminCandidatesPage);
