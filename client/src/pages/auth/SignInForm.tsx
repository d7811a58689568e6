import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { signInInput } from '../../../../shared/schemas/auth';
import { useAuth } from '../../lib/auth';
import { isNetworkFailure, serverMessage } from '../../lib/errors';
import { zodValidate } from '../../lib/zod-form';
import { TwoFactorStep } from './TwoFactorStep';

const UNREACHABLE = 'Auth service unreachable. Please try again or use Admin Portal login below.';

export function SignInForm() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: zodValidate(signInInput),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const result = await signIn(values);
      if ('user' in result) {
        navigate('/');
        return;
      }
      setPendingToken(result.pendingToken);
      setBusy(false);
    } catch (caught) {
      setError(isNetworkFailure(caught) ? UNREACHABLE : serverMessage(caught));
      setBusy(false);
    }
  });

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
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/forgot-password" size="sm" py={12} display="inline-block">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" disabled={busy} fullWidth size="md">
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </Stack>
    </form>
  );
}
