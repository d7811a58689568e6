import { describe, expect, it } from 'vitest';
import { STATIC_ELECTIONS } from '../../shared/content/elections';
import { PROCESS_STATISTICS, REGION_SUMMARY } from '../../shared/content/figures';
import {
  DATA_NOT_AVAILABLE,
  formatArea,
  isRegionSlug,
  REGION_LIST,
  REGION_SLUGS,
  REGIONS,
} from '../../shared/content/regions';
import { formatSeats, isStateId, KEY_LANGUAGES, STATE_LIST, STATES } from '../../shared/content/states';
import { MAP_REGION_CODES, STATE_IDS } from '../../shared/federal-states';
import { HOUSE_REGIONS } from '../../shared/regions';

describe('federal states content', () => {
  it('has the 8 entities of /federal-states in order', () => {
    expect(STATE_LIST.map((state) => state.id)).toEqual([...STATE_IDS]);
    for (const id of STATE_IDS) expect(STATES[id].id).toBe(id);
  });

  it('gives the House and Senate seats of SPEC §9', () => {
    const seats = Object.fromEntries(
      STATE_LIST.map((state) => [state.id, [state.houseSeats, state.senateSeats]]),
    );
    expect(seats).toEqual({
      banadir: [5, 0],
      hirshabelle: [38, 8],
      galmudug: [37, 8],
      puntland: [37, 11],
      somaliland: [46, 13],
      jubaland: [43, 8],
      southwest: [69, 8],
      northeastern: ['TBD', 'TBD'],
    });
    const house = STATE_LIST.reduce(
      (sum, state) => sum + (typeof state.houseSeats === 'number' ? state.houseSeats : 0),
      0,
    );
    expect(house).toBe(275);
  });

  it("says Somaliland's seats are allocated but unfilled", () => {
    expect(STATES.somaliland.seatsNote).toMatch(/^Allocated but unfilled/);
  });

  it('lists Somali and Arabic among the key information of every profile', () => {
    for (const state of STATE_LIST) {
      const languages = state.keyInformation.find((fact) => fact.label === 'Key languages');
      expect(languages?.value, state.id).toBe(KEY_LANGUAGES);
      expect(KEY_LANGUAGES).toBe('Somali, Arabic');
    }
  });

  it('writes TBD for unknown populations rather than a figure', () => {
    for (const state of STATE_LIST) {
      expect(state.population === 'TBD' || /\d/.test(state.population), state.id).toBe(true);
    }
    expect(formatSeats('TBD')).toBe('TBD');
    expect(formatSeats(69)).toBe('69');
  });

  it('recognises state ids and nothing else', () => {
    expect(isStateId('southwest')).toBe(true);
    expect(isStateId('unknown')).toBe(false);
    expect(isStateId('toString')).toBe(false);
  });

  it('links every state to its region page', () => {
    for (const state of STATE_LIST) expect(REGIONS[state.regionSlug].stateId).toBe(state.id);
  });
});

describe('regions content', () => {
  it('has the 8 slugs of SPEC §3', () => {
    expect([...REGION_SLUGS]).toEqual([
      'banadir',
      'hirshabelle',
      'galmudug',
      'puntland',
      'north-east',
      'north-west',
      'jubbaland',
      'south-west',
    ]);
    expect(REGION_LIST.map((region) => region.slug)).toEqual([...REGION_SLUGS]);
    expect(isRegionSlug('north-east')).toBe(true);
    expect(isRegionSlug('unknown')).toBe(false);
  });

  it('maps the regions one to one onto the House directory regions and the states', () => {
    expect(new Set(REGION_LIST.map((region) => region.houseRegion))).toEqual(new Set(HOUSE_REGIONS));
    expect(new Set(REGION_LIST.map((region) => region.stateId))).toEqual(new Set(STATE_IDS));
  });

  it('fills every text field and links only https sources', () => {
    for (const region of REGION_LIST) {
      for (const field of [
        'name',
        'population',
        'capital',
        'overview',
        'governance',
        'security',
        'economy',
      ] as const) {
        expect(region[field].trim().length, `${region.slug}.${field}`).toBeGreaterThan(0);
      }
      expect(region.regions_or_districts.length).toBeGreaterThan(0);
      expect(region.sources.length, region.slug).toBeGreaterThan(0);
      for (const source of region.sources) {
        expect(new URL(source.url).protocol, source.url).toBe('https:');
        expect(source.label.trim().length).toBeGreaterThan(0);
      }
    }
  });

  it('gives an area in km² or the words Data not available', () => {
    for (const region of REGION_LIST) {
      const area = region.area_km2;
      expect(area === DATA_NOT_AVAILABLE || (Number.isInteger(area) && area > 0), region.slug).toBe(true);
    }
    expect(formatArea(54_173)).toBe('54,173 km²');
    expect(formatArea(DATA_NOT_AVAILABLE)).toBe('Data not available');
  });

  it('draws its locator map from the 18 map region codes, each at most once', () => {
    for (const region of REGION_LIST) {
      const codes = [...region.mapImage.own, ...region.mapImage.sharedOrContested];
      expect(codes.length, region.slug).toBeGreaterThan(0);
      expect(new Set(codes).size).toBe(codes.length);
      for (const code of codes) expect(MAP_REGION_CODES).toContain(code);
    }
  });
});

describe('fixed figures', () => {
  it('shows the summary and static statistics of SPEC §2 and §9', () => {
    expect(REGION_SUMMARY.map((stat) => stat.value)).toEqual(['8', '10.8M', '275', '100%']);
    expect(PROCESS_STATISTICS.map((stat) => stat.value)).toEqual([
      '2,847,325',
      '1,456',
      '247',
      '63',
      '99.8%',
    ]);
  });

  it('lists three static elections with unique ids', () => {
    expect(STATIC_ELECTIONS).toHaveLength(3);
    expect(new Set(STATIC_ELECTIONS.map((election) => election.id)).size).toBe(3);
  });
});
