import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FEDERAL_STATES_SUMMARY } from '@shared/content/figures';
import { POPULATION, SEAT_SOURCES } from '@shared/content/seats';
import { STATE_LIST, type StateProfile } from '@shared/content/states';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FigureSources } from '../../components/FigureSources';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { seatsNote, seatsText, statePopulationText } from './content-texts';
import { StateStatusBadge } from './StateStatusBadge';
import { StatGrid } from './StatGrid';

function StateCard({ state }: { state: StateProfile }) {
  const { t } = useTranslation('content');
  const { t: tr } = useTranslation('regions');
  const headingId = `state-${state.id}`;
  const name = tr(`state.${state.id}.name`);
  const note = seatsNote(tr, state);
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="h3" id={headingId}>
            <Anchor component={Link} to={`/states/${state.id}`} inherit>
              {name}
            </Anchor>
          </Title>
          <StateStatusBadge statusType={state.statusType} size="sm" />
        </Group>
        <Text size="sm">{tr(`state.${state.id}.description`)}</Text>
        <SimpleGrid component="dl" cols={3} spacing="xs" m={0} mt="auto">
          {[
            [t('figures.population'), statePopulationText(tr, state.population)],
            [t('figures.houseSeats'), seatsText(tr, state.houseSeats)],
            [t('figures.senateSeats'), seatsText(tr, state.senateSeats)],
          ].map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" fw={700} m={0}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
        <Anchor
          component={Link}
          to={`/states/${state.id}`}
          size="sm"
          display="inline-flex"
          style={{ alignItems: 'center', gap: 4, minHeight: 44 }}
        >
          {/* The link says whose profile it opens on screen too (WCAG 2.5.3: the name is the visible text). */}
          {t('federalStates.viewProfileLabel', { name })} <IconArrowRight size={16} aria-hidden />
        </Anchor>
      </Stack>
    </Card>
  );
}

export function FederalStatesPage() {
  const { t } = useTranslation('content');
  usePageMeta(t('federalStates.title'), t('federalStates.metaDescription'));
  return (
    <PageContainer>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('federalStates.title')}</Title>
          <Text mt="xs" maw={720}>
            {t('federalStates.intro')}
          </Text>
        </div>
        <StatGrid
          stats={FEDERAL_STATES_SUMMARY.map((stat) => ({
            label: t(`figures.${stat.label}`),
            value: stat.value,
          }))}
          label={t('federalStates.summaryLabel')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {STATE_LIST.map((state) => (
            <StateCard key={state.id} state={state} />
          ))}
        </SimpleGrid>
        <div>
          <Text size="sm" c="dimmed">
            {t('federalStates.footnote')}
          </Text>
          <FigureSources title={t('federalStates.sources')} sources={[...SEAT_SOURCES, POPULATION.source]} />
        </div>
      </Stack>
    </PageContainer>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['content', 'regions', 'errors'] };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(FederalStatesPage);
