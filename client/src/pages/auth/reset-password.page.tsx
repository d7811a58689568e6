import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { resetPasswordForm } from '@shared/schemas/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLinkToken } from '../../lib/link-token';
import { failureReason } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';
import { NewPasswordFields } from './NewPasswordFields';

/** /reset-password?token=…: opened from the emailed link; the token is sent only with the new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('reset.title'), t('reset.metaDescription'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const token = useLinkToken('/reset-password');
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
        {t('reset.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('reset.lead')}
      </Text>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        {!token ? (
          <Stack>
            <Alert color="red" role="alert">
              {t('reset.linkInvalid')}
            </Alert>
            <Button component={Link} to="/forgot-password" variant="default">
              {t('reset.askNewLink')}
            </Button>
          </Stack>
        ) : reset.isSuccess ? (
          <Stack>
            <Alert color="green" role="status" title={t('reset.changed')}>
              {t('reset.changedBody')}
            </Alert>
            <Button component={Link} to="/auth">
              {t('reset.signIn')}
            </Button>
          </Stack>
        ) : (
          <form
            onSubmit={form.onSubmit(({ newPassword }) => reset.mutate({ token, newPassword }))}
            noValidate
            aria-label={t('reset.title')}
          >
            <Stack>
              {reset.isError && (
                <Alert color="red" variant="filled" role="alert">
                  {failureReason(reset.error)}
                </Alert>
              )}
              <NewPasswordFields
                newPassword={form.getInputProps('newPassword')}
                confirmPassword={form.getInputProps('confirmPassword')}
                disabled={busy}
              />
              <Button type="submit" disabled={busy} fullWidth size="md">
                {busy ? t('reset.busy') : t('reset.submit')}
              </Button>
              {reset.isError && (
                <Button component={Link} to="/forgot-password" variant="default" fullWidth>
                  {t('reset.askNewLink')}
                </Button>
              )}
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['auth', 'errors'] });

export default routeComponent(ResetPasswordPage);
