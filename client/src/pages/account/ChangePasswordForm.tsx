import { Alert, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordForm } from '@shared/schemas/account';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureReason, notifySuccess } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Changes the password; the server signs every other device out and keeps this one. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
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
          t('password.changed'),
          otherSessionsEnded > 0 ? t('password.savedOthersOut') : t('password.saved'),
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
      aria-label={t('password.form')}
    >
      <Stack>
        <div>
          <Title order={2} fz="h3">
            {t('password.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('password.lead')}
          </Text>
        </div>
        {change.isError && (
          <Alert color="red" role="alert" title={t('password.notChanged')}>
            {failureReason(change.error)}
          </Alert>
        )}
        <PasswordInput
          label={t('password.current')}
          autoComplete="current-password"
          required
          disabled={busy}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label={t('password.new')}
          description={t('password.hint')}
          autoComplete="new-password"
          required
          disabled={busy}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('password.confirm')}
          autoComplete="new-password"
          required
          disabled={busy}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" disabled={busy} size="md" w={{ base: '100%', xs: 'auto' }}>
          {busy ? t('password.busy') : t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
