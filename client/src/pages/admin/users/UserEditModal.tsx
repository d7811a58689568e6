import { Select, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RouterOutputs } from '@server/routers/_app';
import { STAFF_ROLES, type StaffRole } from '@shared/roles';
import { userUpdateInput } from '@shared/schemas/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/admin/FormModal';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import { RegistrarCentersField } from './RegistrarCentersField';

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

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

/**
 * Full name required; phone, role and the active flag editable; a Registrar's centers (docs/product.md#admin-users).
 */
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
  const queryClient = useQueryClient();
  const saved = useQuery(trpc.admin.users.centers.queryOptions({ userId: user.userId }));
  // null until the admin changes the list: what is saved stays as it is.
  const [centerIds, setCenterIds] = useState<string[] | null>(null);
  const isRegistrar = form.values.role === 'Registrar';
  const update = useMutation(trpc.admin.users.update.mutationOptions());
  const setCenters = useMutation(trpc.admin.users.setCenters.mutationOptions());

  // The role first: only a Registrar can be given centers (a role away from Registrar drops them on the server).
  const submit = form.onSubmit(async (values) => {
    let waiting = false;
    try {
      const answer = await update.mutateAsync(
        userUpdateInput.parse({ id: user.id, ...values, role: toRole(values.role) }),
      );
      // A new staff role waits for a second System Admin: nothing was saved, centers included.
      waiting = 'pendingApproval' in answer;
      if (!waiting && isRegistrar && centerIds && !sameIds(centerIds, saved.data?.centerIds ?? [])) {
        await setCenters.mutateAsync({ userId: user.userId, centerIds });
      }
    } catch (error) {
      notifyFailure(t('users.updateFailed'), error);
      return;
    } finally {
      // A role change may have dropped the centers on the server even when setting them failed.
      await queryClient.invalidateQueries({
        queryKey: trpc.admin.users.centers.queryKey({ userId: user.userId }),
      });
    }
    notifySuccess(t('general.success'), waiting ? t('users.grantRequested') : t('users.updated'));
    await onSaved();
    onClose();
  });
  const busy = update.isPending || setCenters.isPending;

  return (
    <FormModal
      title={t('users.editTitle')}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      submitLabel={t('general.saveChanges')}
    >
      <Text size="sm" c="dimmed">
        {user.email}
      </Text>
      <TextInput label={t('users.fullName')} required disabled={busy} {...form.getInputProps('fullName')} />
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
      {isRegistrar && (
        <RegistrarCentersField
          value={centerIds ?? saved.data?.centerIds ?? []}
          onChange={setCenterIds}
          disabled={busy || saved.isPending}
        />
      )}
      <Switch
        label={t('general.active')}
        description={t('users.activeHint')}
        disabled={busy}
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
