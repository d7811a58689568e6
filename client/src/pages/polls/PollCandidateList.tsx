import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { useTranslation } from 'react-i18next';
import { ContentText } from '../../components/content/ContentText';
import { SliceGroups } from '../../lib/slice';
import { PollCandidateAvatar } from './PollCandidateAvatar';

export type PollView = RouterOutputs['polls']['byId'];
export type PollCandidate = PollView['candidates'][number];

/** The candidates of a poll, read only (for visitors, drafts and polls not yet open). */
export function PollCandidateList({ candidates }: { candidates: PollCandidate[] }) {
  const { t } = useTranslation('polls');
  if (candidates.length === 0) {
    return <Text c="dimmed">{t('candidates.none')}</Text>;
  }
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2 }}
      spacing="sm"
      component="ul"
      style={{ listStyle: 'none', padding: 0 }}
      aria-label={t('candidates.label')}
    >
      {/* A few candidates per slice as the page hydrates (lib/slice.tsx). */}
      <SliceGroups items={candidates} size={4}>
        {(candidate) => (
          <Paper key={candidate.id} component="li" withBorder radius="md" p="sm">
            <Group wrap="nowrap" gap="sm">
              <PollCandidateAvatar
                name={candidate.name}
                photoUrl={candidate.photoUrl}
                colorHex={candidate.colorHex}
              />
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {candidate.name}
                </Text>
                {candidate.party && (
                  <Text size="sm" c="dimmed">
                    <ContentText text={candidate.partyText} />
                  </Text>
                )}
              </div>
            </Group>
          </Paper>
        )}
      </SliceGroups>
    </SimpleGrid>
  );
}
