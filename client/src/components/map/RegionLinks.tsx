import { Anchor, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { MAP_REGION_CODES, MAP_REGION_NAMES } from '../../../../shared/federal-states';
import { stateUrl } from './state-url';

/**
 * The map as a list, for screen readers and browsers without SVG. Out of the tab order: keyboard users
 * already reach every region on the map itself, and an invisible focused link would show no focus.
 */
export function RegionLinks() {
  return (
    <VisuallyHidden component="nav" aria-label="Regions of Somalia">
      <ul>
        {MAP_REGION_CODES.map((code) => (
          <li key={code}>
            <Anchor component={Link} to={stateUrl(code)} tabIndex={-1}>
              {MAP_REGION_NAMES[code]}
            </Anchor>
          </li>
        ))}
      </ul>
    </VisuallyHidden>
  );
}
