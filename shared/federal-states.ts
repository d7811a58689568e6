import type { HouseRegion, SenateState } from './regions';

/**
 * The 8 entities of /federal-states and their profile routes /states/{id} (docs/product.md#federal-member-states).
 */
export const STATE_IDS = [
  'banadir',
  'hirshabelle',
  'galmudug',
  'puntland',
  'northeastern',
  'somaliland',
  'jubaland',
  'southwest',
] as const;
export type StateId = (typeof STATE_IDS)[number];

export interface StateDirectoryLinks {
  /** The House directory's region for this entity's seats. */
  houseRegion: HouseRegion;
  /** The Senate directory's state, where the entity has senate seats. */
  senateState: SenateState | null;
}

/**
 * How each entity appears in the House and Senate directories (their own spellings,
 * docs/product.md#house-and-senate-figures).
 */
export const STATE_DIRECTORY: Record<StateId, StateDirectoryLinks> = {
  banadir: { houseRegion: 'Banaadir', senateState: null },
  hirshabelle: { houseRegion: 'Hirshabelle', senateState: 'Hirshabeele' },
  galmudug: { houseRegion: 'Galmudug', senateState: 'Galmudug' },
  puntland: { houseRegion: 'Puntland', senateState: 'Puntland' },
  northeastern: { houseRegion: 'North East', senateState: null },
  somaliland: { houseRegion: 'North West', senateState: 'Somaliland' },
  jubaland: { houseRegion: 'Jubbaland', senateState: 'Jubaland' },
  southwest: { houseRegion: 'South West', senateState: 'Koonfur Galbeed' },
};

/** The 18 map region codes (docs/product.md#interactive-map). */
export const MAP_REGION_CODES = [
  'SOAW',
  'SOBK',
  'SOBN',
  'SOBR',
  'SOBY',
  'SOGA',
  'SOGE',
  'SOHI',
  'SOJD',
  'SOJH',
  'SOMU',
  'SONU',
  'SOSA',
  'SOSD',
  'SOSH',
  'SOSO',
  'SOTO',
  'SOWO',
] as const;
export type MapRegionCode = (typeof MAP_REGION_CODES)[number];

/** The English names of the map's regions (docs/product.md#interactive-map). */
export const MAP_REGION_NAMES: Record<MapRegionCode, string> = {
  SOAW: 'Awdal',
  SOBK: 'Bakool',
  SOBN: 'Banadir',
  SOBR: 'Bari',
  SOBY: 'Bay',
  SOGA: 'Galgaduud',
  SOGE: 'Gedo',
  SOHI: 'Hiraan',
  SOJD: 'Middle Juba',
  SOJH: 'Lower Juba',
  SOMU: 'Mudug',
  SONU: 'Nugaal',
  SOSA: 'Sanaag',
  SOSD: 'Middle Shabelle',
  SOSH: 'Lower Shabelle',
  SOSO: 'Sool',
  SOTO: 'Togdheer',
  SOWO: 'Woqooyi Galbeed',
};

/**
 * The federal member state (or entity) a map region leads to. Member-state lines do not follow region lines:
 * Mudug is shared by Puntland (north) and Galmudug (south); Sool, eastern Sanaag and the Buuhoodle area are
 * contested between Somaliland, Puntland and the North Eastern State. Each region leads to one entity, and the
 * state pages say where a region is shared or contested.
 */
export const REGION_TO_STATE: Record<MapRegionCode, StateId> = {
  SOAW: 'somaliland',
  SOWO: 'somaliland',
  SOTO: 'somaliland',
  SOSA: 'somaliland',
  SOSO: 'northeastern',
  SOBR: 'puntland',
  SONU: 'puntland',
  SOMU: 'galmudug',
  SOGA: 'galmudug',
  SOHI: 'hirshabelle',
  SOSD: 'hirshabelle',
  SOBN: 'banadir',
  SOSH: 'southwest',
  SOBY: 'southwest',
  SOBK: 'southwest',
  SOGE: 'jubaland',
  SOJD: 'jubaland',
  SOJH: 'jubaland',
};

/** The entity whose House seats the directory files under `region` (for a member's page). */
export const stateOfHouseRegion = (region: string): StateId | undefined =>
  STATE_IDS.find((id) => STATE_DIRECTORY[id].houseRegion === region);

/** The entity whose Senate seats the directory files under `state`; none for the leadership group. */
export const stateOfSenateState = (state: string): StateId | undefined =>
  STATE_IDS.find((id) => STATE_DIRECTORY[id].senateState === state);
