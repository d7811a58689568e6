import { Card, Group, SimpleGrid, Text } from '@mantine/core';
import type { BilingualText } from '@shared/bilingual';
import { useTranslation } from 'react-i18next';
import { ContentText } from '../content/ContentText';
import { CandidatePhoto, type CandidateSummary, CandidateText } from './CandidateIdentity';

interface ListedCandidate extends CandidateSummary {
  id: string;
  bio: string | null;
  bioText: BilingualText;
}

/** The candidates in ballot order, each with a short biography. */
export function CandidateList({ candidates }: { candidates: ListedCandidate[] }) {
  const { t } = useTranslation('elections');
  if (candidates.length === 0) {
    return <Text c="dimmed">{t('candidate.none')}</Text>;
  }
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2 }}
      spacing="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {candidates.map((candidate) => (
        <Card key={candidate.id} component="li" withBorder padding="md">
          <Group wrap="nowrap" align="flex-start" gap="md">
            <CandidatePhoto candidate={candidate} size="lg" />
            <div style={{ minWidth: 0 }}>
              <CandidateText candidate={candidate} />
              {candidate.bio && (
                <Text size="sm" mt="xs">
                  <ContentText text={candidate.bioText} />
                </Text>
              )}
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
