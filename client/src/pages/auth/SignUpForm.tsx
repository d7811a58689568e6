import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { signUpForm } from '../../../../shared/schemas/auth';
import { useAuth } from '../../lib/auth';
import { isNetworkFailure, serverMessage } from '../../lib/errors';
import { zodValidate } from '../../lib/zod-form';

const EMPTY = { fullName: '', email: '', password: '', confirmPassword: '' };
const SUCCESS = 'Account created successfully! Please check your email to verify your account';

export function SignUpForm() {
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
      setError(
        isNetworkFailure(caught)
          ? 'Network connection issue. Please check your internet connection and try again.'
          : serverMessage(caught),
      );
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign Up">
      <Stack>
        {error && (
          <Alert color="red" variant="filled" role="alert" title="Sign up failed">
            {error}
          </Alert>
        )}
        {created && (
          <Alert color="green" role="status" title="Welcome to Codka">
            {SUCCESS}
          </Alert>
        )}
        <TextInput
          label="Full Name"
          autoComplete="name"
          required
          disabled={busy}
          {...form.getInputProps('fullName')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          disabled={busy}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          description="At least 6 characters"
          required
          disabled={busy}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          required
          disabled={busy}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" disabled={busy} fullWidth size="md">
          {busy ? 'Creating account...' : 'Sign Up'}
        </Button>
      </Stack>
    </form>
  );
}
