import { Badge } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { daysLeftLabel, type ElectionTiming, hasEnded } from '../../../../shared/election-rules';

/**
 * SPEC §9's days-left badge. An election that is over says so: "Ends today" on an election that closed
 * a month ago would mislead, so the spec's 0-or-less case applies only while it is still running.
 */
export function DaysLeftBadge({ election, now = new Date() }: { election: ElectionTiming; now?: Date }) {
  if (hasEnded(election, now)) {
    return (
      <Badge color="gray" variant="outline">
        Ended
      </Badge>
    );
  }
  return (
    <Badge color="blue" variant="outline" leftSection={<IconClock size={12} aria-hidden />}>
      {daysLeftLabel(election.endTime, now)}
    </Badge>
  );
}
