import { Button, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { SomaliaMap } from '../../components/map/SomaliaMap';
import { useAuth } from '../../lib/auth';
import { usePageMeta } from '../../lib/page-meta';
import { FeatureCards } from './FeatureCards';
import classes from './home.module.css';
import { LatestUpdates } from './LatestUpdates';

// Only signed-in citizens see this section: visitors never download it.
const ActiveElections = lazy(() =>
  import('./ActiveElections').then((module) => ({ default: module.ActiveElections })),
);

export function HomePage() {
  const { user } = useAuth();
  usePageMeta(
    '',
    "Somalia's federal elections in one place: parliament, senate, member states, online voting and the monthly presidential poll.",
  );
  return (
    <>
      <section className={classes.hero} aria-labelledby="hero-title">
        <Container size="lg" py={{ base: 48, sm: 80 }}>
          <Title id="hero-title" order={1} className={classes.title}>
            Somalia Federal Elections
          </Title>
          <Text className={classes.lead} mt="md">
            Follow the House of the People, the Senate and the federal member states, vote securely in active
            elections, and have your say in the monthly presidential opinion poll.
          </Text>
          <Group mt="xl">
            <Button
              component={Link}
              to="/elections"
              size="lg"
              color="green"
              rightSection={<IconArrowRight size={20} aria-hidden />}
            >
              Start Voting Now
            </Button>
          </Group>
        </Container>
      </section>

      <Container size="lg">
        <section className={classes.section} aria-labelledby="member-states-title">
          <Title id="member-states-title" order={2} className={classes.sectionTitle}>
            Federal Member States
          </Title>
          <Text c="dimmed" mb="md" className={classes.sectionLead}>
            Select a region on the map to open the profile of the federal member state it belongs to.
          </Text>
          <SomaliaMap />
        </section>

        {user && (
          <Suspense fallback={null}>
            <ActiveElections />
          </Suspense>
        )}

        <section className={classes.section} aria-labelledby="features-title">
          <Title id="features-title" order={2} className={classes.sectionTitle}>
            Explore the Elections
          </Title>
          <FeatureCards />
        </section>

        <section className={classes.section} aria-labelledby="updates-title">
          <Title id="updates-title" order={2} className={classes.sectionTitle}>
            Latest Updates
          </Title>
          <LatestUpdates />
        </section>
      </Container>
    </>
  );
}
