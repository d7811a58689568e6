import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { secondFactorCode } from '@shared/schemas/account';
import { TRPCClientError } from '@trpc/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type SessionUser, useAuth } from '../../lib/auth';
import { failureReason } from '../../lib/notify';
import { zodValidate } from '../../lib/zod-form';

const codeForm = z.object({ code: secondFactorCode });

/** A pending sign-in that is gone (expired, or too many wrong codes): only the password step helps. */
function isExpired(error: unknown): boolean {
  return (
    error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'BAD_REQUEST'
  );
}

/**
 * The second step of signing in to an account with two-factor sign-in (decision 006): the password
 * was right, and the authenticator's code (or a recovery code) starts the session.
 */
export function TwoFactorStep({
  pendingToken,
  onSignedIn,
  onStartOver,
}: {
  pendingToken: string;
  onSignedIn(user: SessionUser): void;
  onStartOver(): void;
}) {
  const { t } = useTranslation('auth');
  const { signInTwoFactor } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; expired: boolean } | null>(null);
  const form = useForm({ initialValues: { code: '' }, validate: zodValidate(codeForm) });

  const submit = form.onSubmit(async ({ code }) => {
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await signInTwoFactor({ pendingToken, code }));
    } catch (caught) {
      setError({ message: failureReason(caught), expired: isExpired(caught) });
      form.setFieldValue('code', '');
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('twoFactor.form')}>
      <Stack>
        <Text>{t('twoFactor.instructions')}</Text>
        {error && (
          <Alert color="red" variant="filled" role="alert" title={t('signIn.failed')}>
            {error.message}
          </Alert>
        )}
        <TextInput
          label={t('fields.authCode')}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          data-autofocus
          autoFocus
          disabled={busy || error?.expired}
          {...form.getInputProps('code')}
        />
        {error?.expired ? (
          <Button onClick={onStartOver} fullWidth size="md">
            {t('twoFactor.startOver')}
          </Button>
        ) : (
          <>
            <Button type="submit" disabled={busy} fullWidth size="md">
              {busy ? t('twoFactor.verifying') : t('twoFactor.verify')}
            </Button>
            <Button variant="subtle" onClick={onStartOver} disabled={busy} fullWidth size="md">
              {t('twoFactor.otherAccount')}
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}
