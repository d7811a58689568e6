import { ActionIcon, Alert, Anchor, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatElectionTime } from './election-dates';

/** The receipt a voter keeps: it proves the vote was recorded, never what it was. */
export function ReceiptId({ receiptId }: { receiptId: string }) {
  const { t } = useTranslation('elections');
  return (
    <Group gap={4} wrap="nowrap" align="center">
      <Code fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="receipt-id">
        {receiptId}
      </Code>
      <CopyButton value={receiptId} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('receipt.copied') : t('receipt.copy')} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size={44}
              onClick={copy}
              aria-label={copied ? t('receipt.idCopied') : t('receipt.copy')}
            >
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

export function verifyPath(receiptId: string): string {
  return `/verify?receipt=${encodeURIComponent(receiptId)}`;
}

/**
 * docs/product.md#vote-page: a voted election shows the thank-you text instead of the vote card, with the receipt.
 */
export function VoteReceipt({ receiptId, votedAt }: { receiptId: string; votedAt?: Date }) {
  const { t } = useTranslation('elections');
  return (
    <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title={t('receipt.title')} role="status">
      <Text>{t('receipt.thankYou')}</Text>
      {votedAt && (
        <Text size="sm" mt="xs">
          {t('receipt.recordedAt', { time: formatElectionTime(votedAt) })}
        </Text>
      )}
      <Text size="sm" fw={600} mt="sm">
        {t('receipt.yourId')}
      </Text>
      <ReceiptId receiptId={receiptId} />
      <Text size="sm" mt="xs">
        {t('receipt.keepIt')}{' '}
        <Anchor component={Link} to={verifyPath(receiptId)} fw={600}>
          {t('receipt.verifyLink')}
        </Anchor>
      </Text>
    </Alert>
  );
}
