import { Stack, Text } from '@mantine/core';
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
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {candidate.name}
      </Text>
      <Text size="sm" c="dimmed">
        {candidate.party ?? 'Independent'}
        {candidate.positionSought ? ` · ${candidate.positionSought}` : ''}
      </Text>
    </Stack>
  );
}
