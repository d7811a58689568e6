import { Badge, Button, Group, Paper, Skeleton, Table, Text } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import type { InvitationStatus } from '@shared/invitations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../../components/admin/AdminTable';
import { RowActionsCell } from '../../../components/RowActions';
import { formatDateTime } from '../../../i18n/format';
import { failureReason, notifyFailure, notifySuccess } from '../../../lib/notify';
import { formatPhoneNumber } from '../../../lib/phone';
import { useTRPC } from '../../../lib/trpc';
import { ROLE_LABELS } from './RoleBadge';

type Invitation = RouterOutputs['admin']['invitations']['list']['invitations'][number];

const STATUS_COLORS: Record<InvitationStatus, string> = {
  pending: 'yellow',
  accepted: 'green',
  expired: 'gray',
  revoked: 'red',
};

const contactOf = (row: { email: string | null; phone: string | null }) =>
  row.email ?? formatPhoneNumber(row.phone ?? '');

/** Asks the server for the invitations again, after one is asked for, sent again or revoked. */
export function useRefreshInvitations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.admin.invitations.list.queryKey() });
}

/**
 * The invitations waiting for a second System Admin, then every invitation with its state, with "send again"
 * and "revoke" while it is pending.
 */
export function InvitationList() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.invitations.list.queryOptions());
  const refresh = useRefreshInvitations();
  const resend = useMutation(
    trpc.admin.invitations.resend.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('general.success'), t('invitations.resent'));
        await refresh();
      },
      onError: (error) => notifyFailure(t('invitations.resendFailed'), error),
    }),
  );
  const revoke = useMutation(
    trpc.admin.invitations.revoke.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('general.success'), t('invitations.revoked'));
        await refresh();
      },
      onError: (error) => notifyFailure(t('invitations.revokeFailed'), error),
    }),
  );
  const waiting = list.data?.waiting ?? [];
  const invitations = list.data?.invitations ?? [];

  return (
    <>
      {waiting.map((request) => (
        <Paper key={request.approvalId} withBorder p="sm" radius="md">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {request.fullName} · {t(ROLE_LABELS[request.role])}
            </Text>
            <Badge color="yellow" variant="light">
              {t('invitations.awaitingApproval')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {contactOf(request)} ·{' '}
            {t('invitations.askedBy', {
              name: request.requestedBy ?? t('approvals.formerAccount'),
              time: formatDateTime(request.requestedAt),
            })}
          </Text>
        </Paper>
      ))}

      {list.isPending ? (
        <Skeleton h={120} />
      ) : list.isError ? (
        <Text role="alert" c="red">
          {failureReason(list.error)}
        </Text>
      ) : invitations.length === 0 ? (
        <Text c="dimmed">{t('invitations.empty')}</Text>
      ) : (
        <AdminTable
          label={t('invitations.table')}
          minWidth={760}
          columns={[
            t('invitations.contact'),
            t('users.name'),
            t('users.role'),
            t('general.status'),
            t('invitations.admins'),
            t('invitations.expires'),
          ]}
          withActions
        >
          {invitations.map((row) => (
            <InvitationRow
              key={row.id}
              row={row}
              busy={
                (resend.isPending && resend.variables?.id === row.id) ||
                (revoke.isPending && revoke.variables?.id === row.id)
              }
              onResend={() => resend.mutate({ id: row.id })}
              onRevoke={() => revoke.mutate({ id: row.id })}
            />
          ))}
        </AdminTable>
      )}
    </>
  );
}

function InvitationRow({
  row,
  busy,
  onResend,
  onRevoke,
}: {
  row: Invitation;
  busy: boolean;
  onResend(): void;
  onRevoke(): void;
}) {
  const { t } = useTranslation('admin');
  const contact = contactOf(row);
  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{contact}</Table.Td>
      <Table.Td fw={600}>{row.fullName}</Table.Td>
      <Table.Td>{t(ROLE_LABELS[row.role])}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[row.status]} variant="light">
          {t(`invitations.status.${row.status}`)}
        </Badge>
        {row.status === 'pending' && row.sentAt === null && (
          <Text size="xs" c="red.8" mt={4}>
            {t('invitations.notSent')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {t('invitations.invitedBy', {
            inviter: row.invitedBy ?? t('approvals.formerAccount'),
            confirmer: row.confirmedBy ?? t('approvals.formerAccount'),
          })}
        </Text>
      </Table.Td>
      <Table.Td>{formatDateTime(row.expiresAt)}</Table.Td>
      <RowActionsCell>
        {row.status === 'pending' && (
          <>
            <Button
              size="xs"
              variant="default"
              onClick={onResend}
              disabled={busy}
              aria-label={t('invitations.resendFor', { contact })}
            >
              {t('invitations.resend')}
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={onRevoke}
              disabled={busy}
              aria-label={t('invitations.revokeFor', { contact })}
            >
              {t('invitations.revoke')}
            </Button>
          </>
        )}
      </RowActionsCell>
    </Table.Tr>
  );
}
