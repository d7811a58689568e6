import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { twoFactorDisableInput } from '@shared/schemas/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureReason, notifySuccess } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';

/** Turning two-factor sign-in off takes the password and a code, so an unlocked laptop alone is not enough. */
export function TwoFactorDisableForm() {
  const { t } = useTranslation('account');
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
        notifySuccess(t('disable.offTitle'), t('disable.offBody'));
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
      aria-label={t('disable.form')}
    >
      <Stack>
        <div>
          <Title order={3} fz="h4">
            {t('disable.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('disable.lead')}
          </Text>
        </div>
        {disable.isError && (
          <Alert color="red" role="alert">
            {failureReason(disable.error)}
          </Alert>
        )}
        <PasswordInput
          label={t('twoFactor.password')}
          autoComplete="current-password"
          disabled={busy}
          {...form.getInputProps('password')}
        />
        <TextInput
          label={t('twoFactor.code')}
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
          {t('disable.submit')}
        </Button>
      </Stack>
    </form>
  );
}
