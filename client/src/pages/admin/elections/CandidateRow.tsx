import { ActionIcon, Flex, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MemberPhoto } from '../../../components/avatar/MemberPhoto';
import { ContentText, MissingLanguages } from '../../../components/content/ContentText';
import { formatNumber } from '../../../i18n/format';
import type { ElectionCandidate } from './CandidateEditor';

interface CandidateRowProps {
  candidate: ElectionCandidate;
  onEdit(): void;
  onDelete(): void;
}

/** One ballot entry: photo or initials, number, name, party and position, votes so far, and its actions. */
export function CandidateRow({ candidate, onEdit, onDelete }: CandidateRowProps) {
  const { t } = useTranslation('adminElections');
  const voted = candidate.votes > 0;
  const { name } = candidate;
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={candidate.name}>
      <Group wrap="nowrap" gap="sm" align="center">
        <MemberPhoto name={candidate.name} imageUrl={candidate.imageUrl} size="md" />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={700}>
            <VisuallyHidden>{t('row.ballotNumber', { number: candidate.orderIndex })}</VisuallyHidden>
            <span aria-hidden>{t('row.shortNumber', { number: candidate.orderIndex })}</span>
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {candidate.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {candidate.party === null ? t('row.independent') : <ContentText text={candidate.partyText} />}
            {candidate.positionSought !== null && (
              <>
                {' · '}
                <ContentText text={candidate.positionSoughtText} />
              </>
            )}
          </Text>
          <MissingLanguages
            texts={[
              candidate.partyText,
              candidate.positionSoughtText,
              candidate.bioText,
              candidate.imageAltText,
            ]}
          />
          <Text size="xs" c="dimmed">
            {t('row.votes', { count: candidate.votes, number: formatNumber(candidate.votes) })}
            {voted ? t('row.cannotDelete') : ''}
          </Text>
          {candidate.bio && (
            <Text size="sm" lineClamp={2}>
              <ContentText text={candidate.bioText} />
            </Text>
          )}
        </Stack>
        <Flex direction={{ base: 'column', xs: 'row' }} gap={0}>
          <ActionIcon variant="subtle" size={44} aria-label={t('row.edit', { name })} onClick={onEdit}>
            <IconPencil size={20} aria-hidden />
          </ActionIcon>
          {/* A candidate with votes stays: the server refuses, so the button is not offered. */}
          <ActionIcon
            variant="subtle"
            color="red"
            size={44}
            aria-label={t('row.delete', { name })}
            disabled={voted}
            onClick={onDelete}
          >
            <IconTrash size={20} aria-hidden />
          </ActionIcon>
        </Flex>
      </Group>
    </Paper>
  );
}
