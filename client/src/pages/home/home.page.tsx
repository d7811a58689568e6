import { Button, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowRight, IconMapPin } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REGISTRATION_CENTERS_PATH } from '../../components/layout/navigation';
import { useAuth } from '../../lib/auth';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { Slice } from '../../lib/slice';
import classes from './home.module.css';
// The map's styles with the page's (linked in its head): the server renders the map before its code arrives.
import '../../components/map/SomaliaMap.module.css';

// The map's code downloads alongside the first render, not before it, and its shapes are read from the
// server's HTML (components/map/region-paths.ts); the placeholder keeps the map's square so nothing below it moves.
const SomaliaMap = lazy(() =>
  import('../../components/map/SomaliaMap').then(async (module) => {
    await module.loadRegionPaths();
    return { default: module.SomaliaMap };
  }),
);

// The sections below the map are below the fold on a phone and on a desktop: their code (cards, icons, dates)
// downloads alongside the first render, not before it. The footer starts below the fold too, so nothing
// in view moves when they arrive.
const FeaturesAndUpdates = lazy(() =>
  import('./FeaturesAndUpdates').then((module) => ({ default: module.FeaturesAndUpdates })),
);

// Only signed-in citizens see this section: visitors never download it.
const ActiveElections = lazy(() =>
  import('./ActiveElections').then((module) => ({ default: module.ActiveElections })),
);

export function HomePage() {
  const { t } = useTranslation('home');
  const { user } = useAuth();
  usePageMeta('', t('meta.description'));
  // The same elements on every render: when the session check answers (useAuth) before a lazy part's code has
  // arrived, a part given new props would be rendered again from its fallback, and its server markup would
  // vanish until the code came. Unchanged, React leaves it as the server sent it until it hydrates.
  const map = useMemo(
    () => (
      <Slice fallback={<div className={classes.mapPlaceholder} />}>
        <SomaliaMap />
      </Slice>
    ),
    [],
  );
  const featuresAndUpdates = useMemo(
    () => (
      <Slice>
        <FeaturesAndUpdates />
      </Slice>
    ),
    [],
  );
  return (
    <>
      <section className={classes.hero} aria-labelledby="hero-title">
        <Container size="lg" py={{ base: 48, sm: 80 }}>
          <Title id="hero-title" order={1} className={classes.title}>
            {t('hero.title')}
          </Title>
          <Text className={classes.lead} mt="md">
            {t('hero.lead')}
          </Text>
          <Group mt="xl">
            <Button
              component={Link}
              to="/elections"
              size="lg"
              color="green"
              rightSection={<IconArrowRight size={20} aria-hidden />}
            >
              {t('hero.startVoting')}
            </Button>
            <Button
              component={Link}
              to={REGISTRATION_CENTERS_PATH}
              size="lg"
              variant="default"
              leftSection={<IconMapPin size={20} aria-hidden />}
            >
              {t('hero.findCenter')}
            </Button>
          </Group>
        </Container>
      </section>

      <Container size="lg">
        <section className={classes.section} aria-labelledby="member-states-title">
          <Title id="member-states-title" order={2} className={classes.sectionTitle}>
            {t('memberStates.title')}
          </Title>
          <Text c="dimmed" mb="md" className={classes.sectionLead}>
            {t('memberStates.lead')}
          </Text>
          {map}
        </section>

        {user && (
          <Suspense fallback={null}>
            <ActiveElections />
          </Suspense>
        )}

        {featuresAndUpdates}
      </Container>
    </>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['home'] };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(HomePage);
