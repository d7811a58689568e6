import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ResultRow } from './ResultsBar';
import { formatShare, resultColor, useVotesLabel } from './results-format';

/** One bar per candidate, longest first; the numbers are printed beside each bar, so it reads without colour. */
export function ResultsChart({ rows }: { rows: ResultRow[] }) {
  const votesLabel = useVotesLabel();
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row, index) => (
        <li key={row.candidateId}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {row.name}
            </Text>
            <Text size="sm">
              {votesLabel(row.votes)} · <strong>{formatShare(row.percentage)}</strong>
            </Text>
          </Group>
          <Progress
            value={row.percentage}
            color={resultColor(index)}
            size="lg"
            mt={4}
            aria-label={`${row.name}: ${formatShare(row.percentage)}`}
          />
        </li>
      ))}
    </Stack>
  );
}
