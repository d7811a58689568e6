import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import { failureReason } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { RecoveryCodes } from './RecoveryCodes';
import { TwoFactorDisableForm } from './TwoFactorDisableForm';
import { TwoFactorSetup } from './TwoFactorSetup';

/**
 * Two-factor sign-in: offered to every staff account (Registrars, Enrollment Supervisors, System Admins); shown to
 * anyone who has it on, so they can turn it off.
 */
export function TwoFactorSection({ isStaff }: { isStaff: boolean }) {
  const { t } = useTranslation('account');
  const trpc = useTRPC();
  const status = useQuery(trpc.auth.twoFactor.status.queryOptions());
  // Shown once, right after enrolment: the server keeps only their hashes.
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  if (status.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('twoFactor.loading')} />
      </Center>
    );
  }
  if (status.isError) {
    return (
      <Alert color="red" role="alert" title={t('twoFactor.loadFailed')}>
        {failureReason(status.error)}
        <br />
        <Button mt="sm" variant="default" onClick={() => status.refetch()}>
          {t('twoFactor.tryAgain')}
        </Button>
      </Alert>
    );
  }
  const { enabled, enabledAt, recoveryCodesLeft } = status.data;
  if (!enabled && !isStaff) return null;

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="section"
      aria-label={t('twoFactor.section')}
    >
      <Stack>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h3">
            {t('twoFactor.title')}
          </Title>
          <Badge color={enabled ? 'green' : 'gray'} size="lg" data-testid="two-factor-state">
            {enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
        </Group>
        {newCodes ? (
          <RecoveryCodes codes={newCodes} onDone={() => setNewCodes(null)} />
        ) : enabled ? (
          <>
            <Text>
              <Trans
                t={t}
                i18nKey={enabledAt ? 'twoFactor.enabledSinceText' : 'twoFactor.enabledText'}
                values={{ left: recoveryCodesLeft, date: enabledAt ? formatDate(enabledAt) : '' }}
                components={{ 1: <strong /> }}
              />
            </Text>
            {recoveryCodesLeft <= 3 && (
              <Alert color="yellow" role="status">
                {t('twoFactor.fewCodes')}
              </Alert>
            )}
            <TwoFactorDisableForm />
          </>
        ) : (
          <TwoFactorSetup onEnabled={setNewCodes} />
        )}
      </Stack>
    </Paper>
  );
}
