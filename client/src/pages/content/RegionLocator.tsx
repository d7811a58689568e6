import { Group, Paper, Stack, Text } from '@mantine/core';
import type { RegionMapImage } from '@shared/content/regions';
import { MAP_REGION_CODES, type MapRegionCode } from '@shared/federal-states';
import { useTranslation } from 'react-i18next';
import { regionPath } from '../../components/map/region-paths';
import { MAP_VIEWBOX_SIZE } from '../../generated/somalia-map';

const OWN_FILL = 'var(--mantine-primary-color-filled)';
const OTHER_FILL = 'var(--mantine-color-gray-light)';
const BORDER = 'var(--mantine-color-body)';
// One locator per page, so a fixed pattern id is unique.
const HATCH_ID = 'region-locator-hatch';
const hatch = `url(#${HATCH_ID})`;

// Its lazy loader awaits the regions' outlines (from the page's HTML when the server drew the locator).
export { loadRegionPaths } from '../../components/map/region-paths';

function Swatch({ fill, label }: { fill: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <svg width="14" height="14" aria-hidden="true">
        <rect width="14" height="14" rx="3" style={{ fill, stroke: 'var(--mantine-color-default-border)' }} />
      </svg>
      <Text size="xs">{label}</Text>
    </Group>
  );
}

/**
 * A small map of Somalia's 18 regions with this Region's own regions filled and shared or contested ones
 * hatched, so the map does not settle a disputed boundary. The shapes are the site map's generated paths; render
 * it only once loadRegionPaths() has finished.
 */
export function RegionLocator({ image, alt }: { image: RegionMapImage; alt: string }) {
  const { t } = useTranslation('content');
  const { t: tr } = useTranslation('regions');
  const own = new Set(image.own);
  const shared = new Set(image.sharedOrContested);
  const names = (codes: readonly MapRegionCode[]) => codes.map((code) => tr(`mapRegion.${code}`)).join(', ');

  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0}>
      <Stack gap="xs">
        <svg
          viewBox={`0 0 ${MAP_VIEWBOX_SIZE} ${MAP_VIEWBOX_SIZE}`}
          role="img"
          aria-label={t('locator.mapLabel', { alt })}
          style={{ width: '100%', maxWidth: 320, height: 'auto', alignSelf: 'center' }}
        >
          <defs>
            <pattern
              id={HATCH_ID}
              width="14"
              height="14"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="14" height="14" style={{ fill: OTHER_FILL }} />
              <line x1="0" y1="0" x2="0" y2="14" strokeWidth="6" style={{ stroke: OWN_FILL }} />
            </pattern>
          </defs>
          {MAP_REGION_CODES.map((code) => (
            <path
              key={code}
              d={regionPath(code)}
              data-region-shape={code}
              strokeWidth={2}
              style={{
                fill: own.has(code) ? OWN_FILL : shared.has(code) ? hatch : OTHER_FILL,
                stroke: BORDER,
              }}
            />
          ))}
        </svg>
        <Stack component="figcaption" gap={4}>
          {image.own.length > 0 && <Swatch fill={OWN_FILL} label={names(image.own)} />}
          {image.sharedOrContested.length > 0 && (
            <Swatch
              fill={hatch}
              label={t('locator.sharedOrContested', { names: names(image.sharedOrContested) })}
            />
          )}
          <Text size="xs" c="dimmed">
            {t('locator.boundaries')}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}
