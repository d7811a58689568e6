import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { REGION_SUMMARY } from '../../../../shared/content/figures';
import { formatArea, REGION_LIST, type RegionProfile } from '../../../../shared/content/regions';
import { formatSeats, STATES } from '../../../../shared/content/states';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { StatGrid } from './StatGrid';

function RegionCard({ region }: { region: RegionProfile }) {
  const headingId = `region-${region.slug}`;
  const state = STATES[region.stateId];
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-labelledby={headingId}>
      <Stack gap="xs" h="100%">
        <Title order={2} fz="h3" id={headingId}>
          <Anchor component={Link} to={`/regions/${region.slug}`} inherit>
            {region.name}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed">
          Capital: {region.capital}
        </Text>
        <Text size="sm" lineClamp={4}>
          {region.overview}
        </Text>
        <SimpleGrid component="dl" cols={2} spacing="xs" m={0} mt="auto">
          {[
            ['House seats', formatSeats(state.houseSeats)],
            ['Area', formatArea(region.area_km2)],
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
          aria-label={`Read about ${region.name}`}
        >
          Read more <IconArrowRight size={16} aria-hidden />
        </Anchor>
      </Stack>
    </Card>
  );
}

export function RegionsPage() {
  usePageMeta(
    'Regional Coverage',
    'The eight regions of the House of the People: population, capitals, governance, security and economy.',
  );
  return (
    <PageContainer>
      <Stack gap="lg">
        <div>
          <Title order={1}>Regional Coverage</Title>
          <Text mt="xs" maw={720}>
            The 275 seats of the House of the People are shared among eight regions. Each page below describes
            a region&apos;s government, security and economy, with links to the public sources used.
          </Text>
        </div>
        <StatGrid stats={REGION_SUMMARY} label="Regional coverage at a glance" />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {REGION_LIST.map((region) => (
            <RegionCard key={region.slug} region={region} />
          ))}
        </SimpleGrid>
        <Text size="sm">
          See also the{' '}
          <Anchor component={Link} to="/federal-states">
            federal member states
          </Anchor>{' '}
          and their representatives, or find a{' '}
          <Anchor component={Link} to="/registration-centers">
            registration center near you
          </Anchor>
          .
        </Text>
      </Stack>
    </PageContainer>
  );
}
