import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatElectionTime } from './election-dates';
import { type ResultRow, ResultsBar } from './ResultsBar';
import { ResultsChart } from './ResultsChart';
import { ResultsTable } from './ResultsTable';
import { formatVotes } from './results-format';
import { TurnoutCard, type TurnoutFigures } from './Turnout';

/** Totals, the stacked share bar, one bar per candidate and the table they all summarise. */
export function ElectionResults({
  results,
  lastUpdated,
  turnout = null,
}: {
  results: { total: number; rows: ResultRow[] };
  /** Votes / eligible voters, when the server sent it with these counts. */
  turnout?: TurnoutFigures | null;
  /** Null while batched counts have had no batch yet (BatchedCountsNotice says so in words). */
  lastUpdated: Date | null;
}) {
  const { t } = useTranslation('elections');
  const [first, second] = results.rows;
  // Named only when one candidate is ahead alone: a tie has no leader.
  const leader = first && first.votes > 0 && first.votes > (second?.votes ?? 0) ? first : undefined;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: turnout ? 3 : 2 }} spacing="sm">
        <Card withBorder padding="md">
          <Text size="sm" c="dimmed">
            {t('results.totalVotes')}
          </Text>
          <Text fz={28} fw={700} data-testid="total-votes">
            {formatVotes(results.total)}
          </Text>
        </Card>
        <Card withBorder padding="md">
          <Text size="sm" c="dimmed">
            {t('results.lastUpdated')}
          </Text>
          <Text fw={600} mt={6}>
            {lastUpdated ? formatElectionTime(lastUpdated) : '–'}
          </Text>
        </Card>
        {turnout && <TurnoutCard turnout={turnout} />}
      </SimpleGrid>
      {results.total === 0 ? (
        <Text ta="center" c="dimmed" fw={600} py="md" role="status">
          {t('results.noVotes')}
        </Text>
      ) : (
        <section aria-labelledby="results-share">
          <Group justify="space-between" mb="xs">
            <Title order={2} fz="lg" id="results-share">
              {t('results.share')}
            </Title>
            {leader && (
              <Text size="sm" c="dimmed">
                {t('results.mostVotes', { name: leader.name })}
              </Text>
            )}
          </Group>
          <ResultsBar rows={results.rows} />
          <Title order={3} fz="md" mt="lg" mb="sm">
            {t('results.perCandidate')}
          </Title>
          <ResultsChart rows={results.rows} />
        </section>
      )}
      <section aria-labelledby="results-table">
        <Title order={2} fz="lg" mb="xs" id="results-table">
          {t('results.table')}
        </Title>
        <ResultsTable rows={results.rows} total={results.total} />
      </section>
    </Stack>
  );
}
