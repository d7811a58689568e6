import { Anchor, Button, Grid, List, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { isRegionSlug, REGIONS, type RegionProfile } from '@shared/content/regions';
import { STATES } from '@shared/content/states';
import { IconArrowRight, IconExternalLink } from '@tabler/icons-react';
import { lazy } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import type { PageNotFound } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { Slice } from '../../lib/slice';
import { BackLink } from './BackLink';
import { areaText, regionPopulationText, seatsText } from './content-texts';
import { StatGrid } from './StatGrid';

// The locator draws the regions' outlines: a browser reads them from the server's HTML instead of downloading
// them (components/map/region-paths.ts), so its code waits until they are known.
const RegionLocator = lazy(() =>
  import('./RegionLocator').then(async (module) => {
    await module.loadRegionPaths();
    return { default: module.RegionLocator };
  }),
);

/** No region by that slug: 404, with the page's own sentence (RegionNotFound). */
export const notFound: PageNotFound = ({ params }) => !isRegionSlug(params.slug ?? '');

function RegionNotFound({ slug }: { slug: string }) {
  const { t } = useTranslation('content');
  usePageMeta(t('regionDetail.notFoundTitle'), t('regionDetail.notFoundDescription'));
  return (
    <PageContainer size="sm">
      <Stack align="flex-start">
        <Title order={1}>{t('regionDetail.notFoundTitle')}</Title>
        <Text>
          <Trans
            t={t}
            i18nKey="regionDetail.notFoundBody"
            values={{ slug }}
            components={[<code key="slug" />]}
          />
        </Text>
        <Button component={Link} to="/regions">
          {t('regionDetail.backToRegions')}
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

const SECTIONS = ['overview', 'governance', 'security', 'economy'] as const;

function RegionDetail({ region }: { region: RegionProfile }) {
  const { t } = useTranslation('content');
  const { t: tr } = useTranslation('regions');
  const name = tr(`region.${region.slug}.name`);
  usePageMeta(name, t('regionDetail.metaDescription', { name }));
  const state = STATES[region.stateId];
  const stateName = tr(`state.${state.id}.name`);
  const parts = tr(`region.${region.slug}.parts`, { returnObjects: true }) as readonly string[];
  return (
    <PageContainer>
      <Stack gap="xl">
        <Stack gap="xs">
          <BackLink to="/regions">{t('regionDetail.allRegions')}</BackLink>
          <Title order={1}>{name}</Title>
          <Text c="dimmed">{t('regionDetail.subtitle', { state: stateName })}</Text>
        </Stack>

        <StatGrid
          label={t('regionDetail.inFigures', { name })}
          stats={[
            { label: t('figures.population'), value: regionPopulationText(tr, region.population) },
            { label: t('figures.capital'), value: tr(`region.${region.slug}.capital`) },
            { label: t('figures.area'), value: areaText(tr, region.area_km2) },
            { label: t('figures.houseSeats'), value: seatsText(tr, state.houseSeats) },
          ]}
        />

        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              {SECTIONS.map((section) => (
                <Section key={section} id={`${section}-title`} title={t(`regionDetail.${section}`)}>
                  {tr(`region.${region.slug}.${section}`)}
                </Section>
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <Slice>
                <RegionLocator image={region.mapImage} alt={tr(`region.${region.slug}.mapAlt`)} />
              </Slice>
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="parts-title">
                <Title order={2} id="parts-title" fz="h4" mb="xs">
                  {t(region.parts === 'districts' ? 'regionDetail.districts' : 'regionDetail.regions')}
                </Title>
                <List size="sm" spacing={2}>
                  {parts.map((part) => (
                    <List.Item key={part}>{part}</List.Item>
                  ))}
                </List>
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>

        <Stack gap="xs" component="section" aria-labelledby="sources-title">
          <Title order={2} id="sources-title" fz="h3">
            {t('regionDetail.sources')}
          </Title>
          {/* Sources keep their published titles, in their own language. */}
          <List size="sm" spacing="xs">
            {region.sources.map((source) => (
              <List.Item key={source.url}>
                <Anchor
                  href={source.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  style={{
                    overflowWrap: 'anywhere',
                    display: 'inline-flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    gap: 4,
                    minHeight: 44,
                  }}
                >
                  <span lang="en">{source.label}</span> <IconExternalLink size={14} aria-hidden />
                  <VisuallyHidden>{t('regionDetail.opensInNewTab')}</VisuallyHidden>
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
          {t('regionDetail.stateLink', { name: stateName })} <IconArrowRight size={16} aria-hidden />
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

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['content', 'regions', 'errors'], notFound };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(RegionDetailPage);
