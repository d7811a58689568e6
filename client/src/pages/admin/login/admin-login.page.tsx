import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { adminMessages } from '../../../../../shared/schemas/admin';
import { type SessionUser, useAuth } from '../../../lib/auth';
import { isNetworkFailure, serverMessage } from '../../../lib/errors';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { TwoFactorStep } from '../../auth/TwoFactorStep';
import { safeAdminPath } from '../layout/RequireAdmin';

const NOT_ADMIN = 'Access denied. Admin credentials required.';

/** SPEC §8: the server's message, or "Invalid admin credentials", or "Login failed". */
function loginError(error: unknown): string {
  if (isNetworkFailure(error)) return 'Login failed';
  const message = serverMessage(error, '');
  return message || 'Invalid admin credentials';
}

export function AdminLoginPage() {
  usePageMeta('Admin Login');
  const { user, isAdmin, loading, signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeAdminPath(params.get('next'));
  const trpc = useTRPC();
  const bootstrap = useMutation(trpc.auth.bootstrapAdmin.mutationOptions());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pendingToken, setPendingToken] = useState<string | null>(null);

  if (!loading && isAdmin) return <Navigate to={next} replace />;

  function enter(signedIn: SessionUser) {
    if (signedIn.isAdmin) navigate(next, { replace: true });
    else setError(NOT_ADMIN);
  }

  async function signInAsAdmin(failure: (caught: unknown) => string) {
    try {
      const result = await signIn({ email, password });
      if ('user' in result) enter(result.user);
      else setPendingToken(result.pendingToken);
    } catch (caught) {
      setError(failure(caught));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(adminMessages.bothCredentials);
      return;
    }
    setBusy(true);
    setError(null);
    await signInAsAdmin(loginError);
    setBusy(false);
  }

  // SPEC §8: creates the first System Admin when none exists; when one exists it simply signs in.
  async function fixAdminLogin() {
    setBusy(true);
    setError(null);
    try {
      const result = await bootstrap.mutateAsync({ email, password, fullName: 'System Admin' });
      if (result.success || result.code === 'ADMIN_EXISTS')
        await signInAsAdmin(() => 'Login failed after bootstrap');
      else setError(`Bootstrap failed: ${result.code}`);
    } catch (caught) {
      setError(serverMessage(caught, 'Bootstrap failed'));
    }
    setBusy(false);
  }

  const shownError = error ?? (user && !isAdmin ? NOT_ADMIN : null);
  return (
    <Container size={440} py="xl">
      <Title order={1} mb="xs">
        Admin Login
      </Title>
      <Text c="dimmed" mb="lg">
        For staff of the electoral body with a System Admin account.
      </Text>
      <Paper withBorder p="lg" radius="md">
        {pendingToken ? (
          <TwoFactorStep
            pendingToken={pendingToken}
            onSignedIn={(signedIn) => {
              setPendingToken(null);
              enter(signedIn);
            }}
            onStartOver={() => {
              setPendingToken(null);
              setPassword('');
            }}
          />
        ) : (
          <form onSubmit={submit} noValidate aria-label="Admin Login">
            <Stack>
              {shownError && (
                <Alert color="red" variant="filled" role="alert">
                  {shownError}
                </Alert>
              )}
              <TextInput
                label="Email"
                type="email"
                autoComplete="username"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                disabled={busy}
                required
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                disabled={busy}
                required
              />
              <Button type="submit" loading={busy} fullWidth>
                Sign In
              </Button>
              {shownError?.toLowerCase().includes('invalid') && (
                <Button
                  variant="light"
                  color="orange"
                  leftSection={<IconTool size={18} aria-hidden />}
                  onClick={fixAdminLogin}
                  disabled={busy}
                >
                  Fix admin login
                </Button>
              )}
            </Stack>
          </form>
        )}
      </Paper>
      <Anchor component={Link} to="/" size="sm" mt="md" display="inline-block" py={10}>
        Back to Home
      </Anchor>
    </Container>
  );
}
