import { Button, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RouterOutputs } from '@server/routers/_app';
import { STAFF_ROLES, type StaffRole } from '@shared/roles';
import { userUpdateInput } from '@shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../components/ResponsiveModal';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';

export type AdminUser = RouterOutputs['admin']['users']['list']['users'][number];

// Select values are strings; a citizen has no staff role (null) on the server.
const CITIZEN = 'citizen';
const ROLE_LABELS = {
  'System Admin': 'roles.systemAdmin',
  'Enrollment Supervisor': 'roles.enrollmentSupervisor',
  Registrar: 'roles.registrar',
} as const satisfies Record<StaffRole, string>;
const toRole = (value: string): StaffRole | null =>
  (STAFF_ROLES as readonly string[]).includes(value) ? (value as StaffRole) : null;

interface UserEditModalProps {
  user: AdminUser;
  onClose(): void;
  onSaved(): Promise<unknown>;
}

/** SPEC §5: full name required; phone, role and the active flag editable. */
export function UserEditModal({ user, onClose, onSaved }: UserEditModalProps) {
  const { t } = useTranslation(['admin', 'common']);
  const trpc = useTRPC();
  const roleOptions = [
    { value: CITIZEN, label: t('roles.citizenOption') },
    ...STAFF_ROLES.map((role) => ({ value: role, label: t(ROLE_LABELS[role]) })),
  ];
  const form = useForm({
    initialValues: {
      fullName: user.fullName,
      phone: user.phone ?? '',
      role: user.role ?? CITIZEN,
      isActive: user.isActive,
    },
    validate: (values) =>
      zodValidate<unknown>(userUpdateInput)({ id: user.id, ...values, role: toRole(values.role) }),
  });
  const update = useMutation(
    trpc.admin.users.update.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('general.success'), t('users.updated'));
        await onSaved();
        onClose();
      },
      onError: (error) => notifyFailure(t('users.updateFailed'), error),
    }),
  );

  const submit = form.onSubmit((values) =>
    update.mutate(userUpdateInput.parse({ id: user.id, ...values, role: toRole(values.role) })),
  );
  const busy = update.isPending;

  return (
    <ResponsiveModal opened onClose={onClose} title={t('users.editTitle')}>
      <form onSubmit={submit} noValidate aria-label={t('users.editTitle')}>
        <Stack>
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
          <TextInput
            label={t('users.fullName')}
            required
            disabled={busy}
            {...form.getInputProps('fullName')}
          />
          <TextInput
            label={t('users.phone')}
            type="tel"
            autoComplete="off"
            disabled={busy}
            {...form.getInputProps('phone')}
          />
          <Select
            label={t('users.role')}
            data={roleOptions}
            allowDeselect={false}
            disabled={busy}
            {...form.getInputProps('role')}
          />
          <Switch
            label={t('general.active')}
            description={t('users.activeHint')}
            disabled={busy}
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('general.saveChanges')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
