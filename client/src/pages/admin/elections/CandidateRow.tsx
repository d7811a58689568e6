import { ActionIcon, Flex, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { MemberPhoto } from '../../../components/avatar/MemberPhoto';
import type { ElectionCandidate } from './CandidateEditor';

interface CandidateRowProps {
  candidate: ElectionCandidate;
  onEdit(): void;
  onDelete(): void;
}

/** One ballot entry: photo or initials, number, name, party and position, votes so far, and its actions. */
export function CandidateRow({ candidate, onEdit, onDelete }: CandidateRowProps) {
  const voted = candidate.votes > 0;
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={candidate.name}>
      <Group wrap="nowrap" gap="sm" align="center">
        <MemberPhoto name={candidate.name} imageUrl={candidate.imageUrl} size="md" />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={700}>
            <VisuallyHidden>Ballot number {candidate.orderIndex}</VisuallyHidden>
            <span aria-hidden>No. {candidate.orderIndex}</span>
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {candidate.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {candidate.party ?? 'Independent'}
            {candidate.positionSought ? ` · ${candidate.positionSought}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {candidate.votes.toLocaleString()} {candidate.votes === 1 ? 'vote' : 'votes'}
            {voted ? ' · cannot be deleted' : ''}
          </Text>
          {candidate.bio && (
            <Text size="sm" lineClamp={2}>
              {candidate.bio}
            </Text>
          )}
        </Stack>
        <Flex direction={{ base: 'column', xs: 'row' }} gap={0}>
          <ActionIcon variant="subtle" size={44} aria-label={`Edit ${candidate.name}`} onClick={onEdit}>
            <IconPencil size={20} aria-hidden />
          </ActionIcon>
          {/* A candidate with votes stays: the server refuses, so the button is not offered. */}
          <ActionIcon
            variant="subtle"
            color="red"
            size={44}
            aria-label={`Delete ${candidate.name}`}
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
