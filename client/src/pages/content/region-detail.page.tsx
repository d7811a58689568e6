import { Anchor, Button, Grid, List, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowRight, IconExternalLink } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { formatArea, isRegionSlug, REGIONS, type RegionProfile } from '../../../../shared/content/regions';
import { formatSeats, STATES } from '../../../../shared/content/states';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { BackLink } from './BackLink';
import { RegionLocator } from './RegionLocator';
import { StatGrid } from './StatGrid';

function RegionNotFound({ slug }: { slug: string }) {
  usePageMeta('Region Not Found', 'There is no region page at this address; see the list of regions.');
  return (
    <PageContainer size="sm">
      <Stack align="flex-start">
        <Title order={1}>Region Not Found</Title>
        <Text>
          There is no region called <code>{slug}</code>. The eight regions are listed on the Regional Coverage
          page.
        </Text>
        <Button component={Link} to="/regions">
          Back to Regions
        </Button>
      </Stack>
    </PageContainer>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: string }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} id={id} fz="h3">
        {title}
      </Title>
      <Text>{children}</Text>
    </Stack>
  );
}

function RegionDetail({ region }: { region: RegionProfile }) {
  usePageMeta(region.name, `${region.name}: capital, population, area, governance, security and economy.`);
  const state = STATES[region.stateId];
  const isDistricts = region.slug === 'banadir';
  return (
    <PageContainer>
      <Stack gap="xl">
        <Stack gap="xs">
          <BackLink to="/regions">All regions</BackLink>
          <Title order={1}>{region.name}</Title>
          <Text c="dimmed">House of the People region · {state.name}</Text>
        </Stack>

        <StatGrid
          label={`${region.name} in figures`}
          stats={[
            { label: 'Population', value: region.population },
            { label: 'Capital', value: region.capital },
            { label: 'Area', value: formatArea(region.area_km2) },
            { label: 'House seats', value: formatSeats(state.houseSeats) },
          ]}
        />

        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <Section id="overview-title" title="Overview">
                {region.overview}
              </Section>
              <Section id="governance-title" title="Governance">
                {region.governance}
              </Section>
              <Section id="security-title" title="Security">
                {region.security}
              </Section>
              <Section id="economy-title" title="Economy">
                {region.economy}
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <RegionLocator image={region.mapImage} />
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="parts-title">
                <Title order={2} id="parts-title" fz="h4" mb="xs">
                  {isDistricts ? 'Districts' : 'Regions'}
                </Title>
                <List size="sm" spacing={2}>
                  {region.regions_or_districts.map((part) => (
                    <List.Item key={part}>{part}</List.Item>
                  ))}
                </List>
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>

        <Stack gap="xs" component="section" aria-labelledby="sources-title">
          <Title order={2} id="sources-title" fz="h3">
            Sources
          </Title>
          <List size="sm" spacing="xs">
            {region.sources.map((source) => (
              <List.Item key={source.url}>
                <Anchor
                  href={source.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {source.label} <IconExternalLink size={14} aria-hidden />
                  <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>

        <Anchor
          component={Link}
          to={`/states/${state.id}`}
          display="inline-flex"
          style={{ alignItems: 'center', gap: 4, minHeight: 44 }}
        >
          {state.name} profile and representatives <IconArrowRight size={16} aria-hidden />
        </Anchor>
      </Stack>
    </PageContainer>
  );
}

export function RegionDetailPage() {
  const { slug = '' } = useParams();
  if (!isRegionSlug(slug)) return <RegionNotFound slug={slug} />;
  return <RegionDetail key={slug} region={REGIONS[slug]} />;
}
