import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isNetworkFailure, serverMessage } from '../../lib/errors';

/** Card-shaped placeholders while a directory loads, so the page does not jump when it arrives. */
export function DirectorySkeleton({ cards }: { cards: number }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true" aria-label={t('site.loading')}>
      {Array.from({ length: cards }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with nothing else to key on
        <Card key={index} withBorder padding="md">
          <Group wrap="nowrap">
            <Skeleton circle height={64} />
            <div style={{ flex: 1 }}>
              <Skeleton height={14} width="70%" />
              <Skeleton height={12} width="40%" mt={10} />
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function DirectoryError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation('directory');
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('status.loadFailed')}>
      <Text size="sm">{isNetworkFailure(error) ? t('status.unreachable') : serverMessage(error)}</Text>
      <Button variant="light" color="red" size="xs" mt="sm" onClick={onRetry}>
        {t('status.tryAgain')}
      </Button>
    </Alert>
  );
}

export function DirectoryEmpty({ message }: { message: string }) {
  return (
    <Text ta="center" c="dimmed" py="xl" role="status">
      {message}
    </Text>
  );
}
