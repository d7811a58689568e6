import { Alert, Button, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { signUpForm, signUpPhoneForm } from '@shared/schemas/auth';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PhoneCodeForm, PhoneCodeStop } from '../../components/auth/PhoneCodeForm';
import { PhoneNumberInput } from '../../components/auth/PhoneNumberInput';
import { useAuth } from '../../lib/auth';
import { isNetworkFailure, serverMessage } from '../../lib/errors';
import { networkIssue, notifySuccess } from '../../lib/notify';
import { zodValidate } from '../../lib/zod-form';

type Method = 'phone' | 'email';

const EMPTY = { fullName: '', email: '', phone: '', password: '', confirmPassword: '' };

/** After a sign-up: the e-mail's next step (sign in), or the number's (its code). */
type Created = { method: 'email' } | { method: 'phone'; phone: string; password: string };

export function SignUpForm() {
  const { t } = useTranslation('auth');
  const { signUp } = useAuth();
  const [method, setMethod] = useState<Method>('phone');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const form = useForm({
    initialValues: EMPTY,
    validate: (values) =>
      method === 'phone' ? zodValidate(signUpPhoneForm)(values) : zodValidate(signUpForm)(values),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async ({ fullName, email, phone, password }) => {
    setBusy(true);
    setError(null);
    setCreated(null);
    try {
      await signUp(method === 'phone' ? { fullName, phone, password } : { fullName, email, password });
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
      setCreated(method === 'phone' ? { method, phone, password } : { method });
    } catch (caught) {
      setError(isNetworkFailure(caught) ? networkIssue() : serverMessage(caught));
    } finally {
      setBusy(false);
    }
  });

  if (created?.method === 'phone') return <PhoneNextStep phone={created.phone} password={created.password} />;

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
        <SegmentedControl
          aria-label={t('signUp.method')}
          value={method}
          onChange={(value) => {
            setMethod(value === 'email' ? 'email' : 'phone');
            form.clearErrors();
          }}
          data={[
            { value: 'phone', label: t('signUp.withPhone') },
            { value: 'email', label: t('signUp.withEmail') },
          ]}
          disabled={busy}
          fullWidth
        />
        <TextInput
          label={t('fields.fullName')}
          autoComplete="name"
          required
          disabled={busy}
          {...form.getInputProps('fullName')}
        />
        {method === 'phone' ? (
          <PhoneNumberInput required disabled={busy} {...form.getInputProps('phone')} />
        ) : (
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            disabled={busy}
            {...form.getInputProps('email')}
          />
        )}
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

/**
 * After a sign-up by phone: the code the number received. Sign-up starts no session (decision 016), so the code
 * is sent with a session opened by the number and the password just chosen; for a number that already had an
 * account that sign-in fails with the sign-in's own sentence, and the owner got a notice by SMS instead of a code.
 */
function PhoneNextStep({ phone, password }: { phone: string; password: string }) {
  const { t } = useTranslation('auth');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const signedIn = useRef(false);

  const ensureSession = async () => {
    if (signedIn.current) return;
    const result = await signIn({ phone, password });
    // A brand-new account has no two-factor sign-in: a pending token means the number was someone else's.
    if (!('user' in result)) throw new PhoneCodeStop(t('phoneCode.signInFirst'));
    signedIn.current = true;
  };

  return (
    <Stack>
      <Alert color="green" role="status" title={t('signUp.welcome')}>
        {t('signUp.createdPhone')}
      </Alert>
      <PhoneCodeForm
        phone={phone}
        beforeSend={ensureSession}
        onConfirmed={() => {
          notifySuccess(t('phoneCode.confirmed'), t('phoneCode.confirmedBody'));
          navigate('/');
        }}
        onLater={() => navigate('/auth', { replace: true })}
        laterLabel={t('phoneCode.signInLater')}
      />
    </Stack>
  );
}
