import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Slice } from '../../lib/slice';
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
        {/* Below the fold: each section's content hydrates in a slice of its own (lib/slice.tsx). */}
        <Slice>
          <FeatureCards />
        </Slice>
      </section>

      <section className={classes.section} aria-labelledby="updates-title">
        <Title id="updates-title" order={2} className={classes.sectionTitle}>
          {t('updates.title')}
        </Title>
        <Slice>
          <LatestUpdates />
        </Slice>
      </section>
    </>
  );
}
