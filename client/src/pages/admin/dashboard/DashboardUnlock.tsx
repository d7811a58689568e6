import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { dashboardUnlockInput } from '../../../../../shared/schemas/admin';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import { useDashboardStatus, useRefreshAdmin } from './dashboard-queries';

const INVALID = 'Invalid credentials. Please try again.';

/**
 * The dashboard's step-up login (ARCHITECTURE §7): the signed-in System Admin types their email and
 * password again and the server unlocks this session for a while. Each attempt takes at least 1 s.
 */
export function DashboardUnlock() {
  const trpc = useTRPC();
  const refreshAdmin = useRefreshAdmin();
  const [missing, setMissing] = useState<string | null>(null);
  const [passwordVisible, setPasswordVisible] = useState(false);
  // Admins with two-factor sign-in also give a code (decision 006).
  const twoFactorRequired = useDashboardStatus().data?.twoFactorRequired ?? false;
  const form = useForm({ initialValues: { username: '', password: '', code: '' } });
  const unlock = useMutation(
    trpc.admin.dashboard.unlock.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Login Successful', 'The admin dashboard is open.');
        form.reset();
        await refreshAdmin();
      },
      onError: (error) => {
        form.setFieldValue('password', '');
        form.setFieldValue('code', '');
        notifyFailure('Login Failed', error, INVALID);
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
      <form onSubmit={submit} noValidate aria-label="Dashboard login">
        <Stack>
          <div>
            <Title order={2} fz="h3">
              Dashboard login
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              For your security, confirm your admin email and password to open the dashboard.
            </Text>
          </div>
          {missing && (
            <Alert color="red" role="alert">
              {missing}
            </Alert>
          )}
          <TextInput
            label="Username"
            description="Your admin email"
            type="email"
            autoComplete="username"
            disabled={busy}
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            disabled={busy}
            visible={passwordVisible}
            onVisibilityChange={setPasswordVisible}
            visibilityToggleButtonProps={{
              'aria-label': passwordVisible ? 'Hide password' : 'Show password',
            }}
            {...form.getInputProps('password')}
          />
          {twoFactorRequired && (
            <TextInput
              label="Authentication code"
              description="From your authenticator app, or a recovery code"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              disabled={busy}
              {...form.getInputProps('code')}
            />
          )}
          <Button type="submit" disabled={busy} fullWidth>
            {busy ? 'Authenticating...' : 'Login'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
