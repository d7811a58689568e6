import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { useTranslation } from 'react-i18next';
import { useContentText } from '../../../components/content/ContentText';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { formatPhoneNumber } from '../../../lib/phone';
import { ROLE_LABELS } from '../users/RoleBadge';

export type PendingApproval = RouterOutputs['admin']['approvals']['pending'][number];

function Summary({ approval }: { approval: PendingApproval }) {
  const { t } = useTranslation('admin');
  const contentText = useContentText();
  if (approval.kind === 'rollImport') {
    const { rows, bytes, sha256 } = approval.summary;
    return (
      <Stack gap={2}>
        <Text>{t('approvals.rollImport.summary', { rows: formatNumber(rows), count: rows })}</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('approvals.rollImport.file', {
            size: formatNumber(Math.max(1, Math.round(bytes / 1024))),
            digest: sha256.slice(0, 16),
          })}
        </Text>
      </Stack>
    );
  }
  if (approval.kind === 'electionOpen' || approval.kind === 'electionResults') {
    const election = approval.summary;
    const results = election.resultsVisible
      ? 'approvals.results.visible'
      : election.hideResultsUntilClose
        ? 'approvals.results.atClose'
        : 'approvals.results.hidden';
    return (
      <Stack gap={2}>
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t(`approvals.${approval.kind}.summary`, {
            title: election.titleText ? contentText(election.titleText) : election.title,
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('approvals.electionWindow', {
            from: t(`electionStatus.${election.fromStatus}`),
            to: t(`electionStatus.${election.toStatus}`),
            start: formatDateTime(new Date(election.startTime)),
            end: formatDateTime(new Date(election.endTime)),
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t(results)}
        </Text>
        {approval.kind === 'electionOpen' && election.counting && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t(`approvals.counting.${election.counting}`, {
              number: formatNumber(election.trustees?.length ?? 0),
              names: (election.trustees ?? []).join(', '),
            })}
          </Text>
        )}
        {approval.kind === 'electionOpen' && election.outsideCredentials !== undefined && (
          <Text size="sm" c="dimmed">
            {t('approvals.counting.outsideCredentials', {
              number: formatNumber(election.outsideCredentials),
            })}
          </Text>
        )}
        {approval.kind === 'electionOpen' && approval.credentials && (
          <Text size="sm" fw={approval.credentials.status === 'ready' ? undefined : 500}>
            {t(`approvals.electionOpen.credentials.${approval.credentials.status}`, {
              checked: formatNumber(approval.credentials.checked),
              total: formatNumber(approval.credentials.total),
            })}
          </Text>
        )}
      </Stack>
    );
  }
  if (approval.kind === 'pollPublish') {
    const poll = approval.summary;
    return (
      <Stack gap={2}>
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t('approvals.pollPublish.summary', {
            title: poll.titleText ? contentText(poll.titleText) : poll.title,
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('approvals.pollPublish.window', {
            start: formatDateTime(new Date(poll.opensAt)),
            end: formatDateTime(new Date(poll.closesAt)),
          })}
        </Text>
      </Stack>
    );
  }
  if (approval.kind === 'staffInvitation') {
    const invitation = approval.summary;
    return (
      <Stack gap={2}>
        <Text>
          {t('approvals.staffInvitation.summary', {
            name: invitation.fullName,
            role: t(ROLE_LABELS[invitation.role]),
          })}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t(
            invitation.email !== null
              ? 'approvals.staffInvitation.byEmail'
              : 'approvals.staffInvitation.bySms',
            {
              to: invitation.email ?? formatPhoneNumber(invitation.phone ?? ''),
              language: t(`invitations.languages.${invitation.language}`),
            },
          )}
        </Text>
        {invitation.role === 'Registrar' && (
          <Text size="sm" c="dimmed">
            {t('users.centerCount', { count: invitation.centerCount })}
          </Text>
        )}
      </Stack>
    );
  }
  const { fullName, email, fromRole, toRole } = approval.summary;
  return (
    <Stack gap={2}>
      <Text>
        {t('approvals.staffRole.summary', {
          name: fullName,
          role: t(ROLE_LABELS[toRole]),
        })}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {email} ·{' '}
        {t('approvals.staffRole.now', { role: fromRole ? t(ROLE_LABELS[fromRole]) : t('roles.citizen') })}
      </Text>
    </Stack>
  );
}

interface ApprovalCardProps {
  approval: PendingApproval;
  busy: 'confirm' | 'cancel' | null;
  onConfirm(): void;
  onCancel(): void;
}

/** One waiting request: what it would do, who asked and when, and Confirm (never one's own) and Cancel. */
export function ApprovalCard({ approval, busy, onConfirm, onCancel }: ApprovalCardProps) {
  const { t } = useTranslation('admin');
  const titleId = `approval-${approval.id}`;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={titleId}>
            {t(`approvals.${approval.kind}.title`)}
          </Title>
          <Badge color="yellow" variant="light">
            {t('approvals.waiting')}
          </Badge>
        </Group>
        <Summary approval={approval} />
        <Text size="sm" c="dimmed">
          {t('approvals.requested', {
            name: approval.requestedBy.fullName ?? t('approvals.formerAccount'),
            time: formatDateTime(approval.requestedAt),
          })}
        </Text>
        {approval.ownRequest && (
          <Text size="sm" fw={500}>
            {t('approvals.ownRequest')}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          {!approval.ownRequest && (
            <Button
              onClick={onConfirm}
              loading={busy === 'confirm'}
              disabled={busy !== null}
              miw={120}
              h={44}
            >
              {t('approvals.confirm')}
            </Button>
          )}
          <Button
            variant="default"
            onClick={onCancel}
            loading={busy === 'cancel'}
            disabled={busy !== null}
            miw={120}
            h={44}
          >
            {t('approvals.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
