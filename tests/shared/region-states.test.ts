import { MAP_REGION_CODES, MAP_REGION_NAMES, REGION_TO_STATE, STATE_IDS } from '@shared/federal-states';
import {
  DISTRICT_REGION_CODES,
  districtRegionOfCode,
  regionsOfState,
  stateOfRegion,
  statesCoveredBy,
} from '@shared/region-states';
import { DISTRICT_REGIONS } from '@shared/regions';
import { describe, expect, it } from 'vitest';

describe('district regions and map codes', () => {
  it('give each of the 18 regions its own map code, named the same on the map', () => {
    const codes = DISTRICT_REGIONS.map((region) => DISTRICT_REGION_CODES[region]);
    expect(new Set(codes).size).toBe(18);
    expect([...codes].sort()).toEqual([...MAP_REGION_CODES].sort());
    for (const region of DISTRICT_REGIONS) {
      expect(MAP_REGION_NAMES[DISTRICT_REGION_CODES[region]]).toBe(region);
      expect(districtRegionOfCode(DISTRICT_REGION_CODES[region])).toBe(region);
    }
  });

  it('puts every region in exactly one state, as the map does', () => {
    const all = STATE_IDS.flatMap((state) => regionsOfState(state));
    expect([...all].sort()).toEqual([...DISTRICT_REGIONS].sort());
    for (const region of DISTRICT_REGIONS) {
      expect(stateOfRegion(region)).toBe(REGION_TO_STATE[DISTRICT_REGION_CODES[region]]);
    }
  });

  it('names the states’ regions', () => {
    expect(regionsOfState('jubaland')).toEqual(['Gedo', 'Middle Juba', 'Lower Juba']);
    expect(regionsOfState('southwest')).toEqual(['Lower Shabelle', 'Bay', 'Bakool']);
    expect(regionsOfState('banadir')).toEqual(['Banadir']);
    expect(regionsOfState('hirshabelle')).toEqual(['Hiraan', 'Middle Shabelle']);
  });

  it('tells which states a list of regions covers whole', () => {
    expect(statesCoveredBy(['Banadir', 'Gedo', 'Middle Juba', 'Lower Juba', 'Bay'])).toEqual([
      'banadir',
      'jubaland',
    ]);
    expect(statesCoveredBy([])).toEqual([]);
  });
});
