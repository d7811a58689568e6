import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { dashboardUnlockInput } from '@shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import { useDashboardStatus, useRefreshAdmin } from './dashboard-queries';

/**
 * The dashboard's step-up login (docs/product.md#step-up): the signed-in System Admin types their password again
 * (their e-mail is filled in) and the server unlocks this session for a while. Each attempt takes at least 1 s.
 */
export function DashboardUnlock() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const refreshAdmin = useRefreshAdmin();
  const [missing, setMissing] = useState<string | null>(null);
  const [passwordVisible, setPasswordVisible] = useState(false);
  // Admins with two-factor sign-in also give a code (decision 006).
  const twoFactorRequired = useDashboardStatus().data?.twoFactorRequired ?? false;
  // The signed-in admin's own address: the form confirms who is at the keyboard, it is not a second account.
  const email = useAuth().user?.email ?? '';
  const form = useForm({ initialValues: { username: email, password: '', code: '' } });
  const unlock = useMutation(
    trpc.admin.dashboard.unlock.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('unlock.succeeded'), t('unlock.opened'));
        form.reset();
        await refreshAdmin();
      },
      onError: (error) => {
        form.setFieldValue('password', '');
        form.setFieldValue('code', '');
        notifyFailure(t('unlock.failed'), error, t('unlock.invalid'));
      },
    }),
  );
  const busy = unlock.isPending;

  const submit = form.onSubmit(({ code, ...credentials }) => {
    const values = twoFactorRequired ? { ...credentials, code } : credentials;
    const errors = Object.values(zodValidate(dashboardUnlockInput)(values));
    setMissing(errors[0] ?? null);
    if (errors.length === 0) unlock.mutate(values);
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={460} w="100%">
      <form onSubmit={submit} noValidate aria-label={t('unlock.form')}>
        <Stack>
          <div>
            <Title order={2} fz="h3">
              {t('unlock.title')}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('unlock.intro')}
            </Text>
          </div>
          {missing && (
            <Alert color="red" role="alert">
              {missing}
            </Alert>
          )}
          <TextInput
            label={t('unlock.username')}
            description={t('unlock.usernameHint')}
            type="email"
            autoComplete="username"
            disabled={busy}
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t('unlock.password')}
            autoComplete="current-password"
            disabled={busy}
            visible={passwordVisible}
            onVisibilityChange={setPasswordVisible}
            visibilityToggleButtonProps={{
              'aria-label': passwordVisible ? t('unlock.hidePassword') : t('unlock.showPassword'),
            }}
            {...form.getInputProps('password')}
          />
          {twoFactorRequired && (
            <TextInput
              label={t('unlock.code')}
              description={t('unlock.codeHint')}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              disabled={busy}
              {...form.getInputProps('code')}
            />
          )}
          <Button type="submit" disabled={busy} fullWidth>
            {busy ? t('unlock.busy') : t('unlock.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
