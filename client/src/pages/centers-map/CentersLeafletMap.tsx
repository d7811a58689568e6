import 'leaflet/dist/leaflet.css';
import type { RouterOutputs } from '@server/routers/_app';
import { hoursRuns } from '@shared/opening-hours';
import type { TFunction } from 'i18next';
import type { Map as LeafletMap, PopupEvent } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhoneNumber } from '../../lib/phone';
import { hoursLines, statusText } from './hours-text';

type MapSettings = RouterOutputs['directory']['mapSettings'];
/** The map's data with each centre's name, note on its hours and region already in the reader's language. */
export type CentersMapData = Omit<MapSettings, 'centers'> & {
  centers: Array<Omit<MapSettings['centers'][number], 'region'> & { region: string | null }>;
};
type MapCentre = CentersMapData['centers'][number];
type Leaflet = typeof import('leaflet');

// Leaflet writes attributions into the page as HTML: the admin's text is shown as text, never markup.
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function popup(title: string, ...lines: (string | null)[]): HTMLElement {
  const box = document.createElement('div');
  const heading = document.createElement('strong');
  heading.textContent = title;
  box.append(heading);
  for (const line of lines) {
    if (!line) continue;
    const p = document.createElement('div');
    p.textContent = line;
    box.append(p);
  }
  return box;
}

/**
 * A centre's popup: its name and place, then, where the centre gave them, whether it is open now (read when the
 * popup opens), its week's hours, the note on them and a number to tap.
 */
function centrePopup(center: MapCentre, t: TFunction<'centers'>): HTMLElement {
  const place = [center.districtName, center.region].filter(Boolean).join(', ');
  const box = popup(center.name, place || null, center.address);
  const status = statusText(center.openingHours, new Date(), t);
  if (status) {
    const line = document.createElement('div');
    line.className = 'centre-popup-status';
    line.textContent = status.text;
    line.style.fontWeight = '600';
    line.style.color = status.open ? 'var(--mantine-color-green-8)' : 'inherit';
    box.append(line);
  }
  for (const run of hoursLines(hoursRuns(center.openingHours), t)) {
    const line = document.createElement('div');
    line.textContent = `${run.days}: ${run.hours}`;
    box.append(line);
  }
  if (center.hoursNote) {
    const note = document.createElement('div');
    note.textContent = center.hoursNote;
    box.append(note);
  }
  if (center.phone) {
    const line = document.createElement('div');
    const link = document.createElement('a');
    link.href = `tel:${center.phone}`;
    link.textContent = t('call', { phone: formatPhoneNumber(center.phone) });
    line.append(link);
    box.append(line);
  }
  return box;
}

/** The centres' circles and the admin's markers, in one group so they can be replaced together. */
function drawPlaces(L: Leaflet, data: CentersMapData, t: TFunction<'centers'>) {
  const group = L.layerGroup();
  for (const center of data.centers) {
    if (center.latitude === null || center.longitude === null) continue;
    L.circleMarker([center.latitude, center.longitude], {
      radius: 8,
      color: '#135ebb',
      weight: 2,
      fillColor: '#4189dd',
      fillOpacity: 0.8,
    })
      // Built when opened, so "open now" is read at that moment.
      .bindPopup(() => centrePopup(center, t))
      .addTo(group);
  }
  for (const marker of data.map.markers) {
    L.circleMarker([marker.latitude, marker.longitude], {
      radius: 10,
      color: '#9c1d1d',
      weight: 2,
      fillColor: '#e03131',
      fillOpacity: 0.85,
    })
      .bindPopup(popup(marker.name))
      .addTo(group);
  }
  return group;
}

interface CentersLeafletMapProps {
  data: CentersMapData;
  /** Called when the first tiles fail before any has loaded (offline, blocked host, bad URL). */
  onTilesFailed(): void;
}

/**
 * The Leaflet map: configured tiles, centre and zoom, a circle per active center and the admin's markers.
 * Circles instead of Leaflet's image pins: no marker images to fetch, and they scale on phones.
 */
export function CentersLeafletMap({ data, onTilesFailed }: CentersLeafletMapProps) {
  const { t } = useTranslation('centers');
  const container = useRef<HTMLElement>(null);
  const [drawn, setDrawn] = useState<{ L: Leaflet; map: LeafletMap } | null>(null);
  const { centerLat, centerLng, defaultZoom, tileUrl, attribution } = data.map;

  // The map itself is made once per mount: new data or texts change its layers, never the map (a map made again
  // would fetch its tiles again and close the reader's popup).
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    // Leaflet reads the window when it loads: it arrives in the browser only, after the server's HTML is hydrated.
    let map: LeafletMap | null = null;
    let unmounted = false;
    void import('leaflet').then(({ default: L }) => {
      if (unmounted) return;
      // Page scrolling on phones must not be captured by the map; zoom stays on buttons and pinch.
      map = L.map(element, { scrollWheelZoom: false, zoomControl: false });
      setDrawn({ L, map });
    });
    return () => {
      unmounted = true;
      map?.remove();
      setDrawn(null);
    };
  }, []);

  useEffect(() => {
    drawn?.map.setView([centerLat, centerLng], defaultZoom);
  }, [drawn, centerLat, centerLng, defaultZoom]);

  useEffect(() => {
    if (!drawn) return;
    let anyTileLoaded = false;
    const tiles = drawn.L.tileLayer(tileUrl, { attribution: escapeHtml(attribution), maxZoom: 18 })
      .on('tileload', () => {
        anyTileLoaded = true;
      })
      .on('tileerror', () => {
        if (!anyTileLoaded) onTilesFailed();
      })
      .addTo(drawn.map);
    return () => {
      tiles.remove();
    };
  }, [drawn, tileUrl, attribution, onTilesFailed]);

  // Leaflet's own zoom buttons, with their names in the reader's language.
  useEffect(() => {
    if (!drawn) return;
    const zoom = drawn.L.control
      .zoom({ zoomInTitle: t('zoomIn'), zoomOutTitle: t('zoomOut') })
      .addTo(drawn.map);
    // Leaflet names a popup's close button in English only; renamed each time a popup opens.
    const nameClose = (event: PopupEvent) => {
      const close = event.popup.getElement()?.querySelector('.leaflet-popup-close-button');
      close?.setAttribute('aria-label', t('closePopup'));
    };
    drawn.map.on('popupopen', nameClose);
    return () => {
      zoom.remove();
      drawn.map.off('popupopen', nameClose);
    };
  }, [drawn, t]);

  useEffect(() => {
    if (!drawn) return;
    const places = drawPlaces(drawn.L, data, t).addTo(drawn.map);
    return () => {
      places.remove();
    };
  }, [drawn, data, t]);

  // isolation keeps Leaflet's own z-indexes (up to 1000) below the site's sticky header and drawers.
  return (
    <section
      ref={container}
      aria-label={t('mapLabel')}
      style={{
        height: 'min(60vh, 460px)',
        minHeight: 280,
        borderRadius: 'var(--mantine-radius-md)',
        isolation: 'isolate',
      }}
      data-testid="centers-map"
    />
  );
}
