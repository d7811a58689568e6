import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AvatarSize } from '../avatar/avatar-sizes';
import { MemberPhoto } from '../avatar/MemberPhoto';

export interface CandidateSummary {
  name: string;
  party: string | null;
  positionSought: string | null;
  imageUrl: string | null;
}

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
        {candidate.party ?? t('candidate.independent')}
        {candidate.positionSought ? ` · ${candidate.positionSought}` : ''}
      </Text>
    </Stack>
  );
}
