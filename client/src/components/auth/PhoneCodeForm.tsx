import { Alert, Button, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useForm } from '@mantine/form';
import { confirmPhoneInput } from '@shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../../lib/notify';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';

/** A refusal `beforeSend` words itself, shown as it is. */
export class PhoneCodeStop extends Error {}

const reasonOf = (caught: unknown) =>
  caught instanceof PhoneCodeStop ? caught.message : failureReason(caught);

/**
 * The box for the code a number received by SMS: the phone's digit keypad, filled from the SMS where the phone
 * offers it, with room for a code copied with spaces or dashes (the schema drops them). Used here and by the reset
 * by phone (forgot-password.page.tsx), whose own form sends the code with the new password.
 */
export function PhoneCodeInput(props: TextInputProps) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      label={t('phoneCode.code')}
      description={t('phoneCode.codeHint')}
      autoComplete="one-time-code"
      inputMode="numeric"
      spellCheck={false}
      maxLength={11}
      required
      {...props}
    />
  );
}

/**
 * The 6-digit code a number received by SMS (auth.confirmPhone), with a way to have it sent again
 * (auth.requestPhoneCode). Used after a sign-up by phone, after signing in to an account whose number waits for its
 * code, and on /account when a number is added or changed. The server's sentences (a wrong, expired or used code,
 * the SMS limits) are said in the reader's language.
 */
export function PhoneCodeForm({
  phone,
  shownPhone = phone,
  lead,
  beforeSend,
  onConfirmed,
  onLater,
  laterLabel,
}: {
  /** The number as auth.requestPhoneCode takes it (typed or E.164). */
  phone: string;
  /** The number as the reader sees it in the sentence. */
  shownPhone?: string;
  /** The sentence above the box; by default "We sent a 6-digit code by SMS to …". */
  lead?: string;
  /** Run before each request, to make sure a session exists (after a sign-up: signing in with the new password). */
  beforeSend?: () => Promise<void>;
  onConfirmed(phone: string): void;
  /** A way out without confirming (the number stays unconfirmed). */
  onLater?: () => void;
  laterLabel?: string;
}) {
  const { t } = useTranslation('auth');
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const form = useForm({ initialValues: { code: '' }, validate: zodValidate(confirmPhoneInput) });

  const submit = form.onSubmit(async ({ code }) => {
    setBusy('confirm');
    setError(null);
    setResent(false);
    try {
      await beforeSend?.();
      const result = await client.auth.confirmPhone.mutate({ code });
      // The session's user now has a confirmed number: every page that asks who reads hears it.
      await queryClient.invalidateQueries({ queryKey: trpc.auth.session.queryKey() });
      onConfirmed(result.phone);
    } catch (caught) {
      setError(reasonOf(caught));
      form.setFieldValue('code', '');
    } finally {
      setBusy(null);
    }
  });

  const resend = async () => {
    setBusy('resend');
    setError(null);
    setResent(false);
    try {
      await beforeSend?.();
      const result = await client.auth.requestPhoneCode.mutate({ phone });
      if (result.alreadyConfirmed) {
        await queryClient.invalidateQueries({ queryKey: trpc.auth.session.queryKey() });
        onConfirmed(phone);
        return;
      }
      setResent(true);
    } catch (caught) {
      setError(reasonOf(caught));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('phoneCode.form')}>
      <Stack>
        <Text style={{ overflowWrap: 'anywhere' }}>
          {lead ?? t('phoneCode.sentTo', { phone: shownPhone })}
        </Text>
        {error && (
          <Alert color="red" variant="filled" role="alert" title={t('phoneCode.failed')}>
            {error}
          </Alert>
        )}
        {resent && (
          <Alert color="green" role="status">
            {t('phoneCode.resent', { phone: shownPhone })}
          </Alert>
        )}
        <PhoneCodeInput data-autofocus disabled={busy !== null} {...form.getInputProps('code')} />
        <Button type="submit" loading={busy === 'confirm'} disabled={busy !== null} fullWidth size="md">
          {t('phoneCode.submit')}
        </Button>
        <Button
          variant="default"
          onClick={() => void resend()}
          loading={busy === 'resend'}
          disabled={busy !== null}
          fullWidth
          size="md"
        >
          {t('phoneCode.resend')}
        </Button>
        {onLater && (
          <Button variant="subtle" onClick={onLater} disabled={busy !== null} fullWidth size="md">
            {laterLabel ?? t('phoneCode.later')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
