import type { MapRegionCode } from '@shared/federal-states';
import { useTranslation } from 'react-i18next';
import { REGION_LABEL_POINTS } from '../../generated/somalia-map';

const LINE_HEIGHT = 17;
// Banadir is smaller than its name and the Mogadishu pin sits on it: its label goes out to sea.
const OFFSETS: Partial<Record<MapRegionCode, readonly [number, number]>> = { SOBN: [16, 14] };

/** A region's name at its centre, two-word names on two lines so they fit inside their region. */
export function RegionLabel({
  code,
  active,
  className,
}: {
  code: MapRegionCode;
  active: boolean;
  className?: string;
}) {
  const { t } = useTranslation('home');
  const [x, y] = REGION_LABEL_POINTS[code];
  const [dx, dy] = OFFSETS[code] ?? [0, 0];
  // Somali names (Jubbada Hoose, Shabeellaha Dhexe) are as long as the English ones: two lines fit too.
  const words = t(`map.regions.${code}`).split(' ');
  const firstY = y + dy - ((words.length - 1) * LINE_HEIGHT) / 2;
  return (
    <text
      x={x + dx}
      y={firstY}
      className={className}
      data-active={active || undefined}
      textAnchor={dx > 0 ? 'start' : 'middle'}
      dominantBaseline="middle"
    >
      {words.map((word, index) => (
        <tspan key={word} x={x + dx} dy={index === 0 ? 0 : LINE_HEIGHT}>
          {word}
        </tspan>
      ))}
    </text>
  );
}
