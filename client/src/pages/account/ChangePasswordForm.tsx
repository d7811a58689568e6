import { Alert, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { changePasswordForm } from '../../../../shared/schemas/account';
import { failureReason, notifySuccess } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Changes the password; the server signs every other device out and keeps this one. */
export function ChangePasswordForm() {
  const trpc = useTRPC();
  const form = useForm({
    initialValues: EMPTY,
    validate: zodValidate(changePasswordForm),
    validateInputOnBlur: true,
  });
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: ({ otherSessionsEnded }) => {
        form.setValues(EMPTY);
        form.resetDirty(EMPTY);
        notifySuccess(
          'Password changed',
          otherSessionsEnded > 0
            ? 'Your new password is saved, and your other devices were signed out.'
            : 'Your new password is saved.',
        );
      },
      onError: () => form.setFieldValue('currentPassword', ''),
    }),
  );
  const busy = change.isPending;

  return (
    <form
      onSubmit={form.onSubmit(({ currentPassword, newPassword }) =>
        change.mutate({ currentPassword, newPassword }),
      )}
      noValidate
      aria-label="Change password"
    >
      <Stack>
        <div>
          <Title order={2} fz="h3">
            Change password
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Every other device signed in to your account will be signed out.
          </Text>
        </div>
        {change.isError && (
          <Alert color="red" role="alert" title="Password not changed">
            {failureReason(change.error)}
          </Alert>
        )}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          disabled={busy}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          description="At least 6 characters"
          autoComplete="new-password"
          required
          disabled={busy}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          disabled={busy}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" disabled={busy} size="md" w={{ base: '100%', xs: 'auto' }}>
          {busy ? 'Saving...' : 'Change password'}
        </Button>
      </Stack>
    </form>
  );
}
