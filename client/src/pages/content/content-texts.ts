import type { RegionProfile } from '@shared/content/regions';
import type { SeatCount } from '@shared/content/seats';
import type { StateProfile } from '@shared/content/states';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../i18n/format';
import type enRegions from '../../i18n/locales/en/regions.json';

type RegionsT = TFunction<'regions'>;

/** "TBD" stays words (in the reader's language); a number is shown as digits. */
export function seatsText(t: RegionsT, seats: SeatCount): string {
  return typeof seats === 'number' ? formatNumber(seats) : t('tbd');
}

/** "54,173 km²", or "Data not available" where the boundary is contested or split. */
export function areaText(t: RegionsT, area: RegionProfile['area_km2']): string {
  return area === null ? t('dataNotAvailable') : t('area', { area: formatNumber(area) });
}

/** "1,650,227 (UNFPA estimate, 2014)", or "Data not available". */
export function regionPopulationText(t: RegionsT, population: RegionProfile['population']): string {
  return population === null
    ? t('dataNotAvailable')
    : t('regionPopulation', { figure: formatNumber(population) });
}

/** "1.65M (2014 estimate)" on cards, or TBD where no figure is confirmed. */
export function statePopulationText(t: RegionsT, population: StateProfile['population']): string {
  if (population === null) return t('tbd');
  return t('statePopulation', { figure: formatNumber(population / 1_000_000, { maximumFractionDigits: 2 }) });
}

// Only some entities have these notes; `hasSeatsNote` / `hasSharedRegionsNote` say which (a unit test keeps
// them in step with the locale files), so the keys are narrowed here once.
type SeatsNoteKey = `seatsNote.${keyof (typeof enRegions)['seatsNote']}`;
type SharedRegionsNoteKey = `sharedRegionsNote.${keyof (typeof enRegions)['sharedRegionsNote']}`;

/** The qualification said next to an entity's seat counts, if it has one. */
export function seatsNote(t: RegionsT, state: StateProfile): string | null {
  return state.hasSeatsNote ? t(`seatsNote.${state.id}` as SeatsNoteKey) : null;
}

/** Where an entity's regions are shared with another or contested, if they are. */
export function sharedRegionsNote(t: RegionsT, state: StateProfile): string | null {
  return state.hasSharedRegionsNote ? t(`sharedRegionsNote.${state.id}` as SharedRegionsNoteKey) : null;
}
