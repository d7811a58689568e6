import { Button, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../../../server/routers/_app';
import { STAFF_ROLES, type StaffRole } from '../../../../../shared/roles';
import { userUpdateInput } from '../../../../../shared/schemas/admin';
import { ResponsiveModal } from '../../../components/ResponsiveModal';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';

export type AdminUser = RouterOutputs['admin']['users']['list']['users'][number];

// Select values are strings; a citizen has no staff role (null) on the server.
const CITIZEN = 'citizen';
const ROLE_OPTIONS = [
  { value: CITIZEN, label: 'Citizen (no staff role)' },
  ...STAFF_ROLES.map((role) => ({ value: role, label: role })),
];
const toRole = (value: string): StaffRole | null =>
  (STAFF_ROLES as readonly string[]).includes(value) ? (value as StaffRole) : null;

interface UserEditModalProps {
  user: AdminUser;
  onClose(): void;
  onSaved(): Promise<unknown>;
}

/** SPEC §5: full name required; phone, role and the active flag editable. */
export function UserEditModal({ user, onClose, onSaved }: UserEditModalProps) {
  const trpc = useTRPC();
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
        notifySuccess('Success', 'User updated successfully');
        await onSaved();
        onClose();
      },
      onError: (error) => notifyFailure('Failed to update user', error),
    }),
  );

  const submit = form.onSubmit((values) =>
    update.mutate(userUpdateInput.parse({ id: user.id, ...values, role: toRole(values.role) })),
  );
  const busy = update.isPending;

  return (
    <ResponsiveModal opened onClose={onClose} title="Edit User">
      <form onSubmit={submit} noValidate aria-label="Edit User">
        <Stack>
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
          <TextInput label="Full name" required disabled={busy} {...form.getInputProps('fullName')} />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="off"
            disabled={busy}
            {...form.getInputProps('phone')}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            allowDeselect={false}
            disabled={busy}
            {...form.getInputProps('role')}
          />
          <Switch
            label="Active"
            description="An inactive user is signed out everywhere and cannot sign in."
            disabled={busy}
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
