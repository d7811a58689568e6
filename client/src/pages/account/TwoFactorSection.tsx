import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../lib/dates';
import { failureReason } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { RecoveryCodes } from './RecoveryCodes';
import { TwoFactorDisableForm } from './TwoFactorDisableForm';
import { TwoFactorSetup } from './TwoFactorSetup';

/** Two-factor sign-in: offered to System Admins; shown to anyone who has it on, so they can turn it off. */
export function TwoFactorSection({ isAdmin }: { isAdmin: boolean }) {
  const trpc = useTRPC();
  const status = useQuery(trpc.auth.twoFactor.status.queryOptions());
  // Shown once, right after enrolment: the server keeps only their hashes.
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  if (status.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading two-factor sign-in" />
      </Center>
    );
  }
  if (status.isError) {
    return (
      <Alert color="red" role="alert" title="Two-factor sign-in could not be loaded">
        {failureReason(status.error)}
        <br />
        <Button mt="sm" variant="default" onClick={() => status.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { enabled, enabledAt, recoveryCodesLeft } = status.data;
  if (!enabled && !isAdmin) return null;

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="section"
      aria-label="Two-factor sign-in"
    >
      <Stack>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h3">
            Two-factor sign-in
          </Title>
          <Badge color={enabled ? 'green' : 'gray'} size="lg" data-testid="two-factor-state">
            {enabled ? 'On' : 'Off'}
          </Badge>
        </Group>
        {newCodes ? (
          <RecoveryCodes codes={newCodes} onDone={() => setNewCodes(null)} />
        ) : enabled ? (
          <>
            <Text>
              Signing in and opening the admin dashboard ask for a code from your authenticator app
              {enabledAt ? ` (on since ${formatDate(enabledAt)})` : ''}. Recovery codes left:{' '}
              <strong>{recoveryCodesLeft}</strong>.
            </Text>
            {recoveryCodesLeft <= 3 && (
              <Alert color="yellow" role="status">
                Few recovery codes are left. To get new ones, turn two-factor sign-in off and set it up again.
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
