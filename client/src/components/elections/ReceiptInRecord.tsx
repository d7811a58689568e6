import { Alert, Group, Loader, Text } from '@mantine/core';
import type { ElectionRecordSummary } from '@shared/schemas/election-record';
import { IconAlertCircle, IconFingerprint, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { receiptInRecord } from '../../lib/election-record';
import { electionRecordUrl } from './ElectionRecordNotice';

/**
 * Downloads the election's record (the same file for everyone) and checks the receipt against it in the browser:
 * the server is never told which receipt the record was checked for. The file's root must be the one the site
 * published (`publishedRoot`, from the receipt's own answer).
 */
async function checkReceiptInRecord(electionId: string, receiptId: string, publishedRoot: string) {
  const answer = await fetch(electionRecordUrl(electionId), { headers: { accept: 'application/json' } });
  if (!answer.ok) throw new Error(`election record: HTTP ${answer.status}`);
  const record = (await answer.json()) as { entries: string[]; root: string };
  return receiptInRecord(record, receiptId, publishedRoot);
}

/** Whether the receipt is in its election's record; until the record is public, says when it will be. */
export function ReceiptInRecord({
  electionId,
  receiptId,
  record,
}: {
  electionId: string;
  receiptId: string;
  record: ElectionRecordSummary | null;
}) {
  const { t } = useTranslation('elections');
  if (!record) {
    return (
      <Alert color="blue" icon={<IconInfoCircle aria-hidden />} title={t('record.title')}>
        <Text size="sm">{t('record.notYet')}</Text>
      </Alert>
    );
  }
  return <RecordCheck electionId={electionId} receiptId={receiptId} publishedRoot={record.root} />;
}

function RecordCheck({
  electionId,
  receiptId,
  publishedRoot,
}: {
  electionId: string;
  receiptId: string;
  publishedRoot: string;
}) {
  const { t } = useTranslation('elections');
  const check = useQuery({
    queryKey: ['electionRecordCheck', electionId, receiptId, publishedRoot],
    queryFn: () => checkReceiptInRecord(electionId, receiptId, publishedRoot),
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
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('record.title')} role="alert">
        <Text size="sm">{t('record.failed')}</Text>
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
