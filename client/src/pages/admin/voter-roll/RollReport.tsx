import { Alert, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMessageTexts } from '../../../i18n/error-texts';
import { formatNumber } from '../../../i18n/format';
import type { RollUploadAnswer } from './roll-upload';

/**
 * What the server said of a file: a summary sentence (for a file sent to import, that it waits for a second
 * System Admin), then every refused row with its line and reason.
 */
export function RollReport({ report }: { report: RollUploadAnswer }) {
  const { errorCodeText } = useMessageTexts();
  const { t } = useTranslation('admin');
  const fine = report.refusedCount === 0;
  if (report.pendingApproval) {
    return (
      <Stack gap="sm" aria-live="polite">
        <Title order={3} size="h4">
          {t('voterRoll.reportTitle')}
        </Title>
        <Alert color="yellow" role="status">
          {t('voterRoll.waitingApproval', { count: report.accepted })}
        </Alert>
        <Button component={Link} to="/admin/approvals" variant="light" h={44} w="fit-content">
          {t('voterRoll.openApprovals')}
        </Button>
      </Stack>
    );
  }
  const summary = report.dryRun
    ? fine
      ? t('voterRoll.checkedAllFine', { count: report.accepted })
      : t('voterRoll.checkedSome', {
          // Each count with its own plural form ("1 row is fine", "2 rows are fine").
          fine: t('voterRoll.rowsFine', { count: report.accepted, n: formatNumber(report.accepted) }),
          refused: t('voterRoll.rowsRefused', {
            count: report.refusedCount,
            n: formatNumber(report.refusedCount),
          }),
        })
    : fine
      ? t('voterRoll.imported', { count: report.imported })
      : errorCodeText('rollImport.rowsRefused', { count: report.refusedCount });
  return (
    <Stack gap="sm" aria-live="polite">
      <Title order={3} size="h4">
        {t('voterRoll.reportTitle')}
      </Title>
      <Alert color={fine ? 'green' : 'red'} role={fine ? 'status' : 'alert'}>
        {summary}
      </Alert>
      {report.refused.length > 0 && (
        <>
          {report.refused.length < report.refusedCount && (
            <Text size="sm" c="dimmed">
              {t('voterRoll.refusedCapped', {
                shown: formatNumber(report.refused.length),
                count: formatNumber(report.refusedCount),
              })}
            </Text>
          )}
          <Table.ScrollContainer minWidth={480}>
            <Table striped aria-label={t('voterRoll.refusedTable')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('voterRoll.row')}</Table.Th>
                  <Table.Th>{t('voterRoll.card')}</Table.Th>
                  <Table.Th>{t('voterRoll.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.refused.map((row) => (
                  <Table.Tr key={row.row}>
                    <Table.Td>{formatNumber(row.row)}</Table.Td>
                    <Table.Td>{row.voterCardNumber ?? '—'}</Table.Td>
                    {/* Said again from the code, so a reader who switched language reads it in theirs. */}
                    <Table.Td>{errorCodeText(row.reason.code, row.reason.params)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
