import { EmptyState, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { RouterOutputs } from '../../../../server/routers/_app';
import { formatPercentage } from '../../../../shared/election-rules';
import { pollMonthLabel } from '../../../../shared/poll-rules';
import { PollCandidateAvatar } from './PollCandidateAvatar';
import { formatPollDateTime } from './poll-format';
import { ResultsBars, votesLabel } from './ResultsBars';

export type PollResultsData = RouterOutputs['polls']['results'];

const RANKS = ['1st', '2nd', '3rd'];

/** SPEC §3's poll results: month, total votes, last update, the top three, the others' share, the chart. */
export function PollResults({ data }: { data: PollResultsData }) {
  const { poll, results } = data;
  const final = poll.status === 'closed';
  return (
    <Stack gap="lg" component="section" aria-labelledby="poll-results-heading">
      <div>
        <Title order={2} fz="h3" id="poll-results-heading">
          {final ? 'Final results' : 'Results so far'}: {pollMonthLabel(poll.monthYear)}
        </Title>
        <Group gap="lg" mt={4}>
          <Text>
            Total votes: <strong>{results.totalVotes.toLocaleString('en-GB')}</strong>
          </Text>
          {results.lastUpdated && (
            <Text c="dimmed" size="sm">
              Last updated {formatPollDateTime(results.lastUpdated)}
            </Text>
          )}
        </Group>
      </div>

      {results.totalVotes === 0 ? (
        <EmptyState icon={<IconChartBar size={32} aria-hidden />} title="No Votes Cast" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" aria-label="Top three">
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
                      {RANKS[index]}
                    </Text>
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {candidate.name}
                    </Text>
                    {candidate.party && (
                      <Text size="sm" c="dimmed">
                        {candidate.party}
                      </Text>
                    )}
                    <Text fz={28} fw={800} lh={1.2} mt={4}>
                      {formatPercentage(candidate.percentage)}
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
              Others: <strong>{formatPercentage(results.othersPercentage)}</strong>
            </Text>
          )}
          <ResultsBars rows={results.all} />
        </>
      )}
    </Stack>
  );
}
