import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconFingerprint, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { receiptInRecord } from '../../lib/election-record';
import { electionRecordUrl } from './ElectionRecordNotice';

/** The record is not public (yet): not closed, or its results not shown. */
class RecordNotPublished extends Error {}

/**
 * Downloads the election's record (the same file for everyone) and checks the receipt against it in the browser:
 * the server is never told which receipt the record was checked for.
 */
async function checkReceiptInRecord(electionId: string, receiptId: string) {
  const answer = await fetch(electionRecordUrl(electionId), { headers: { accept: 'application/json' } });
  if (answer.status === 404) throw new RecordNotPublished();
  if (!answer.ok) throw new Error(`election record: HTTP ${answer.status}`);
  const record = (await answer.json()) as { entries: string[]; root: string };
  return receiptInRecord(record, receiptId);
}

export function ReceiptInRecord({ electionId, receiptId }: { electionId: string; receiptId: string }) {
  const { t } = useTranslation('elections');
  const check = useQuery({
    queryKey: ['electionRecordCheck', electionId, receiptId],
    queryFn: () => checkReceiptInRecord(electionId, receiptId),
    retry: (failures, error) => !(error instanceof RecordNotPublished) && failures < 2,
    staleTime: 5 * 60_000,
  });
  if (check.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('record.checking')}</Text>
      </Group>
    );
  }
  if (check.isError) {
    const notYet = check.error instanceof RecordNotPublished;
    return (
      <Alert color={notYet ? 'blue' : 'red'} icon={<IconInfoCircle aria-hidden />} title={t('record.title')}>
        <Text size="sm">{notYet ? t('record.notYet') : t('record.failed')}</Text>
      </Alert>
    );
  }
  const result = check.data;
  const good = result.kind === 'included';
  return (
    <Alert
      color={good ? 'teal' : 'red'}
      icon={good ? <IconFingerprint aria-hidden /> : <IconAlertCircle aria-hidden />}
      title={t('record.title')}
      role={good ? 'status' : 'alert'}
      data-testid="receipt-in-record"
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {result.kind === 'rootMismatch'
          ? t('record.rootMismatch')
          : t(`record.${result.kind}`, { root: result.root })}
      </Text>
    </Alert>
  );
}
