import { Anchor, VisuallyHidden } from '@mantine/core';
import { MAP_REGION_CODES } from '@shared/federal-states';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { stateUrl } from './state-url';

/**
 * The map as a list, for screen readers and browsers without SVG. Out of the tab order: keyboard users
 * already reach every region on the map itself, and an invisible focused link would show no focus.
 */
export function RegionLinks() {
  const { t } = useTranslation('home');
  return (
    <VisuallyHidden component="nav" aria-label={t('map.regionsNav')}>
      <ul>
        {MAP_REGION_CODES.map((code) => (
          <li key={code}>
            <Anchor component={Link} to={stateUrl(code)} tabIndex={-1}>
              {t(`map.regions.${code}`)}
            </Anchor>
          </li>
        ))}
      </ul>
    </VisuallyHidden>
  );
}
