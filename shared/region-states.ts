import {
  MAP_REGION_NAMES,
  type MapRegionCode,
  REGION_TO_STATE,
  STATE_IDS,
  type StateId,
} from './federal-states';
import { DISTRICT_REGIONS, type DistrictRegion } from './regions';

/**
 * Districts name their region in words (shared/regions.ts), the map and the state pages by code
 * (shared/federal-states.ts). This joins the two, so an election limited to regions can be picked by federal
 * member state, and a region's name read in the reader's language (the map's texts are keyed by code).
 */
export const DISTRICT_REGION_CODES: Record<DistrictRegion, MapRegionCode> = {
  Awdal: 'SOAW',
  'Woqooyi Galbeed': 'SOWO',
  Togdheer: 'SOTO',
  Sool: 'SOSO',
  Sanaag: 'SOSA',
  Bari: 'SOBR',
  Nugaal: 'SONU',
  Mudug: 'SOMU',
  Galgaduud: 'SOGA',
  Hiraan: 'SOHI',
  'Middle Shabelle': 'SOSD',
  Banadir: 'SOBN',
  'Lower Shabelle': 'SOSH',
  Bay: 'SOBY',
  Bakool: 'SOBK',
  Gedo: 'SOGE',
  'Middle Juba': 'SOJD',
  'Lower Juba': 'SOJH',
};

/** The district region a map code stands for. */
export function districtRegionOfCode(code: MapRegionCode): DistrictRegion {
  const region = DISTRICT_REGIONS.find((name) => DISTRICT_REGION_CODES[name] === code);
  if (!region) throw new Error(`no district region for map code ${code} (${MAP_REGION_NAMES[code]})`);
  return region;
}

/** The federal member state (or entity) a region leads to: one each, as on the map (shared or contested
 *  regions, Mudug and Sool, go where the map sends them). */
export const stateOfRegion = (region: DistrictRegion): StateId =>
  REGION_TO_STATE[DISTRICT_REGION_CODES[region]];

/** A state's regions in the fixed north-to-south order: the admin form's shortcut "all of Jubaland". */
export function regionsOfState(state: StateId): DistrictRegion[] {
  return DISTRICT_REGIONS.filter((region) => stateOfRegion(region) === state);
}

/** The states whose regions are all in `regions` (to show a shortcut as chosen). */
export function statesCoveredBy(regions: readonly string[]): StateId[] {
  return STATE_IDS.filter((state) => regionsOfState(state).every((region) => regions.includes(region)));
}
