import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RouterOutputs } from '@server/routers/_app';
import { INVITATION_ROLES, type InvitationRole, type InvitationStatus } from '@shared/invitations';
import { createInvitationInput } from '@shared/schemas/invitations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../components/ResponsiveModal';
import { formatDateTime } from '../../../i18n/format';
import { isLanguage } from '../../../i18n/language';
import { failureReason, notifyFailure, notifySuccess } from '../../../lib/notify';
import { formatPhoneNumber } from '../../../lib/phone';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import { RegistrarCentersField } from './RegistrarCentersField';
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

/**
 * The users page's Invitations: invite a Registrar or an Enrollment Supervisor by e-mail or phone (a second
 * System Admin confirms it on the Approvals page before anything is sent), the invitations waiting for that,
 * and every invitation with its state, with "send again" and "revoke" while it is pending.
 */
export function InvitationsSection() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.admin.invitations.list.queryOptions());
  const [inviting, setInviting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.invitations.list.queryKey() });
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
    <Stack gap="sm" component="section" aria-labelledby="invitations-title">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} id="invitations-title">
          {t('invitations.title')}
        </Title>
        <Button onClick={() => setInviting(true)} h={44}>
          {t('invitations.invite')}
        </Button>
      </Group>
      <Text c="dimmed">{t('invitations.intro')}</Text>

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
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label={t('invitations.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invitations.contact')}</Table.Th>
                <Table.Th>{t('users.name')}</Table.Th>
                <Table.Th>{t('users.role')}</Table.Th>
                <Table.Th>{t('general.status')}</Table.Th>
                <Table.Th>{t('invitations.admins')}</Table.Th>
                <Table.Th>{t('invitations.expires')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('general.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {inviting && <InviteModal onClose={() => setInviting(false)} onSent={refresh} />}
    </Stack>
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
      <Table.Td>
        {row.status === 'pending' && (
          <Group gap={4} justify="flex-end" wrap="nowrap">
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
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

type Way = 'email' | 'phone';

function InviteModal({ onClose, onSent }: { onClose(): void; onSent(): Promise<unknown> }) {
  const { t, i18n } = useTranslation('admin');
  const trpc = useTRPC();
  const [way, setWay] = useState<Way>('email');
  const [centerIds, setCenterIds] = useState<string[]>([]);
  const form = useForm({
    initialValues: {
      contact: '',
      fullName: '',
      role: 'Registrar' as InvitationRole,
      language: isLanguage(i18n.language) ? i18n.language : 'en',
    },
    validate: (values) => {
      const errors = zodValidate<unknown>(createInvitationInput)(inputOf(values));
      // The contact is one field on the form, whichever way is chosen.
      const contactError = errors.email ?? errors.phone;
      return contactError ? { ...errors, contact: contactError } : errors;
    },
  });
  const inputOf = (values: typeof form.values) => ({
    ...(way === 'email' ? { email: values.contact } : { phone: values.contact }),
    fullName: values.fullName,
    role: values.role,
    centerIds: values.role === 'Registrar' ? centerIds : [],
    language: values.language,
  });
  const create = useMutation(
    trpc.admin.invitations.create.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('general.success'), t('invitations.requested'));
        await onSent();
        onClose();
      },
    }),
  );
  const busy = create.isPending;
  return (
    <ResponsiveModal opened onClose={onClose} title={t('invitations.invite')}>
      <form
        onSubmit={form.onSubmit((values) => create.mutate(inputOf(values)))}
        noValidate
        aria-label={t('invitations.invite')}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('invitations.twoAdmins')}
          </Text>
          {create.isError && (
            <Text role="alert" c="red" fw={500}>
              {failureReason(create.error)}
            </Text>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="invite-way">
              {t('invitations.way')}
            </Text>
            <SegmentedControl
              aria-labelledby="invite-way"
              value={way}
              onChange={(value) => setWay(value === 'phone' ? 'phone' : 'email')}
              data={[
                { value: 'email', label: t('invitations.byEmail') },
                { value: 'phone', label: t('invitations.byPhone') },
              ]}
              disabled={busy}
            />
          </Stack>
          <TextInput
            label={way === 'email' ? t('invitations.email') : t('invitations.phone')}
            type={way === 'email' ? 'email' : 'tel'}
            autoComplete="off"
            required
            disabled={busy}
            {...form.getInputProps('contact')}
          />
          <TextInput label={t('users.name')} required disabled={busy} {...form.getInputProps('fullName')} />
          <Select
            label={t('users.role')}
            data={INVITATION_ROLES.map((role) => ({ value: role, label: t(ROLE_LABELS[role]) }))}
            allowDeselect={false}
            required
            disabled={busy}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('role')}
          />
          {form.values.role === 'Registrar' && (
            <RegistrarCentersField value={centerIds} onChange={setCenterIds} disabled={busy} />
          )}
          <Select
            label={t('invitations.language')}
            description={t('invitations.languageHint')}
            data={[
              { value: 'so', label: t('invitations.languages.so') },
              { value: 'en', label: t('invitations.languages.en') },
            ]}
            allowDeselect={false}
            required
            disabled={busy}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('language')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy} h={44}>
              {t('invitations.cancel')}
            </Button>
            <Button type="submit" loading={busy} h={44}>
              {t('invitations.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
