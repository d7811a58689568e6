import { MAP_REGION_CODES, type MapRegionCode } from '@shared/federal-states';

/**
 * The attribute on each drawn region (the landing page's map, a Region's locator) naming its region: the browser
 * finds the server's shapes by it.
 */
export const REGION_SHAPE_ATTRIBUTE = 'data-region-shape';

type RegionPaths = Readonly<Record<MapRegionCode, string>>;
let known: RegionPaths | null = null;

/** The 18 outlines as the server drew them into this page's HTML, or null when the page has none. */
function pathsInPage(): RegionPaths | null {
  if (typeof document === 'undefined') return null;
  const found: Partial<Record<string, string>> = {};
  for (const shape of document.querySelectorAll(`path[${REGION_SHAPE_ATTRIBUTE}]`)) {
    const d = shape.getAttribute('d');
    if (d) found[shape.getAttribute(REGION_SHAPE_ATTRIBUTE) ?? ''] = d;
  }
  return MAP_REGION_CODES.every((code) => found[code]) ? (found as RegionPaths) : null;
}

/**
 * Makes the regions' outlines known before a map renders (its lazy loader awaits this). A page whose HTML has
 * them (the server rendered a map) needs no download: the browser hydrates that markup with the very same
 * shapes, about 7 KB gzip a first visit to / does not download. The server, and a browser that reaches a
 * map by the router (no map in its HTML), import the generated module.
 */
export async function loadRegionPaths(): Promise<void> {
  known ??= pathsInPage() ?? (await import('../../generated/somalia-map-paths')).REGION_PATHS;
}

/** A region's outline; only once loadRegionPaths() has finished. */
export function regionPath(code: MapRegionCode): string {
  if (!known) throw new Error('The regions’ outlines are not loaded yet (loadRegionPaths)');
  return known[code];
}
