import { Anchor, Text } from '@mantine/core';
import { MAP_REGION_CODES, type MapRegionCode } from '@shared/federal-states';
import {
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MAP_VIEWBOX_SIZE, MOGADISHU_POINT, REGION_LABEL_POINTS } from '../../generated/somalia-map';
import { Slice } from '../../lib/slice';
import { RegionLabel } from './RegionLabel';
import { RegionLinks } from './RegionLinks';
import { regionPath } from './region-paths';
import classes from './SomaliaMap.module.css';
import { stateUrl } from './state-url';

/** Banadir is about 24 x 14 units: a finger could not hit it without a larger target. */
const BANADIR_HIT_RADIUS = 22;
// The box goes below regions this close to the top, so it stays on the map.
const BOX_BELOW_Y = 260;

/**
 * How the highlighted region was chosen: a mouse over it, keyboard focus, or a first tap on a touch
 * screen (which waits for a second tap or the box's link before leaving the page).
 */
type Highlight = { code: MapRegionCode; by: 'hover' | 'keyboard' | 'tap' };

/** The SVG scales with its frame, so a point in view box units is a percentage of the frame. */
const toPercent = (units: number) => `${(units / MAP_VIEWBOX_SIZE) * 100}%`;

// Its lazy loader awaits the regions' outlines (from the page's HTML when the server drew the map).
export { loadRegionPaths } from './region-paths';

/**
 * The 18 regions of Somalia; each opens the profile of the federal member state it belongs to. Its texts
 * are in the home namespace, which ships with the app, so any page can show the map. Render it only once
 * loadRegionPaths() has finished.
 */
export function SomaliaMap() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const lastPointer = useRef('mouse');
  const frameRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const boxId = useId();
  const captionId = useId();

  // A tap outside the map puts a tapped box away (some mobile browsers never move focus on a tap).
  useEffect(() => {
    if (highlight?.by !== 'tap') return;
    const dismiss = (event: globalThis.PointerEvent) => {
      if (!frameRef.current?.contains(event.target as Node)) setHighlight(null);
    };
    document.addEventListener('pointerdown', dismiss);
    return () => document.removeEventListener('pointerdown', dismiss);
  }, [highlight?.by]);

  const clearIf = (code: MapRegionCode, by: Highlight['by'][]) =>
    setHighlight((current) => (current?.code === code && by.includes(current.by) ? null : current));

  const regionEvents = (code: MapRegionCode) => ({
    onPointerDown: (event: PointerEvent) => {
      lastPointer.current = event.pointerType;
    },
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') setHighlight({ code, by: 'hover' });
    },
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') clearIf(code, ['hover']);
    },
    onClick: (event: MouseEvent) => {
      const touch = lastPointer.current !== 'mouse';
      lastPointer.current = 'mouse';
      if (touch && !(highlight?.code === code && highlight.by === 'tap')) {
        event.preventDefault();
        setHighlight({ code, by: 'tap' });
        return;
      }
      navigate(stateUrl(code));
    },
  });

  const focusEvents = (code: MapRegionCode) => ({
    onFocus: (event: FocusEvent<SVGPathElement>) => {
      if (event.currentTarget.matches(':focus-visible')) setHighlight({ code, by: 'keyboard' });
    },
    onBlur: (event: FocusEvent) => {
      if (!boxRef.current?.contains(event.relatedTarget as Node | null)) clearIf(code, ['keyboard', 'tap']);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter') navigate(stateUrl(code));
      else if (event.key === 'Escape') setHighlight(null);
    },
  });

  const active = highlight ? regionPath(highlight.code) : null;
  const [boxX, boxY] = highlight ? REGION_LABEL_POINTS[highlight.code] : [0, 0];
  const [banadirX, banadirY] = REGION_LABEL_POINTS.SOBN;
  const [pinX, pinY] = MOGADISHU_POINT;

  return (
    <figure className={classes.figure} aria-labelledby={captionId}>
      <div className={classes.frame} ref={frameRef}>
        {/* biome-ignore lint/a11y/useSemanticElements: SVG has no fieldset; the group names the map for screen readers */}
        <svg
          className={classes.map}
          viewBox={`0 0 ${MAP_VIEWBOX_SIZE} ${MAP_VIEWBOX_SIZE}`}
          role="group"
          aria-labelledby={captionId}
        >
          {MAP_REGION_CODES.map((code) => (
            // biome-ignore lint/a11y/useSemanticElements: each region is one focusable path; an SVG <a> around it would take its focus and role
            <path
              key={code}
              id={code}
              d={regionPath(code)}
              data-region-shape={code}
              className={classes.region}
              data-active={highlight?.code === code || undefined}
              tabIndex={0}
              role="link"
              aria-label={t(`map.regions.${code}`)}
              aria-describedby={highlight?.code === code ? boxId : undefined}
              {...regionEvents(code)}
              {...focusEvents(code)}
            />
          ))}
          {highlight && highlight.by !== 'hover' && active && (
            <g className={classes.ring} aria-hidden>
              <path d={active} className={classes.ringOuter} />
              <path d={active} className={classes.ringInner} />
            </g>
          )}
          <g aria-hidden className={classes.labels}>
            {/* The labels and the list below hydrate in slices of their own, after the regions (lib/slice.tsx). */}
            <Slice>
              {MAP_REGION_CODES.map((code) => (
                <RegionLabel
                  key={code}
                  code={code}
                  active={highlight?.code === code}
                  className={classes.label}
                />
              ))}
            </Slice>
          </g>
          {/* biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: the pin is a picture (SVG has no <img> for drawn shapes) */}
          <g
            className={classes.marker}
            transform={`translate(${pinX} ${pinY})`}
            role="img"
            aria-label={t('map.mogadishu')}
          >
            <title>{t('map.mogadishu')}</title>
            {/* A map pin 25 units tall (docs/product.md#interactive-map) with its tip on the city. */}
            <path d="M0,0C-2.5,-6 -8,-10 -8,-17A8,8 0 1 1 8,-17C8,-10 2.5,-6 0,0Z" />
            <circle cx={0} cy={-17} r={3} className={classes.markerDot} />
          </g>
          <circle
            cx={banadirX}
            cy={banadirY}
            r={BANADIR_HIT_RADIUS}
            className={classes.hitTarget}
            aria-hidden
            data-region="SOBN"
            {...regionEvents('SOBN')}
          />
        </svg>
        {highlight && (
          <div
            ref={boxRef}
            id={boxId}
            className={classes.box}
            data-placement={boxY < BOX_BELOW_Y ? 'below' : 'above'}
            data-interactive={highlight.by === 'tap' || undefined}
            style={{ '--x': toPercent(boxX), '--y': toPercent(boxY) } as CSSProperties}
          >
            <Text fw={700} lh={1.3}>
              {t(`map.regions.${highlight.code}`)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('map.region')}
            </Text>
            <Anchor component={Link} to={stateUrl(highlight.code)} size="sm" tabIndex={-1}>
              {t('map.viewProfile')}
            </Anchor>
          </div>
        )}
      </div>
      <figcaption id={captionId} className={classes.caption}>
        {t('map.caption')}
      </figcaption>
      <Text size="xs" c="dimmed" ta="center" mt={4}>
        {/* ODbL attribution, required wherever the map is shown (shared/data/map/SOURCE.md). */}
        {t('map.attribution')}
      </Text>
      <Slice>
        <RegionLinks />
      </Slice>
    </figure>
  );
}
