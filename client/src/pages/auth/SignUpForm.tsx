import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { signUpForm } from '@shared/schemas/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { isNetworkFailure, serverMessage } from '../../lib/errors';
import { networkIssue } from '../../lib/notify';
import { zodValidate } from '../../lib/zod-form';

const EMPTY = { fullName: '', email: '', password: '', confirmPassword: '' };

export function SignUpForm() {
  const { t } = useTranslation('auth');
  const { signUp } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const form = useForm({
    initialValues: EMPTY,
    validate: zodValidate(signUpForm),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async ({ fullName, email, password }) => {
    setBusy(true);
    setError(null);
    setCreated(false);
    try {
      await signUp({ fullName, email, password });
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
      setCreated(true);
    } catch (caught) {
      setError(isNetworkFailure(caught) ? networkIssue() : serverMessage(caught));
    } finally {
      setBusy(false);
    }
  });

  // Sign-up starts no session (the answer is the same for an address that has an account): the form gives way to
  // the one next step, signing in.
  if (created) {
    return (
      <Stack>
        <Alert color="green" role="status" title={t('signUp.welcome')}>
          {t('signUp.created')}
        </Alert>
        <Text>{t('signUp.nextStep')}</Text>
        <Button component={Link} to="/auth" replace fullWidth size="md">
          {t('signUp.goSignIn')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('signUp.form')}>
      <Stack>
        {error && (
          <Alert color="red" variant="filled" role="alert" title={t('signUp.failed')}>
            {error}
          </Alert>
        )}
        <TextInput
          label={t('fields.fullName')}
          autoComplete="name"
          required
          disabled={busy}
          {...form.getInputProps('fullName')}
        />
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          disabled={busy}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="new-password"
          description={t('fields.passwordHint')}
          required
          disabled={busy}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          required
          disabled={busy}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" disabled={busy} fullWidth size="md">
          {busy ? t('signUp.busy') : t('signUp.submit')}
        </Button>
      </Stack>
    </form>
  );
}
