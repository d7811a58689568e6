import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconListCheck, IconMapPin, IconShieldLock } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './home.module.css';

interface Feature {
  /** Under features.<key> in the home texts: a title and a description. */
  key: 'voting' | 'regions' | 'process' | 'results';
  to: string;
  Icon: ComponentType<{ size?: number; stroke?: number }>;
}

const FEATURES: readonly Feature[] = [
  {
    key: 'voting',
    to: '/voting',
    Icon: IconShieldLock,
  },
  {
    key: 'regions',
    to: '/regions',
    Icon: IconMapPin,
  },
  {
    key: 'process',
    to: '/transparent-process',
    Icon: IconListCheck,
  },
  {
    key: 'results',
    to: '/verified-results',
    Icon: IconChartBar,
  },
];

export function FeatureCards() {
  const { t } = useTranslation('home');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {FEATURES.map(({ key, to, Icon }) => (
        <Card key={to} component={Link} to={to} withBorder padding="lg" className={classes.featureCard}>
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            <Icon size={26} stroke={1.6} />
          </ThemeIcon>
          <Title order={3} fz="lg" mt="md">
            {t(`features.${key}.title`)}
          </Title>
          <Text size="sm" c="dimmed" mt={6}>
            {t(`features.${key}.description`)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
