import { Alert, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc';
import { RecoveryCodes } from './RecoveryCodes';
import { TwoFactorSetup } from './TwoFactorSetup';

/**
 * A staff console's content, or, when the site requires two-factor sign-in for staff (STAFF_TWO_FACTOR=required)
 * and this account has none yet, the authenticator setup in its place. The server refuses every staff procedure
 * on its own; this only shows the one thing the account can do. After enrolment the recovery codes stay on
 * screen until the reader says they are saved, then the console opens.
 */
export function TwoFactorRequired({ children }: { children: ReactNode }) {
  const { t } = useTranslation('account');
  const trpc = useTRPC();
  const status = useQuery(trpc.auth.twoFactor.status.queryOptions());
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  if (status.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('twoFactor.loading')} />
      </Center>
    );
  }
  if (!newCodes && !status.data?.setupRequired) return children;
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      maw={640}
      mx="auto"
      component="section"
      aria-label={t('twoFactor.requiredTitle')}
      data-testid="two-factor-required"
    >
      <Stack>
        <Title order={1} fz="h2">
          {t('twoFactor.requiredTitle')}
        </Title>
        {newCodes ? (
          <RecoveryCodes codes={newCodes} onDone={() => setNewCodes(null)} />
        ) : (
          <>
            <Alert color="yellow" role="status">
              {t('twoFactor.requiredText')}
            </Alert>
            <TwoFactorSetup onEnabled={setNewCodes} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
