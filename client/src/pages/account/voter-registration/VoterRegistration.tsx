import {
  Alert,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { EnrollmentStatus } from '@shared/voter-roll';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { ClaimCardForm } from './ClaimCardForm';
import { EnrollmentCodePanel } from './EnrollmentCodePanel';

const STATUS_COLORS: Record<EnrollmentStatus, string> = {
  none: 'gray',
  pending: 'yellow',
  enrolled: 'green',
  rejected: 'red',
  suspended: 'orange',
};

/**
 * /account, "Voter registration": where the citizen stands on the roll and, while not on it, the two ways on:
 * a code to show at a registration center, or a claim of an entry already on the commission's roll.
 */
export function VoterRegistration() {
  const { t } = useTranslation('account');
  const trpc = useTRPC();
  const status = useQuery(trpc.enrollment.status.queryOptions());

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby="voter-registration-title"
    >
      <Stack>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h3" id="voter-registration-title">
            {t('roll.title')}
          </Title>
          {status.data && (
            <Badge color={STATUS_COLORS[status.data.status]} size="lg" data-testid="roll-status">
              {t(`roll.status.${status.data.status}`)}
            </Badge>
          )}
        </Group>
        {status.isPending ? (
          // The most common answer's layout, unseen, holds its place: the password form below does not jump.
          <Box pos="relative" aria-busy="true">
            <Skeleton pos="absolute" inset={0} h="100%" aria-label={t('roll.loading')} />
            <Box aria-hidden style={{ visibility: 'hidden' }} inert>
              <RollState status="none" />
            </Box>
          </Box>
        ) : status.isError ? (
          <Alert color="red" role="alert" title={t('roll.loadFailed')}>
            {failureReason(status.error)}
            <br />
            <Button mt="sm" variant="default" onClick={() => status.refetch()}>
              {t('twoFactor.tryAgain')}
            </Button>
          </Alert>
        ) : (
          <RollState {...status.data} />
        )}
      </Stack>
    </Paper>
  );
}

function RollState({
  status,
  region,
  district,
  voterCardNumber,
}: {
  status: EnrollmentStatus;
  region?: string;
  district?: string;
  voterCardNumber?: string;
}) {
  const { t } = useTranslation('account');
  const place = { district: district ?? '', region: region ?? '' };
  return (
    <Stack gap="md">
      <Text data-testid="roll-sentence">{t(`roll.sentence.${status}`, place)}</Text>
      {voterCardNumber && (
        <Text size="sm" c="dimmed">
          {t('roll.cardOnFile', { card: voterCardNumber })}
        </Text>
      )}
      {(status === 'none' || status === 'rejected') && (
        <>
          <EnrollmentCodePanel />
          <Divider />
          <ClaimCardForm />
        </>
      )}
    </Stack>
  );
}
