import { EmptyState, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { IconChartBar } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { ContentText } from '../../components/content/ContentText';
import { formatShare } from '../../components/elections/results-format';
import { formatNumber } from '../../i18n/format';
import { PollCandidateAvatar } from './PollCandidateAvatar';
import { formatPollDateTime, formatPollMonth } from './poll-format';
import { ResultsBars, usePollVotesLabel } from './ResultsBars';

export type PollResultsData = RouterOutputs['polls']['results'];

const RANKS = ['results.rank1', 'results.rank2', 'results.rank3'] as const;

/**
 * The poll's results (docs/product.md#poll-results): month, total votes, last update, the top three, the others'
 * share, the chart.
 */
export function PollResults({ data }: { data: PollResultsData }) {
  const { t } = useTranslation('polls');
  const votesLabel = usePollVotesLabel();
  const { poll, results } = data;
  const month = formatPollMonth(poll.monthYear);
  const final = poll.status === 'closed';
  return (
    <Stack gap="lg" component="section" aria-labelledby="poll-results-heading">
      <div>
        <Title order={2} fz="h3" id="poll-results-heading">
          {final ? t('results.final', { month }) : t('results.soFar', { month })}
        </Title>
        <Group gap="lg" mt={4}>
          <Text>
            <Trans
              t={t}
              i18nKey="results.totalVotes"
              values={{ total: formatNumber(results.totalVotes) }}
              components={[<strong key="total" />]}
            />
          </Text>
          {results.lastUpdated && (
            <Text c="dimmed" size="sm">
              {t('results.lastUpdated', { time: formatPollDateTime(results.lastUpdated) })}
            </Text>
          )}
        </Group>
      </div>

      {results.totalVotes === 0 ? (
        <EmptyState icon={<IconChartBar size={32} aria-hidden />} title={t('results.noVotes')} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" aria-label={t('results.topThree')}>
            {results.topThree.map((candidate, index) => (
              <Paper
                key={candidate.id}
                withBorder
                radius="md"
                p="md"
                style={{ borderLeft: `6px solid ${candidate.colorHex}` }}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <PollCandidateAvatar
                    name={candidate.name}
                    photoUrl={candidate.photoUrl}
                    colorHex={candidate.colorHex}
                  />
                  <div style={{ minWidth: 0 }}>
                    <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                      {RANKS[index] && t(RANKS[index])}
                    </Text>
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {candidate.name}
                    </Text>
                    {candidate.party && (
                      <Text size="sm" c="dimmed">
                        <ContentText text={candidate.partyText} />
                      </Text>
                    )}
                    <Text fz={28} fw={800} lh={1.2} mt={4}>
                      {formatShare(candidate.percentage)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {votesLabel(candidate.voteCount)}
                    </Text>
                  </div>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
          {results.all.length > results.topThree.length && (
            <Text>
              <Trans
                t={t}
                i18nKey="results.others"
                values={{ share: formatShare(results.othersPercentage) }}
                components={[<strong key="share" />]}
              />
            </Text>
          )}
          <ResultsBars rows={results.all} />
        </>
      )}
    </Stack>
  );
}
