import { Alert, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../../lib/notify';
import { StepUpForm, useStepUpStatus } from './StepUpForm';

/**
 * For pages whose reads need a recent step-up (the audit log, the users list, hidden results, poll votes):
 * the "Confirm your password" form in place of the content until this session is stepped up, and again once
 * the 15 minutes are over.
 */
export function StepUpGate({
  children,
  within = 'page',
}: {
  children: ReactNode;
  /** 'page' when the form stands for the whole page (its title is the page's h1), 'section' inside a page. */
  within?: 'page' | 'section';
}) {
  const { t } = useTranslation();
  const status = useStepUpStatus();
  const until = status.data?.active ? status.data.until : null;
  const [now, setNow] = useState(() => Date.now());
  // Re-renders when the step-up lapses, so the form comes back without waiting for the next refetch.
  useEffect(() => {
    if (!until) return;
    const left = new Date(until).getTime() - Date.now();
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, Math.min(left + 500, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [until]);

  if (status.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('stepUp.checking')} />
      </Center>
    );
  }
  if (status.isError) {
    return (
      <Alert color="red" role="alert">
        {failureReason(status.error)}
      </Alert>
    );
  }
  if (until && new Date(until).getTime() > now) return children;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={460} w="100%">
      <Stack>
        <Title order={within === 'page' ? 1 : 2} fz="h3">
          {t('stepUp.title')}
        </Title>
        <StepUpForm onConfirmed={() => setNow(Date.now())} />
      </Stack>
    </Paper>
  );
}
