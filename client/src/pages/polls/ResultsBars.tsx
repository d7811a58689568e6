import { Group, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { BilingualText } from '@shared/bilingual';
import { RESULTS_BAR_LABEL_MIN_PERCENT } from '@shared/election-rules';
import { useTranslation } from 'react-i18next';
import { ContentText } from '../../components/content/ContentText';
import { formatShare } from '../../components/elections/results-format';
import { formatNumber } from '../../i18n/format';
import { readableOn } from './poll-format';
import classes from './ResultsBars.module.css';

export interface ResultsBarRow {
  id: string;
  name: string;
  party: string | null;
  partyText: BilingualText;
  colorHex: string;
  percentage: number;
  voteCount: number;
}

const MIN_LABEL_PX = 40;

/** "1 vote", "1,234 votes" (in Somali "1,234 cod"), with the count in the reader's language. */
export function usePollVotesLabel(): (votes: number) => string {
  const { t } = useTranslation('polls');
  return (votes) => t('results.votesCount', { count: votes, votes: formatNumber(votes) });
}

/**
 * The chart: one stacked bar in the candidates' colours (shares under 5% unlabelled, docs/product.md#results-pages),
 * then a row per candidate whose printed share and count are the chart's text equivalent.
 */
export function ResultsBars({ rows }: { rows: ResultsBarRow[] }) {
  const { t } = useTranslation('polls');
  const votesLabel = usePollVotesLabel();
  // A label is printed only where it fits: a 8% share of a phone-wide bar is narrower than "8.3%".
  const { ref, width } = useElementSize();
  const labelled = (percentage: number) =>
    percentage >= RESULTS_BAR_LABEL_MIN_PERCENT && (width * percentage) / 100 >= MIN_LABEL_PX;
  return (
    <Stack gap="md">
      <div ref={ref} className={classes.stack} aria-hidden>
        {rows
          .filter((row) => row.percentage > 0)
          .map((row) => (
            <div
              key={row.id}
              className={classes.segment}
              style={{
                width: `${row.percentage}%`,
                background: row.colorHex,
                color: readableOn(row.colorHex),
              }}
            >
              {labelled(row.percentage) ? formatShare(row.percentage) : null}
            </div>
          ))}
      </div>
      <Stack
        gap="sm"
        component="ol"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={t('results.byCandidate')}
      >
        {rows.map((row) => (
          <li key={row.id}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start" mb={4}>
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                </Text>
                {row.party && (
                  <Text c="dimmed" size="sm">
                    <ContentText text={row.partyText} />
                  </Text>
                )}
              </div>
              <div style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                <Text fw={700}>{formatShare(row.percentage)}</Text>
                <Text c="dimmed" size="sm">
                  {votesLabel(row.voteCount)}
                </Text>
              </div>
            </Group>
            <div className={classes.track} aria-hidden>
              <div
                className={classes.fill}
                style={{ width: `${row.percentage}%`, background: row.colorHex }}
              />
            </div>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
