import { ActionIcon, Alert, Anchor, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatElectionTime } from './election-dates';

export const THANK_YOU = 'Thank you for voting! You have already cast your vote in this election.';

/** The receipt a voter keeps: it proves the vote was recorded, never what it was. */
export function ReceiptId({ receiptId }: { receiptId: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="center">
      <Code fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="receipt-id">
        {receiptId}
      </Code>
      <CopyButton value={receiptId} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy receipt ID'} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size={44}
              onClick={copy}
              aria-label={copied ? 'Receipt ID copied' : 'Copy receipt ID'}
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

/** SPEC §4: a voted election shows the thank-you text instead of the vote card, with the receipt. */
export function VoteReceipt({ receiptId, votedAt }: { receiptId: string; votedAt?: Date }) {
  return (
    <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title="Vote recorded" role="status">
      <Text>{THANK_YOU}</Text>
      {votedAt && (
        <Text size="sm" mt="xs">
          Recorded {formatElectionTime(votedAt)}
        </Text>
      )}
      <Text size="sm" fw={600} mt="sm">
        Your receipt ID
      </Text>
      <ReceiptId receiptId={receiptId} />
      <Text size="sm" mt="xs">
        Keep it to check later that your vote was counted. It does not reveal your choice.{' '}
        <Anchor component={Link} to={verifyPath(receiptId)} fw={600}>
          Verify this receipt
        </Anchor>
      </Text>
    </Alert>
  );
}
