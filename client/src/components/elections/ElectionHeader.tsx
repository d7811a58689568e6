import { Group, Text, Title } from '@mantine/core';
import type { BilingualText } from '@shared/bilingual';
import type { ElectionStatus } from '@shared/elections';
import type { ReactNode } from 'react';
import { ContentText } from '../content/ContentText';
import { ElectionStatusBadge } from '../ElectionStatusBadge';
import { DaysLeftBadge } from './DaysLeftBadge';
import { formatElectionTime } from './election-dates';

interface HeaderElection {
  titleText: BilingualText;
  status: ElectionStatus;
  startTime: Date;
  endTime: Date;
}

/**
 * The title block shared by the vote, results and details pages: what, its state, and when. `now` counts the
 * days left: a server-rendered page passes the moment its data was read (lib/clock.ts), so hydration matches.
 */
export function ElectionHeader({
  election,
  eyebrow,
  now,
}: {
  election: HeaderElection;
  eyebrow?: ReactNode;
  now?: Date;
}) {
  return (
    <header>
      {eyebrow && (
        <Text size="sm" c="dimmed" fw={600} tt="uppercase">
          {eyebrow}
        </Text>
      )}
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        <ContentText text={election.titleText} />
      </Title>
      <Group gap="xs" mt="xs">
        <ElectionStatusBadge status={election.status} />
        <DaysLeftBadge election={election} now={now} />
      </Group>
      <Text size="sm" c="dimmed" mt="xs">
        {formatElectionTime(election.startTime)} – {formatElectionTime(election.endTime)}
      </Text>
    </header>
  );
}
