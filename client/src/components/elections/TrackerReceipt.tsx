import { Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A verifiable vote's receipt: the ballot's tracker, to find in the public archive. */
export function TrackerReceipt({ tracker, electionId }: { tracker: string; electionId: string }) {
  const { t } = useTranslation('elections');
  return (
    <Card withBorder padding="lg" role="status">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('verifiable.receiptTitle')}
        </Title>
        <Text size="sm">{t('verifiable.receiptBody')}</Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="ballot-tracker">
          {tracker}
        </Code>
        <Group gap="sm">
          <Button
            component="a"
            href={`/verify?tracker=${encodeURIComponent(tracker)}&election=${electionId}`}
            variant="light"
            h={44}
          >
            {t('verifiable.findTracker')}
          </Button>
          <Button component="a" href={`/api/v1/elections/${electionId}/archive.bel`} variant="default" h={44}>
            {t('verifiable.archive')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
