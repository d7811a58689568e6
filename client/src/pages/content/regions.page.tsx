import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { REGION_SUMMARY } from '@shared/content/figures';
import { REGION_LIST, type RegionProfile } from '@shared/content/regions';
import { HOUSE_SOURCES, HOUSE_TOTAL, POPULATION, REGION_COUNT } from '@shared/content/seats';
import { STATES } from '@shared/content/states';
import { IconArrowRight } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FigureSources } from '../../components/FigureSources';
import { PageContainer } from '../../components/PageContainer';
import type { PageData } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { Slice, SliceGroups } from '../../lib/slice';
import { areaText, seatsText } from './content-texts';
import { EnrolledVotersByRegion } from './EnrolledVoters';
import { StatGrid } from './StatGrid';

/** The first view: the enrolled voters per region (lib/page-data.ts); the rest of the page is fixed text. */
export const pageData: PageData = ({ trpc }) => [trpc.enrollment.countsByRegion.queryOptions()];

function RegionCard({ region }: { region: RegionProfile }) {
  const { t } = useTranslation('content');
  const { t: tr } = useTranslation('regions');
  const headingId = `region-${region.slug}`;
  const state = STATES[region.stateId];
  const name = tr(`region.${region.slug}.name`);
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-labelledby={headingId}>
      <Stack gap="xs" h="100%">
        <Title order={2} fz="h3" id={headingId}>
          <Anchor component={Link} to={`/regions/${region.slug}`} inherit>
            {name}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed">
          {t('regions.capital', { capital: tr(`region.${region.slug}.capital`) })}
        </Text>
        <Text size="sm" lineClamp={4}>
          {tr(`region.${region.slug}.overview`)}
        </Text>
        <SimpleGrid component="dl" cols={2} spacing="xs" m={0} mt="auto">
          {[
            [t('figures.houseSeats'), seatsText(tr, state.houseSeats)],
            [t('figures.area'), areaText(tr, region.area_km2)],
          ].map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" fw={700} m={0} size="sm">
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Anchor
          component={Link}
          to={`/regions/${region.slug}`}
          size="sm"
          display="inline-flex"
          style={{ alignItems: 'center', gap: 4, minHeight: 44 }}
        >
          {/* The link names its region on screen too (WCAG 2.5.3: the name is the visible text). */}
          {t('regions.readAbout', { name })} <IconArrowRight size={16} aria-hidden />
        </Anchor>
      </Stack>
    </Card>
  );
}

export function RegionsPage() {
  const { t } = useTranslation('content');
  usePageMeta(t('regions.title'), t('regions.metaDescription'));
  return (
    <PageContainer>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('regions.title')}</Title>
          <Text mt="xs" maw={720}>
            {t('regions.intro', { seats: HOUSE_TOTAL, regions: REGION_COUNT })}
          </Text>
        </div>
        <div>
          <StatGrid
            stats={REGION_SUMMARY.map((stat) => ({ label: t(`figures.${stat.label}`), value: stat.value }))}
            label={t('regions.summaryLabel')}
          />
          <FigureSources title={t('regions.sources')} sources={[POPULATION.source, ...HOUSE_SOURCES]} />
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {/* A few cards per slice as the page hydrates (lib/slice.tsx). */}
          <SliceGroups items={REGION_LIST} size={2}>
            {(region) => <RegionCard key={region.slug} region={region} />}
          </SliceGroups>
        </SimpleGrid>
        <Slice>
          <EnrolledVotersByRegion />
        </Slice>
        <Slice>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="regions.seeAlso"
              components={[
                <Anchor key="states" component={Link} to="/federal-states" />,
                <Anchor key="centers" component={Link} to="/registration-centers" />,
              ]}
            />
          </Text>
        </Slice>
      </Stack>
    </PageContainer>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['content', 'regions', 'errors'], pageData };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(RegionsPage);
