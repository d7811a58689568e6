import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signInInput } from '../../../../shared/schemas/auth';
import { useAuth } from '../../lib/auth';
import { isNetworkFailure, serverMessage } from '../../lib/errors';
import { zodValidate } from '../../lib/zod-form';

const UNREACHABLE = 'Auth service unreachable. Please try again or use Admin Portal login below.';

export function SignInForm() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: zodValidate(signInInput),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      await signIn(values);
      navigate('/');
    } catch (caught) {
      setError(isNetworkFailure(caught) ? UNREACHABLE : serverMessage(caught));
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign In">
      <Stack>
        {error && (
          <Alert color="red" variant="filled" role="alert" title="Sign in failed">
            {error}
          </Alert>
        )}
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
          autoComplete="current-password"
          required
          disabled={busy}
          {...form.getInputProps('password')}
        />
        <Button type="submit" disabled={busy} fullWidth size="md">
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </Stack>
    </form>
  );
}
