import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { contactOf, signInForm } from '@shared/schemas/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PhoneCodeForm } from '../../components/auth/PhoneCodeForm';
import { useAuth } from '../../lib/auth';
import { isNetworkFailure, serverMessage } from '../../lib/errors';
import { formatPhoneNumber } from '../../lib/phone';
import { zodValidate } from '../../lib/zod-form';
import { TwoFactorStep } from './TwoFactorStep';

export function SignInForm() {
  const { t } = useTranslation('auth');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  // Signed in by a number still waiting for its code: the code's step before the site.
  const [unconfirmedPhone, setUnconfirmedPhone] = useState<string | null>(null);
  const form = useForm({
    initialValues: { login: '', password: '' },
    validate: zodValidate(signInForm),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async ({ login, password }) => {
    setBusy(true);
    setError(null);
    try {
      const contact = contactOf(login);
      const result = await signIn({ ...contact, password });
      if ('user' in result) {
        const { phone, phoneConfirmed } = result.user;
        if ('phone' in contact && phone && !phoneConfirmed) {
          setUnconfirmedPhone(phone);
          return;
        }
        navigate('/');
        return;
      }
      setPendingToken(result.pendingToken);
      setBusy(false);
    } catch (caught) {
      setError(isNetworkFailure(caught) ? t('signIn.unreachable') : serverMessage(caught));
      setBusy(false);
    }
  });

  if (unconfirmedPhone) {
    return (
      <PhoneCodeForm
        phone={unconfirmedPhone}
        lead={t('phoneCode.unconfirmed', { phone: formatPhoneNumber(unconfirmedPhone) })}
        shownPhone={formatPhoneNumber(unconfirmedPhone)}
        onConfirmed={() => navigate('/')}
        onLater={() => navigate('/')}
      />
    );
  }

  if (pendingToken) {
    return (
      <TwoFactorStep
        pendingToken={pendingToken}
        onSignedIn={() => navigate('/')}
        onStartOver={() => {
          setPendingToken(null);
          form.setFieldValue('password', '');
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('signIn.form')}>
      <Stack>
        {error && (
          <Alert color="red" variant="filled" role="alert" title={t('signIn.failed')}>
            {error}
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
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          required
          disabled={busy}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/forgot-password" size="sm" py={12} display="inline-block">
            {t('signIn.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" disabled={busy} fullWidth size="md">
          {busy ? t('signIn.busy') : t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
