import { Skeleton, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegionName } from '../../../components/elections/EligibilityNotice';
import { formatNumber } from '../../../i18n/format';
import { notifyFailure } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

const STATUSES = ['enrolled', 'pending', 'suspended'] as const;

/** Voters per region by status: the roll's counts, never a voter. */
export function RollSummary() {
  const { t } = useTranslation('admin');
  const regionName = useRegionName();
  const trpc = useTRPC();
  const summary = useQuery(trpc.admin.voterRoll.summary.queryOptions());
  useEffect(() => {
    if (summary.error) notifyFailure(t('voterRoll.loadFailed'), summary.error);
  }, [summary.error, t]);
  return (
    <Stack component="section" aria-labelledby="voter-roll-summary" gap="sm">
      <Title order={2} size="h3" id="voter-roll-summary">
        {t('voterRoll.summaryTitle')}
      </Title>
      {summary.data ? (
        <Table.ScrollContainer minWidth={420}>
          <Table striped aria-label={t('voterRoll.summaryTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('voterRoll.region')}</Table.Th>
                {STATUSES.map((status) => (
                  <Table.Th key={status} ta="right">
                    {t(`voterRoll.${status}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.data.regions.map((row) => (
                <Table.Tr key={row.region}>
                  <Table.Td>{regionName(row.region)}</Table.Td>
                  {STATUSES.map((status) => (
                    <Table.Td key={status} ta="right">
                      {formatNumber(row[status])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t('voterRoll.total')}</Table.Th>
                {STATUSES.map((status) => (
                  <Table.Th key={status} ta="right" data-testid={`roll-total-${status}`}>
                    {formatNumber(summary.data.totals[status])}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Skeleton h={240} />
      )}
    </Stack>
  );
}
