import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StepUpGate } from '../../../components/auth/StepUpGate';
import { ContentText } from '../../../components/content/ContentText';
import { formatDateTime } from '../../../i18n/format';
import { failureReason } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { VoterStatusBadge } from '../VoterStatusBadge';

/** The registrar's own recent entries and where each stands (names and card numbers: behind step-up). */
export function RecentEntries() {
  const { t } = useTranslation('staff');
  return (
    <section aria-labelledby="recent-entries-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="recent-entries-title">
          {t('enroll.recentTitle')}
        </Title>
        <StepUpGate within="section">
          <EntriesTable />
        </StepUpGate>
      </Stack>
    </section>
  );
}

function EntriesTable() {
  const { t } = useTranslation('staff');
  const trpc = useTRPC();
  const mine = useQuery(trpc.registrar.mine.queryOptions());
  if (mine.isError) {
    return (
      <Alert color="red" role="alert">
        {failureReason(mine.error)}
      </Alert>
    );
  }
  if (mine.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (mine.data.length === 0) return <Text c="dimmed">{t('enroll.recentEmpty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" data-testid="recent-entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.card')}</Table.Th>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.center')}</Table.Th>
            <Table.Th>{t('columns.time')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mine.data.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td ff="monospace">{entry.voterCardNumber}</Table.Td>
              <Table.Td>{entry.fullName}</Table.Td>
              <Table.Td>
                {entry.centerName === null ? '—' : <ContentText text={entry.centerNameText} />}
              </Table.Td>
              <Table.Td>{formatDateTime(new Date(entry.createdAt))}</Table.Td>
              <Table.Td>
                <VoterStatusBadge status={entry.status} />
                {entry.statusReason && (
                  <Text size="xs" c="dimmed" mt={2}>
                    {entry.statusReason}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
