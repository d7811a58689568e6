import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { BilingualText } from '@shared/bilingual';
import type { VoterStatus } from '@shared/voter-roll';
import { VOTER_STATUSES } from '@shared/voter-roll';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ContentText } from '../../../components/content/ContentText';
import { formatNumber } from '../../../i18n/format';
import { failureReason } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { RequireSection } from '../layout/StaffLayout';

/** /staff/statistics: entries by status, per registration center and per registrar (no voter's name). */
export function StaffStatisticsPage() {
  return (
    <RequireSection section="supervisor">
      <StatisticsContent />
    </RequireSection>
  );
}

interface Row {
  id: string;
  name: string;
  /** A center's name in both languages; a registrar's name is their own. */
  nameText?: BilingualText;
  counts: Record<VoterStatus, number>;
}

function StatisticsContent() {
  const { t } = useTranslation('staff');
  usePageMeta(t('statistics.title'));
  const trpc = useTRPC();
  const stats = useQuery(trpc.supervisor.stats.queryOptions());

  return (
    <Stack gap="lg">
      <Title order={1}>{t('statistics.title')}</Title>
      {stats.isError && (
        <Alert color="red" role="alert">
          {failureReason(stats.error)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {VOTER_STATUSES.map((status) => (
          <Paper key={status} withBorder p="md" radius="md" mih={88}>
            <Text size="sm" c="dimmed">
              {t(`status.${status}`)}
            </Text>
            <Text fz={28} fw={700} data-testid={`total-${status}`}>
              {stats.data ? formatNumber(stats.data.totals[status]) : '…'}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <CountsTable
        title={t('statistics.perCenter')}
        nameLabel={t('columns.center')}
        rows={stats.data?.centers}
      />
      <CountsTable
        title={t('statistics.perRegistrar')}
        nameLabel={t('columns.registrar')}
        rows={stats.data?.registrars}
      />
    </Stack>
  );
}

function CountsTable({ title, nameLabel, rows }: { title: string; nameLabel: string; rows?: Row[] }) {
  const { t } = useTranslation('staff');
  return (
    <section aria-label={title}>
      <Group mb="xs">
        <Title order={2} fz="h4">
          {title}
        </Title>
      </Group>
      {rows && rows.length === 0 ? (
        <Text c="dimmed">{t('statistics.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{nameLabel}</Table.Th>
                {VOTER_STATUSES.map((status) => (
                  <Table.Th key={status} ta="right">
                    {t(`status.${status}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(rows ?? []).map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.nameText ? <ContentText text={row.nameText} /> : row.name || '—'}</Table.Td>
                  {VOTER_STATUSES.map((status) => (
                    <Table.Td key={status} ta="right">
                      {formatNumber(row.counts[status])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['staff'] });

export default routeComponent(StaffStatisticsPage);
