import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { ENROLLMENT_CODE_LENGTH } from '@shared/voter-roll';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEatTime } from '../../../i18n/format';
import { failureReason } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { CodeQr } from './CodeQr';

/** "ACE47HK9" -> "ACE4 7HK9": two groups of four read aloud and typed more easily. */
export function spacedCode(code: string): string {
  const half = ENROLLMENT_CODE_LENGTH / 2;
  return `${code.slice(0, half)} ${code.slice(half)}`;
}

/** setTimeout's longest delay (about 24.8 days); a code lives 24 hours, so this is only a bound. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * A short code for the registration center, shown large, as a QR code, and with its expiry. The reader's live
 * code is asked for on every visit, so it stays on the page until it is used or expires; asking again replaces it.
 */
export function EnrollmentCodePanel() {
  const { t } = useTranslation('account');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const live = useQuery(trpc.enrollment.liveCode.queryOptions());
  const request = useMutation(
    trpc.enrollment.requestCode.mutationOptions({
      onSuccess: (fresh) => queryClient.setQueryData(trpc.enrollment.liveCode.queryKey(), fresh),
    }),
  );
  const issued = live.data ?? null;

  // At its expiry the code is asked for again: the server then answers none, and the page offers a new one.
  const expiresAt = issued ? new Date(issued.expiresAt).getTime() : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(
      () => void live.refetch(),
      Math.min(Math.max(expiresAt - Date.now(), 0) + 1000, LONGEST_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [expiresAt, live.refetch]);

  return (
    <Stack gap="sm" data-testid="enrollment-code-panel">
      {request.isError && (
        <Alert color="red" role="alert" title={t('roll.codeFailed')}>
          {failureReason(request.error)}
        </Alert>
      )}
      {live.isPending ? (
        <Skeleton h={88} />
      ) : issued ? (
        <Stack gap="sm" role="status" aria-live="polite">
          <Text fw={600}>{t('roll.codeTitle')}</Text>
          <Group align="center" gap="lg" wrap="wrap">
            <Text
              component="p"
              ff="monospace"
              fw={700}
              fz={{ base: 32, sm: 40 }}
              lh={1.2}
              m={0}
              style={{ letterSpacing: '0.18em', whiteSpace: 'nowrap' }}
              data-testid="enrollment-code"
              // Read letter by letter, not as a word.
              aria-label={t('roll.codeSpoken', { code: issued.code.split('').join(' ') })}
            >
              {spacedCode(issued.code)}
            </Text>
            <CodeQr code={issued.code} label={t('roll.qrAlt')} />
          </Group>
          <Text size="sm" data-testid="enrollment-code-expiry">
            {t('roll.codeExpires', { time: formatEatTime(new Date(issued.expiresAt)) })}
          </Text>
          <Text>
            <Trans
              t={t}
              i18nKey="roll.codeBring"
              components={{ 1: <Anchor component={Link} to="/registration-centers" /> }}
            />
          </Text>
          <Group>
            <Button variant="default" onClick={() => request.mutate()} loading={request.isPending}>
              {t('roll.codeAgain')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text>{t('roll.codeLead')}</Text>
          <Button onClick={() => request.mutate()} loading={request.isPending} size="md">
            {t('roll.getCode')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
