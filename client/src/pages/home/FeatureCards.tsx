import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconListCheck, IconMapPin, IconShieldLock } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import classes from './home.module.css';

interface Feature {
  title: string;
  description: string;
  to: string;
  Icon: ComponentType<{ size?: number; stroke?: number }>;
}

const FEATURES: readonly Feature[] = [
  {
    title: 'Secure Online Voting',
    description: 'Vote in active elections from a phone or computer and keep a receipt to check your vote.',
    to: '/voting',
    Icon: IconShieldLock,
  },
  {
    title: 'Regional Coverage',
    description: 'Profiles of every region and member state: population, seats and how each is governed.',
    to: '/regions',
    Icon: IconMapPin,
  },
  {
    title: 'Transparent Process',
    description: 'How elections are prepared, observed and counted, from registration to results.',
    to: '/transparent-process',
    Icon: IconListCheck,
  },
  {
    title: 'Verified Results',
    description: 'Results of active and closed elections, with the votes and share of every candidate.',
    to: '/verified-results',
    Icon: IconChartBar,
  },
];

export function FeatureCards() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {FEATURES.map(({ title, description, to, Icon }) => (
        <Card key={to} component={Link} to={to} withBorder padding="lg" className={classes.featureCard}>
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            <Icon size={26} stroke={1.6} />
          </ThemeIcon>
          <Title order={3} fz="lg" mt="md">
            {title}
          </Title>
          <Text size="sm" c="dimmed" mt={6}>
            {description}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
