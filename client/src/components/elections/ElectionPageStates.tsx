import { Alert, Anchor, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconLogin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureReason } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { PageContainer } from '../PageContainer';

/** A link back with a 44 px touch target. */
export function BackTo({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4, minHeight: 44 }}
    >
      <IconArrowLeft size={16} aria-hidden /> {children}
    </Anchor>
  );
}

/** Placeholder for an election page while it loads; it names the page so the tab is never blank. */
export function ElectionPageLoading({ title }: { title: string }) {
  const { t } = useTranslation('elections');
  usePageMeta(title, undefined, { placeholder: true });
  return (
    <PageContainer size="md">
      <Stack aria-busy="true" aria-label={t('states.loading')}>
        <Skeleton height={32} width="70%" />
        <Skeleton height={16} width="40%" />
        <Skeleton height={180} mt="md" />
      </Stack>
    </PageContainer>
  );
}

/** Unknown ids and drafts look the same to citizens: there is no such published election. */
export function ElectionNotFound() {
  const { t } = useTranslation('elections');
  usePageMeta(t('states.notFoundTitle'));
  return (
    <PageContainer size="sm">
      <Stack align="flex-start">
        <Title order={1}>{t('states.notFoundTitle')}</Title>
        <Text>{t('states.notFoundBody')}</Text>
        <Button component={Link} to="/elections" h={44}>
          {t('states.backToElections')}
        </Button>
      </Stack>
    </PageContainer>
  );
}

/** A load failure other than "not found": the reason and a way to try again. */
export function ElectionLoadFailure({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry(): void;
}) {
  const { t } = useTranslation('elections');
  usePageMeta(title);
  return (
    <PageContainer size="sm">
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={title} role="alert">
        <Text size="sm">{failureReason(error, t('states.tryAgainLater'))}</Text>
        <Button variant="light" color="red" mt="sm" h={44} onClick={onRetry}>
          {t('states.tryAgain')}
        </Button>
      </Alert>
    </PageContainer>
  );
}

/** Shown to visitors before anything that needs an account. */
export function SignInPrompt({ children }: { children: ReactNode }) {
  const { t } = useTranslation('elections');
  return (
    <Alert color="blue" icon={<IconLogin aria-hidden />} title={t('states.signInTitle')}>
      <Text size="sm">{children}</Text>
      <Button component={Link} to="/auth" mt="sm" h={44} leftSection={<IconLogin size={18} aria-hidden />}>
        {t('states.signIn')}
      </Button>
    </Alert>
  );
}
