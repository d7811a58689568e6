import { Card, Text } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { useTranslation } from 'react-i18next';
import { formatShare, formatVotes } from './results-format';

export type TurnoutFigures = NonNullable<RouterOutputs['elections']['results']['turnout']>;

/** "Turnout 37.5% (3 of 8 eligible voters)": the verified-results list's one line. */
export function useTurnoutLine(): (turnout: TurnoutFigures) => string {
  const { t } = useTranslation('elections');
  return (turnout) =>
    t('results.turnoutLine', {
      percentage: formatShare(turnout.percentage),
      votes: formatVotes(turnout.votes),
      eligible: formatVotes(turnout.eligibleVoters),
    });
}

/**
 * Votes / eligible voters, beside the total on the results page. The server sends it only with counts the
 * reader may see, and of the same total (the published batch while voting is open).
 */
export function TurnoutCard({ turnout }: { turnout: TurnoutFigures }) {
  const { t } = useTranslation('elections');
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {t('results.turnout')}
      </Text>
      <Text fz={28} fw={700} data-testid="turnout">
        {formatShare(turnout.percentage)}
      </Text>
      <Text size="xs" c="dimmed">
        {t('results.turnoutDetail', {
          votes: formatVotes(turnout.votes),
          eligible: formatVotes(turnout.eligibleVoters),
        })}
      </Text>
    </Card>
  );
}
