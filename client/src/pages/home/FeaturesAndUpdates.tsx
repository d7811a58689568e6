import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HydrateLater } from '../../lib/hydrate-later';
import { FeatureCards } from './FeatureCards';
import classes from './home.module.css';
import { LatestUpdates } from './LatestUpdates';

/** The landing page's sections below the map: why Codka, and the latest updates. */
export function FeaturesAndUpdates() {
  const { t } = useTranslation('home');
  return (
    <>
      <section className={classes.section} aria-labelledby="features-title">
        <Title id="features-title" order={2} className={classes.sectionTitle}>
          {t('features.title')}
        </Title>
        {/* Below the fold: each section's content hydrates in a task of its own (lib/hydrate-later.ts). */}
        <HydrateLater>
          <FeatureCards />
        </HydrateLater>
      </section>

      <section className={classes.section} aria-labelledby="updates-title">
        <Title id="updates-title" order={2} className={classes.sectionTitle}>
          {t('updates.title')}
        </Title>
        <HydrateLater>
          <LatestUpdates />
        </HydrateLater>
      </section>
    </>
  );
}
