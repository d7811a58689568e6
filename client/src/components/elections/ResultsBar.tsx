import { Progress } from '@mantine/core';
import { formatPercentage, RESULTS_BAR_LABEL_MIN_PERCENT } from '../../../../shared/election-rules';
import { resultColor } from './results-format';

export interface ResultRow {
  candidateId: string;
  name: string;
  party: string | null;
  votes: number;
  percentage: number;
}

/** SPEC §9's results bar: every share side by side; those under 5% are too narrow to carry a label. */
export function ResultsBar({ rows }: { rows: ResultRow[] }) {
  return (
    <Progress.Root size={32} radius="md" role="group" aria-label="Share of the vote">
      {rows
        .filter((row) => row.percentage > 0)
        .map((row, index) => (
          <Progress.Section
            key={row.candidateId}
            value={row.percentage}
            color={resultColor(index)}
            aria-label={`${row.name}: ${formatPercentage(row.percentage)}`}
          >
            {row.percentage >= RESULTS_BAR_LABEL_MIN_PERCENT && (
              <Progress.Label fz="xs">{formatPercentage(row.percentage)}</Progress.Label>
            )}
          </Progress.Section>
        ))}
    </Progress.Root>
  );
}
