import { Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { useTranslation } from 'react-i18next';
import { useRegionName } from '../../../components/elections/EligibilityNotice';
import { formatShare } from '../../../components/elections/results-format';
import { formatNumber } from '../../../i18n/format';

type AdminTurnout = NonNullable<RouterOutputs['admin']['elections']['results']['turnout']>;

const RULE_KEY = {
  enrolled: 'turnout.ruleEnrolled',
  verifiedContact: 'turnout.ruleVerifiedContact',
  signedIn: 'turnout.ruleSignedIn',
} as const;

/**
 * The admin results page's turnout: overall, and for an election of enrolled voters each eligible region's
 * (votes of accounts enrolled there / the region's enrolled voters).
 */
export function TurnoutByRegion({ turnout }: { turnout: AdminTurnout }) {
  const { t } = useTranslation('adminElections');
  const regionName = useRegionName();
  const { overall } = turnout;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="turnout-heading">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="turnout-heading">
          {t('turnout.title')}
        </Title>
        <Text fw={600} data-testid="turnout-overall">
          {t('turnout.overall', {
            percentage: formatShare(overall.percentage),
            votes: formatNumber(overall.votes),
            eligible: formatNumber(overall.eligibleVoters),
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t(RULE_KEY[turnout.eligibility])}
        </Text>
        {turnout.regions ? (
          // Focusable so a keyboard can scroll a table wider than a phone (WCAG 2.1.1).
          <ScrollArea
            type="auto"
            offsetScrollbars="present"
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('turnout.title') }}
          >
            <Table miw={420} striped verticalSpacing="xs" data-testid="turnout-regions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('turnout.region')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('turnout.enrolledVoters')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('turnout.votes')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('turnout.turnout')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {turnout.regions.map((row) => (
                  <Table.Tr key={row.region}>
                    <Table.Th scope="row" fw={500}>
                      {regionName(row.region)}
                    </Table.Th>
                    <Table.Td ta="right">{formatNumber(row.eligibleVoters)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(row.votes)}</Table.Td>
                    <Table.Td ta="right">{formatShare(row.percentage)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        ) : (
          <Text size="sm">{t('turnout.noRegions')}</Text>
        )}
        {turnout.votesOutsideRoll ? (
          <Text size="sm">
            {t('turnout.outsideRoll', { number: formatNumber(turnout.votesOutsideRoll) })}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('turnout.liveNote')}
        </Text>
      </Stack>
    </Paper>
  );
}
