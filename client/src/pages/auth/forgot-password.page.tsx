import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_RESET_REQUESTED, requestPasswordResetInput } from '@shared/schemas/account';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageText } from '../../i18n/error-texts';
import { failureReason } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader } from '../../lib/page-route';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';

/** /forgot-password: asks for an emailed reset link. The answer never says whether the email has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('forgot.metaTitle'), t('forgot.metaDescription'));
  const trpc = useTRPC();
  const form = useForm({
    initialValues: { email: '' },
    validate: zodValidate(requestPasswordResetInput),
    validateInputOnBlur: true,
  });
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const busy = request.isPending;

  return (
    <Container size={460} py="xl">
      <Anchor
        component={Link}
        to="/auth"
        size="sm"
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4, minHeight: 44 }}
      >
        <IconArrowLeft size={16} aria-hidden /> {t('forgot.back')}
      </Anchor>
      <Title order={1} mt="sm" mb="xs">
        {t('forgot.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('forgot.lead')}
      </Text>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        {request.isSuccess ? (
          <Alert color="green" role="status" title={t('forgot.checkEmail')}>
            {messageText(PASSWORD_RESET_REQUESTED)}
          </Alert>
        ) : (
          <form
            onSubmit={form.onSubmit((values) => request.mutate(values))}
            noValidate
            aria-label={t('forgot.form')}
          >
            <Stack>
              {request.isError && (
                <Alert color="red" variant="filled" role="alert">
                  {failureReason(request.error)}
                </Alert>
              )}
              <TextInput
                label={t('fields.email')}
                type="email"
                autoComplete="email"
                required
                disabled={busy}
                {...form.getInputProps('email')}
              />
              <Button type="submit" disabled={busy} fullWidth size="md">
                {busy ? t('forgot.busy') : t('forgot.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['auth', 'errors'] });

export default ForgotPasswordPage;
