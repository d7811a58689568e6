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
import { adminMessages } from '@shared/schemas/admin';
import { IconTool } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isStaffUser, STAFF_CONSOLE_PATH } from '../../../components/layout/navigation';
import { messageText } from '../../../i18n/error-texts';
import { type SessionUser, useAuth } from '../../../lib/auth';
import { isNetworkFailure, serverMessage } from '../../../lib/errors';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { TwoFactorStep } from '../../auth/TwoFactorStep';
import { safeAdminPath } from '../layout/RequireAdmin';

/**
 * "Fix admin login" is offered after wrong credentials: the server's answer to them (401), or an answer
 * without a message. Decided on the code, not the words, since the server answers in the reader's language.
 */
function isCredentialsFailure(error: unknown): boolean {
  if (isNetworkFailure(error)) return false;
  if (
    error instanceof TRPCClientError &&
    (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED'
  )
    return true;
  return serverMessage(error, '') === '';
}

export function AdminLoginPage() {
  const { t } = useTranslation(['admin', 'common']);
  usePageMeta(t('login.title'));
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
  const [offerFix, setOfferFix] = useState(false);
  const [pendingToken, setPendingToken] = useState<string | null>(null);

  if (!loading && isAdmin) return <Navigate to={next} replace />;

  /**
   * docs/product.md#messages-and-empty-states: the server's message, or "Invalid admin credentials", or "Login
   * failed".
   */
  const loginError = (caught: unknown): string => {
    if (isNetworkFailure(caught)) return t('login.failed');
    return serverMessage(caught, '') || t('login.invalid');
  };

  function enter(signedIn: SessionUser) {
    if (signedIn.isAdmin) navigate(next, { replace: true });
    else setError(t('login.notAdmin'));
  }

  async function signInAsAdmin(failure: (caught: unknown) => string) {
    try {
      const result = await signIn({ email, password });
      if ('user' in result) enter(result.user);
      else setPendingToken(result.pendingToken);
    } catch (caught) {
      setError(failure(caught));
      setOfferFix(isCredentialsFailure(caught));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(messageText(adminMessages.bothCredentials));
      setOfferFix(false);
      return;
    }
    setBusy(true);
    setError(null);
    setOfferFix(false);
    await signInAsAdmin(loginError);
    setBusy(false);
  }

  // docs/product.md#admin-login: creates the first System Admin when none exists; when one exists it simply signs in.
  async function fixAdminLogin() {
    setBusy(true);
    setError(null);
    setOfferFix(false);
    try {
      const result = await bootstrap.mutateAsync({ email, password, fullName: 'System Admin' });
      if (result.success || result.code === 'ADMIN_EXISTS')
        await signInAsAdmin(() => t('login.failedAfterBootstrap'));
      else setError(t('login.bootstrapFailedCode', { code: result.code }));
    } catch (caught) {
      setError(serverMessage(caught, t('login.bootstrapFailed')));
    }
    setBusy(false);
  }

  const shownError = error ?? (user && !isAdmin ? t('login.notAdmin') : null);
  return (
    <Container size={440} py="xl">
      <Title order={1} mb="xs">
        {t('login.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('login.intro')}
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
          <form onSubmit={submit} noValidate aria-label={t('login.title')}>
            <Stack>
              {shownError && (
                <Alert color="red" variant="filled" role="alert">
                  {shownError}
                </Alert>
              )}
              {/* Registration staff who came the admins' way: where their work is. */}
              {shownError && isStaffUser(user) && (
                <Stack gap="xs" data-testid="staff-pointer">
                  <Text>{t('login.staffPointer')}</Text>
                  <Button component={Link} to={STAFF_CONSOLE_PATH} variant="light">
                    {t('login.staffLink')}
                  </Button>
                </Stack>
              )}
              <TextInput
                label={t('login.email')}
                type="email"
                autoComplete="username"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                disabled={busy}
                required
              />
              <PasswordInput
                label={t('login.password')}
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                disabled={busy}
                required
              />
              <Button type="submit" loading={busy} fullWidth>
                {t('login.signIn')}
              </Button>
              {error && offerFix && (
                <Button
                  variant="light"
                  color="orange"
                  leftSection={<IconTool size={18} aria-hidden />}
                  onClick={fixAdminLogin}
                  disabled={busy}
                >
                  {t('login.fix')}
                </Button>
              )}
            </Stack>
          </form>
        )}
      </Paper>
      <Anchor component={Link} to="/" size="sm" mt="md" display="inline-block" py={12}>
        {t('common:notFound.backHome')}
      </Anchor>
    </Container>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['admin', 'auth', 'errors'] });

export default routeComponent(AdminLoginPage);
