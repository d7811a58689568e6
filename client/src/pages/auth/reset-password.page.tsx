import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountMessages, resetPasswordForm } from '../../../../shared/schemas/account';
import { failureReason } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';

/** /reset-password?token=…: opened from the emailed link; the token is sent only with the new password. */
export function ResetPasswordPage() {
  usePageMeta('Choose a new password', 'Set a new password for your Codka account from an emailed link.');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // Read once: the token then leaves the address bar, so it is not kept in history or shown on screen.
  const [token] = useState(() => params.get('token') ?? '');
  const navigate = useNavigate();
  useEffect(() => {
    if (params.has('token')) navigate('/reset-password', { replace: true });
  }, [params, navigate]);
  const form = useForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: zodValidate(resetPasswordForm),
    validateInputOnBlur: true,
  });
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      // Every session of the account ended, perhaps this browser's too.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.session.queryKey() }),
    }),
  );
  const busy = reset.isPending;

  return (
    <Container size={460} py="xl">
      <Title order={1} mb="xs">
        Choose a new password
      </Title>
      <Text c="dimmed" mb="lg">
        After the change, every device signed in to your account is signed out.
      </Text>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        {!token ? (
          <Stack>
            <Alert color="red" role="alert">
              {accountMessages.resetLinkInvalid}
            </Alert>
            <Button component={Link} to="/forgot-password" variant="default">
              Ask for a new link
            </Button>
          </Stack>
        ) : reset.isSuccess ? (
          <Stack>
            <Alert color="green" role="status" title="Password changed">
              Your password has been reset. Sign in with your new password.
            </Alert>
            <Button component={Link} to="/auth">
              Sign In
            </Button>
          </Stack>
        ) : (
          <form
            onSubmit={form.onSubmit(({ newPassword }) => reset.mutate({ token, newPassword }))}
            noValidate
            aria-label="Choose a new password"
          >
            <Stack>
              {reset.isError && (
                <Alert color="red" variant="filled" role="alert">
                  {failureReason(reset.error)}
                </Alert>
              )}
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
              <Button type="submit" disabled={busy} fullWidth size="md">
                {busy ? 'Saving...' : 'Set new password'}
              </Button>
              {reset.isError && (
                <Button component={Link} to="/forgot-password" variant="default" fullWidth>
                  Ask for a new link
                </Button>
              )}
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
