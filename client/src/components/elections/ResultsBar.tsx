import { Progress } from '@mantine/core';
import type { BilingualText } from '@shared/bilingual';
import { RESULTS_BAR_LABEL_MIN_PERCENT } from '@shared/election-rules';
import { useTranslation } from 'react-i18next';
import { formatShare, resultColor } from './results-format';

export interface ResultRow {
  candidateId: string;
  name: string;
  party: string | null;
  partyText: BilingualText;
  votes: number;
  percentage: number;
}

/**
 * The results bar (docs/product.md#results-pages): every share side by side; those under 5% are too narrow to carry a
 * label.
 */
export function ResultsBar({ rows }: { rows: ResultRow[] }) {
  const { t } = useTranslation('elections');
  return (
    <Progress.Root size={32} radius="md" role="group" aria-label={t('results.share')}>
      {rows
        .filter((row) => row.percentage > 0)
        .map((row, index) => (
          <Progress.Section
            key={row.candidateId}
            value={row.percentage}
            color={resultColor(index)}
            aria-label={`${row.name}: ${formatShare(row.percentage)}`}
          >
            {row.percentage >= RESULTS_BAR_LABEL_MIN_PERCENT && (
              <Progress.Label fz="xs">{formatShare(row.percentage)}</Progress.Label>
            )}
          </Progress.Section>
        ))}
    </Progress.Root>
  );
}
