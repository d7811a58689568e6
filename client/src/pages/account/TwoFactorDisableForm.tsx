import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { twoFactorDisableInput } from '../../../../shared/schemas/account';
import { failureReason, notifySuccess } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';

/** Turning two-factor sign-in off takes the password and a code, so an unlocked laptop alone is not enough. */
export function TwoFactorDisableForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: zodValidate(twoFactorDisableInput),
  });
  const disable = useMutation(
    trpc.auth.twoFactor.disable.mutationOptions({
      onSuccess: async () => {
        form.reset();
        notifySuccess('Two-factor sign-in is off', 'Sign-in now asks only for your password.');
        await queryClient.invalidateQueries({ queryKey: trpc.auth.twoFactor.status.queryKey() });
        await queryClient.invalidateQueries(trpc.admin.dashboard.status.queryFilter());
      },
      onError: () => form.setValues({ password: '', code: '' }),
    }),
  );
  const busy = disable.isPending;

  return (
    <form
      onSubmit={form.onSubmit((values) => disable.mutate(values))}
      noValidate
      aria-label="Turn off two-factor sign-in"
    >
      <Stack>
        <div>
          <Title order={3} fz="h4">
            Turn off two-factor sign-in
          </Title>
          <Text size="sm" c="dimmed">
            Confirm with your password and a code from your app (or a recovery code).
          </Text>
        </div>
        {disable.isError && (
          <Alert color="red" role="alert">
            {failureReason(disable.error)}
          </Alert>
        )}
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          disabled={busy}
          {...form.getInputProps('password')}
        />
        <TextInput
          label="Authentication code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          disabled={busy}
          {...form.getInputProps('code')}
        />
        <Button
          type="submit"
          color="red"
          variant="light"
          loading={busy}
          size="md"
          w={{ base: '100%', xs: 'auto' }}
        >
          Turn off two-factor sign-in
        </Button>
      </Stack>
    </form>
  );
}
