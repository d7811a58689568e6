import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  PASSWORD_RESET_REQUESTED,
  PASSWORD_RESET_SMS_REQUESTED,
  resetPasswordWithCodeForm,
} from '@shared/schemas/account';
import { contactOf, login } from '@shared/schemas/auth';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { PhoneCodeInput } from '../../components/auth/PhoneCodeForm';
import { useMessageTexts } from '../../i18n/error-texts';
import { failureReason } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';
import { NewPasswordFields } from './NewPasswordFields';

const requestForm = z.object({ login });

/**
 * /forgot-password: a phone number gets a code by SMS, typed here with the new password; an e-mail address gets a
 * link. The answer never says whether the number or address has an account.
 */
export function ForgotPasswordPage() {
  const { messageText } = useMessageTexts();
  const { t } = useTranslation('auth');
  usePageMeta(t('forgot.metaTitle'), t('forgot.metaDescription'));
  const trpc = useTRPC();
  const [sentTo, setSentTo] = useState<{ email: string } | { phone: string } | null>(null);
  const form = useForm({
    initialValues: { login: '' },
    validate: zodValidate(requestForm),
    validateInputOnBlur: true,
  });
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const busy = request.isPending;
  const ask = (contact: { email: string } | { phone: string }) =>
    request.mutate(contact, { onSuccess: () => setSentTo(contact) });

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
        {sentTo && 'phone' in sentTo ? (
          <ResetWithCode
            phone={sentTo.phone}
            askAgain={() => ask(sentTo)}
            asking={busy}
            askError={request.isError ? failureReason(request.error) : null}
          />
        ) : sentTo ? (
          <Alert color="green" role="status" title={t('forgot.checkEmail')}>
            {messageText(PASSWORD_RESET_REQUESTED)}
          </Alert>
        ) : (
          <form
            onSubmit={form.onSubmit(({ login: typed }) => ask(contactOf(typed)))}
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
                label={t('fields.login')}
                description={t('fields.loginHint')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                disabled={busy}
                {...form.getInputProps('login')}
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

/** The second step for a number: the code from the SMS and the new password (auth.resetPasswordWithCode). */
function ResetWithCode({
  phone,
  askAgain,
  asking,
  askError,
}: {
  phone: string;
  askAgain(): void;
  asking: boolean;
  askError: string | null;
}) {
  const { messageText } = useMessageTexts();
  const { t } = useTranslation('auth');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { code: '', newPassword: '', confirmPassword: '' },
    validate: zodValidate(resetPasswordWithCodeForm),
    validateInputOnBlur: true,
  });
  const reset = useMutation(
    trpc.auth.resetPasswordWithCode.mutationOptions({
      // Every session of the account ended, perhaps this browser's too.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.session.queryKey() }),
      onError: () => form.setFieldValue('code', ''),
    }),
  );
  const busy = reset.isPending || asking;

  if (reset.isSuccess) {
    return (
      <Stack>
        <Alert color="green" role="status" title={t('reset.changed')}>
          {t('reset.changedBody')}
        </Alert>
        <Button component={Link} to="/auth">
          {t('reset.signIn')}
        </Button>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={form.onSubmit(({ code, newPassword }) => reset.mutate({ phone, code, newPassword }))}
      noValidate
      aria-label={t('forgot.codeForm')}
    >
      <Stack>
        <Alert color="green" role="status" title={t('forgot.checkSms')}>
          {messageText(PASSWORD_RESET_SMS_REQUESTED)}
        </Alert>
        {(reset.isError || askError) && (
          <Alert color="red" variant="filled" role="alert">
            {reset.isError ? failureReason(reset.error) : askError}
          </Alert>
        )}
        <PhoneCodeInput disabled={busy} {...form.getInputProps('code')} />
        <NewPasswordFields
          newPassword={form.getInputProps('newPassword')}
          confirmPassword={form.getInputProps('confirmPassword')}
          disabled={busy}
        />
        <Button type="submit" loading={reset.isPending} disabled={busy} fullWidth size="md">
          {t('reset.submit')}
        </Button>
        <Button variant="default" onClick={askAgain} loading={asking} disabled={busy} fullWidth size="md">
          {t('forgot.newCode')}
        </Button>
      </Stack>
    </form>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['auth', 'errors'] });

export default routeComponent(ForgotPasswordPage);
