import { ActionIcon, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentText, MissingLanguages, useContentText } from '../../../components/content/ContentText';
import { ElectionStatusBadge } from '../../../components/ElectionStatusBadge';
import { VerifiableMark } from '../../../components/elections/VerifiableMark';
import { formatEatTime, formatNumber } from '../../../i18n/format';
import type { AdminElection } from './election-form';

interface ElectionCardProps {
  election: AdminElection;
  onEdit(): void;
  onDelete(): void;
}

/** One election on /admin/elections: what it is, when it runs, how far it has got, and what to do with it. */
export function ElectionCard({ election, onEdit, onDelete }: ElectionCardProps) {
  const { t } = useTranslation('adminElections');
  const headingId = `election-${election.id}`;
  // Aria-labels name the election in the reader's language; the heading marks a title shown in the other one.
  const title = useContentText()(election.titleText);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} fz="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            <ContentText text={election.titleText} />
          </Title>
          <Box style={{ flex: 'none' }}>
            <ElectionStatusBadge status={election.status} />
          </Box>
        </Group>
        {election.counting === 'verifiable' && (
          <Group gap="xs">
            <VerifiableMark badge />
          </Group>
        )}
        <MissingLanguages texts={[election.titleText, election.descriptionText]} />
        {election.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            <ContentText text={election.descriptionText} />
          </Text>
        )}
        <Stack gap={2}>
          <Text size="sm">
            <Text span fw={600}>
              {t('card.starts')}
            </Text>{' '}
            {formatEatTime(election.startTime)}
          </Text>
          <Text size="sm">
            <Text span fw={600}>
              {t('card.ends')}
            </Text>{' '}
            {formatEatTime(election.endTime)}
          </Text>
        </Stack>
        <Text size="sm" c="dimmed">
          {t('card.candidates', {
            count: election.candidateCount,
            number: formatNumber(election.candidateCount),
          })}{' '}
          · {t('card.votes', { count: election.voteCount, number: formatNumber(election.voteCount) })}
        </Text>
        <Group gap="xs" mt="auto" justify="space-between">
          <Group gap="xs">
            <Button
              component={Link}
              to={`/admin/elections/${election.id}/candidates`}
              variant="light"
              h={44}
              leftSection={<IconUsers size={18} aria-hidden />}
              aria-label={t('card.candidatesOf', { title })}
            >
              {t('card.candidatesLink')}
            </Button>
            <Button
              component={Link}
              to={`/admin/elections/${election.id}/results`}
              variant="light"
              h={44}
              leftSection={<IconChartBar size={18} aria-hidden />}
              aria-label={t('card.resultsOf', { title })}
            >
              {t('card.resultsLink')}
            </Button>
          </Group>
          <Group gap={4}>
            <ActionIcon variant="subtle" size={44} aria-label={t('card.edit', { title })} onClick={onEdit}>
              <IconPencil size={20} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size={44}
              aria-label={t('card.delete', { title })}
              onClick={onDelete}
            >
              <IconTrash size={20} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
