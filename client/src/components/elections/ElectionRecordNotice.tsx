import { Anchor, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { ELECTION_RECORD_ABOUT, type ElectionRecordSummary } from '@shared/schemas/election-record';
import { IconDownload, IconFingerprint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where anyone downloads an election's record (server/http/election-record.ts). */
export const electionRecordUrl = (electionId: string) => `/api/v1/elections/${electionId}/record`;

/**
 * The root fixed when the election closed (docs/election-record.md), with the download and how to check it.
 * Shown once the record is public; the same for every reader.
 */
export function ElectionRecordNotice({
  electionId,
  record,
}: {
  electionId: string;
  record: ElectionRecordSummary;
}) {
  const { t } = useTranslation('elections');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="election-record-title">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconFingerprint size={20} aria-hidden />
          <Title order={2} size="h4" id="election-record-title">
            {t('record.title')}
          </Title>
        </Group>
        <Text size="sm">{t('record.body')}</Text>
        <Text size="sm">
          {t('record.root')}:{' '}
          <Code data-testid="election-record-root" style={{ overflowWrap: 'anywhere' }}>
            {record.root}
          </Code>{' '}
          ({t('record.entries', { count: record.votesCast })})
        </Text>
        <Group gap="md">
          {/* A file, not a page of the app: the router must not take this link. */}
          <Anchor
            href={electionRecordUrl(electionId)}
            download={`election-record-${electionId}.json`}
            size="sm"
          >
            <Group gap={4} component="span" wrap="nowrap">
              <IconDownload size={16} aria-hidden />
              {t('record.download')}
            </Group>
          </Anchor>
          <Anchor component={Link} to={ELECTION_RECORD_ABOUT} size="sm">
            {t('record.howToCheck')}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
