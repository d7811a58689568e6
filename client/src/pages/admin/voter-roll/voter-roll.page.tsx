import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StepUpGate } from '../../../components/auth/StepUpGate';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { RollImportSection } from './RollImportSection';
import { RollSummary } from './RollSummary';

/** /admin/voter-roll: import the commission's roll from CSV, and the roll's counts per region. */
export function AdminVoterRollPage() {
  return (
    <StepUpGate>
      <AdminVoterRollContent />
    </StepUpGate>
  );
}

function AdminVoterRollContent() {
  const { t } = useTranslation('admin');
  usePageMeta(t('voterRoll.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshCounts = () =>
    queryClient.invalidateQueries({ queryKey: trpc.admin.voterRoll.summary.queryKey() });
  return (
    <Stack gap="xl">
      <Title order={1}>{t('voterRoll.title')}</Title>
      <RollImportSection onImported={refreshCounts} />
      <RollSummary />
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['admin', 'eligibility'] });

export default routeComponent(AdminVoterRollPage);
