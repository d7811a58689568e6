import { Alert, Button, Loader, Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../components/PageContainer';
import { useAuth } from '../lib/auth';
import { serverMessage } from '../lib/errors';
import { useLinkToken } from '../lib/link-token';
import { usePageMeta } from '../lib/page-meta';
import { browserPageLoader } from '../lib/page-route';
import { routeComponent } from '../lib/route-component';
import { useTRPC } from '../lib/trpc';

/** Opened from the emailed link; the token is sent by a same-origin POST, so the link alone changes nothing cross-site. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('verifyEmail.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Sent once, then gone from the address bar and the history, as a reset link's is.
  const token = useLinkToken('/verify-email');
  // Sign-up starts no session: a citizen confirming from the e-mail signs in next.
  const { user } = useAuth();
  const verify = useMutation(
    trpc.auth.verifyEmail.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.session.queryKey() }),
    }),
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  return (
    <PageContainer size="sm">
      <Stack>
        <Title order={1}>{t('verifyEmail.title')}</Title>
        {verify.isPending && <Loader aria-label={t('verifyEmail.verifying')} />}
        {verify.isSuccess && (
          <Alert
            color="green"
            role="status"
            title={t(verify.data.alreadyVerified ? 'verifyEmail.alreadyVerified' : 'verifyEmail.verified')}
          >
            {t(verify.data.alreadyVerified ? 'verifyEmail.alreadyVerifiedBody' : 'verifyEmail.verifiedBody', {
              email: verify.data.email,
            })}
          </Alert>
        )}
        {verify.isError && (
          <Alert color="red" role="alert" title={t('verifyEmail.failed')}>
            {serverMessage(verify.error)}
          </Alert>
        )}
        {verify.isSuccess &&
          (user ? (
            <Button component={Link} to="/elections" w="fit-content">
              {t('verifyEmail.goElections')}
            </Button>
          ) : (
            <Button component={Link} to="/auth" w="fit-content">
              {t('verifyEmail.signIn')}
            </Button>
          ))}
        <Button component={Link} to="/" variant="default" w="fit-content">
          {t('verifyEmail.backHome')}
        </Button>
      </Stack>
    </PageContainer>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['auth', 'errors'] });

export default routeComponent(VerifyEmailPage);
