import { Group, Radio, Stack, Text } from '@mantine/core';
import type { BilingualText } from '@shared/bilingual';
import { useTranslation } from 'react-i18next';
import type { AvatarSize } from '../avatar/avatar-sizes';
import { MemberPhoto } from '../avatar/MemberPhoto';
import { ContentText } from '../content/ContentText';

export interface CandidateSummary {
  name: string;
  partyText: BilingualText;
  positionSoughtText: BilingualText;
  imageUrl: string | null;
}

const given = (text: BilingualText) => text.en !== null || text.so !== null;

/** Photo (or initials), name, party and the position sought. */
export function CandidatePhoto({
  candidate,
  size = 'md',
}: {
  candidate: CandidateSummary;
  size?: AvatarSize;
}) {
  return <MemberPhoto name={candidate.name} imageUrl={candidate.imageUrl} size={size} />;
}

export function CandidateText({ candidate }: { candidate: CandidateSummary }) {
  const { t } = useTranslation('elections');
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {candidate.name}
      </Text>
      <Text size="sm" c="dimmed">
        {given(candidate.partyText) ? <ContentText text={candidate.partyText} /> : t('candidate.independent')}
        {given(candidate.positionSoughtText) && (
          <>
            {' · '}
            <ContentText text={candidate.positionSoughtText} />
          </>
        )}
      </Text>
    </Stack>
  );
}

/** The ballot's choices: one radio card per candidate, inside the ballot's Radio.Group. */
export function CandidateCards({ candidates }: { candidates: (CandidateSummary & { id: string })[] }) {
  return (
    <Stack gap="sm" mt="sm">
      {candidates.map((candidate) => (
        <Radio.Card key={candidate.id} value={candidate.id} p="md" radius="md">
          <Group wrap="nowrap" gap="md">
            <Radio.Indicator />
            <CandidatePhoto candidate={candidate} />
            <CandidateText candidate={candidate} />
          </Group>
        </Radio.Card>
      ))}
    </Stack>
  );
}
