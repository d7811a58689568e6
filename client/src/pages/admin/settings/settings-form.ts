import { randomId } from '@mantine/hooks';
import type { RouterOutputs } from '@server/routers/_app';
import { settingsInput, type THEME_CHOICES } from '@shared/schemas/admin';
import type { z } from 'zod';
import { zodValidate } from '../../../lib/zod-form';

type Settings = RouterOutputs['admin']['settings']['get'];
type NumberField = number | string;

export interface MarkerValues {
  /** A stable React key for the row; never sent. */
  key: string;
  name: string;
  latitude: NumberField;
  longitude: NumberField;
}

export interface SettingsValues {
  tileUrl: string;
  attribution: string;
  defaultZoom: NumberField;
  centerLat: NumberField;
  centerLng: NumberField;
  fallbackImageUrl: string;
  markers: MarkerValues[];
  defaultTheme: (typeof THEME_CHOICES)[number];
}

export const EMPTY_SETTINGS: SettingsValues = {
  tileUrl: '',
  attribution: '',
  defaultZoom: 6,
  centerLat: '',
  centerLng: '',
  fallbackImageUrl: '',
  markers: [],
  defaultTheme: 'system',
};

export function newMarker(): MarkerValues {
  return { key: randomId(), name: '', latitude: '', longitude: '' };
}

export function toFormValues(settings: Settings): SettingsValues {
  const { map, site } = settings;
  return {
    tileUrl: map.tileUrl,
    attribution: map.attribution,
    defaultZoom: map.defaultZoom,
    centerLat: map.centerLat,
    centerLng: map.centerLng,
    fallbackImageUrl: map.fallbackImageUrl ?? '',
    markers: map.markers.map((marker) => ({ key: randomId(), ...marker })),
    defaultTheme: site.defaultTheme,
  };
}

// An empty number field reaches zod as NaN, whose own message ("expected number") means nothing to an admin.
const num = (value: NumberField) => (typeof value === 'number' ? value : Number.NaN);

export function toSettingsInput(values: SettingsValues): z.input<typeof settingsInput> {
  return {
    ...values,
    defaultZoom: num(values.defaultZoom),
    centerLat: num(values.centerLat),
    centerLng: num(values.centerLng),
    markers: values.markers.map(({ name, latitude, longitude }) => ({
      name,
      latitude: num(latitude),
      longitude: num(longitude),
    })),
  };
}

/** The shared schema's messages, plus `enterNumber` (in the reader's language) for a number field left empty. */
export function validateSettings(values: SettingsValues, enterNumber: string): Record<string, string> {
  const errors = zodValidate(settingsInput)(toSettingsInput(values));
  const blanks: [string, NumberField][] = [
    ['defaultZoom', values.defaultZoom],
    ['centerLat', values.centerLat],
    ['centerLng', values.centerLng],
    ...values.markers.flatMap((m, i): [string, NumberField][] => [
      [`markers.${i}.latitude`, m.latitude],
      [`markers.${i}.longitude`, m.longitude],
    ]),
  ];
  for (const [field, value] of blanks) if (typeof value !== 'number') errors[field] = enterNumber;
  return errors;
}
