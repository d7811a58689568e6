import { Alert, Button, Loader, Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '../components/PageContainer';
import { serverMessage } from '../lib/errors';
import { usePageMeta } from '../lib/page-meta';
import { useTRPC } from '../lib/trpc';

/** Opened from the emailed link; the token is sent by a same-origin POST, so the link alone changes nothing cross-site. */
export function VerifyEmailPage() {
  usePageMeta('Verify your email');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
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
        <Title order={1}>Verify your email</Title>
        {verify.isPending && <Loader aria-label="Verifying" />}
        {verify.isSuccess && (
          <Alert color="green" role="status" title="Email verified">
            Thank you. {verify.data.email} is now verified.
          </Alert>
        )}
        {verify.isError && (
          <Alert color="red" role="alert" title="Verification failed">
            {serverMessage(verify.error)}
          </Alert>
        )}
        <Button component={Link} to="/" variant="default" w="fit-content">
          Back to Home
        </Button>
      </Stack>
    </PageContainer>
  );
}
