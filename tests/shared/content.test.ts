import enContent from '@client/i18n/locales/en/content.json';
import enRegions from '@client/i18n/locales/en/regions.json';
import soContent from '@client/i18n/locales/so/content.json';
import soRegions from '@client/i18n/locales/so/regions.json';
import { STATIC_ELECTIONS } from '@shared/content/elections';
import { FEDERAL_STATES_SUMMARY, PROCESS_STATISTICS, REGION_SUMMARY } from '@shared/content/figures';
import { isRegionSlug, REGION_LIST, REGION_SLUGS, REGIONS } from '@shared/content/regions';
import {
  ENTITY_COUNT,
  HOUSE_SOURCES,
  POPULATION,
  REGION_COUNT,
  SENATE_SOURCES,
  SENATE_TOTAL,
} from '@shared/content/seats';
import { isStateId, STATE_LIST, STATES } from '@shared/content/states';
import { MAP_REGION_CODES, STATE_IDS } from '@shared/federal-states';
import { HOUSE_REGIONS } from '@shared/regions';
import { describe, expect, it } from 'vitest';

// The words of states and regions live in the client's locale files (namespace regions), keyed by id.
const LANGUAGES = { en: enRegions, so: soRegions } as const;

describe('federal states content', () => {
  it('has the 8 entities of /federal-states in order', () => {
    expect(STATE_LIST.map((state) => state.id)).toEqual([...STATE_IDS]);
    for (const id of STATE_IDS) expect(STATES[id].id).toBe(id);
  });

  it('gives the fixed House and Senate seats', () => {
    const seats = Object.fromEntries(
      STATE_LIST.map((state) => [state.id, [state.houseSeats, state.senateSeats]]),
    );
    expect(seats).toEqual({
      banadir: [5, 0],
      hirshabelle: [38, 8],
      galmudug: [37, 8],
      puntland: [37, 11],
      somaliland: [46, 11],
      jubaland: [43, 8],
      southwest: [69, 8],
      northeastern: ['TBD', 'TBD'],
    });
    const house = STATE_LIST.reduce(
      (sum, state) => sum + (typeof state.houseSeats === 'number' ? state.houseSeats : 0),
      0,
    );
    expect(house).toBe(275);
    // The Senate page's 54 is what the states' seats add up to (the North Eastern State's are unknown).
    const senate = STATE_LIST.reduce(
      (sum, state) => sum + (typeof state.senateSeats === 'number' ? state.senateSeats : 0),
      0,
    );
    expect(senate).toBe(SENATE_TOTAL);
    expect(SENATE_TOTAL).toBe(54);
  });

  it('cites a source for every seat and population figure', () => {
    for (const source of [...HOUSE_SOURCES, ...SENATE_SOURCES, POPULATION.source]) {
      expect(source.url, source.label).toMatch(/^https:\/\//);
      expect(source.label.length, source.url).toBeGreaterThan(10);
    }
  });

  it('counts regions and entities once: 18 regions, 8 entities', () => {
    expect(REGION_COUNT).toBe(18);
    expect(ENTITY_COUNT).toBe(8);
  });

  it("says Somaliland's seats are allocated but unfilled", () => {
    expect(enRegions.seatsNote.somaliland).toMatch(/^Allocated but unfilled/);
  });

  it('lists Somali and Arabic as the key languages', () => {
    expect(enRegions.keyLanguages).toBe('Somali, Arabic');
    expect(soRegions.keyLanguages).toBe('Af-Soomaali, Carabi');
  });

  it('gives a population only where an estimate exists (TBD otherwise), and a formation year', () => {
    expect(STATES.banadir.population).toBe(1_650_227);
    for (const state of STATE_LIST) {
      expect(state.population === null || Number.isInteger(state.population), state.id).toBe(true);
      expect(state.formed === null || (state.formed >= 1960 && state.formed <= 2025), state.id).toBe(true);
    }
    expect(enRegions.tbd).toBe('TBD');
  });

  it('has the words of every entity in both languages, and a note exactly where it says it has one', () => {
    for (const [language, texts] of Object.entries(LANGUAGES)) {
      for (const state of STATE_LIST) {
        const words = texts.state[state.id];
        for (const field of [
          'name',
          'status',
          'description',
          'capital',
          'regions',
          'demographics',
        ] as const) {
          expect(words[field].trim().length, `${language} ${state.id}.${field}`).toBeGreaterThan(0);
        }
        expect(state.id in texts.seatsNote, `${language} seatsNote.${state.id}`).toBe(state.hasSeatsNote);
        expect(state.id in texts.sharedRegionsNote, `${language} sharedRegionsNote.${state.id}`).toBe(
          state.hasSharedRegionsNote,
        );
      }
    }
    expect(soRegions.state.southwest.name).toBe('Koonfur Galbeed');
    expect(soRegions.state.banadir.capital).toBe('Muqdisho');
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
  it('has the 8 region slugs', () => {
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

  it('fills every text field in both languages and links only https sources', () => {
    for (const region of REGION_LIST) {
      for (const [language, texts] of Object.entries(LANGUAGES)) {
        const words = texts.region[region.slug];
        for (const field of [
          'name',
          'capital',
          'overview',
          'governance',
          'security',
          'economy',
          'mapAlt',
        ] as const) {
          expect(words[field].trim().length, `${language} ${region.slug}.${field}`).toBeGreaterThan(0);
        }
        // The same districts or regions, one for one, in each language.
        expect(words.parts.length, `${language} ${region.slug}.parts`).toBe(
          enRegions.region[region.slug].parts.length,
        );
      }
      expect(enRegions.region[region.slug].parts.length).toBeGreaterThan(0);
      expect(region.sources.length, region.slug).toBeGreaterThan(0);
      for (const source of region.sources) {
        expect(new URL(source.url).protocol, source.url).toBe('https:');
        expect(source.label.trim().length).toBeGreaterThan(0);
      }
    }
  });

  it('gives an area in km² or none (Data not available)', () => {
    for (const region of REGION_LIST) {
      const area = region.area_km2;
      expect(area === null || (Number.isInteger(area) && area > 0), region.slug).toBe(true);
    }
    expect(REGIONS.hirshabelle.area_km2).toBe(54_173);
    expect(enRegions.dataNotAvailable).toBe('Data not available');
  });

  it('lists districts for Banaadir and pre-war regions for the others', () => {
    for (const region of REGION_LIST) {
      expect(region.parts, region.slug).toBe(region.slug === 'banadir' ? 'districts' : 'regions');
    }
  });

  it('draws its locator map from the 18 map region codes, each at most once', () => {
    for (const region of REGION_LIST) {
      const codes = [...region.mapImage.own, ...region.mapImage.sharedOrContested];
      expect(codes.length, region.slug).toBeGreaterThan(0);
      expect(new Set(codes).size).toBe(codes.length);
      for (const code of codes) expect(MAP_REGION_CODES).toContain(code);
    }
    for (const texts of Object.values(LANGUAGES)) {
      expect(Object.keys(texts.mapRegion).sort()).toEqual([...MAP_REGION_CODES].sort());
    }
  });
});

describe('fixed figures', () => {
  it('shows the regions summary and the static statistics', () => {
    expect(REGION_SUMMARY.map((stat) => stat.value)).toEqual(['18', '8', '12.3M', '275']);
    expect(FEDERAL_STATES_SUMMARY.map((stat) => stat.value)).toEqual(['8', '12.3M', '275', '54']);
    expect(PROCESS_STATISTICS.map((stat) => stat.value)).toEqual([
      '2,847,325',
      '1,456',
      '247',
      '63',
      '99.8%',
    ]);
  });

  it('labels every figure in both languages', () => {
    const label = (stat: { label: keyof typeof enContent.figures }) => enContent.figures[stat.label];
    expect(REGION_SUMMARY.map(label)).toEqual(['Regions', 'Entities', 'Population', 'Seats']);
    expect(FEDERAL_STATES_SUMMARY.map(label)).toEqual([
      'Entities',
      'Population',
      'House seats',
      'Senate seats',
    ]);
    expect(PROCESS_STATISTICS.map(label)).toEqual([
      'Registered voters',
      'Polling stations',
      'Observers',
      'Media partners',
      'Security score',
    ]);
    for (const stat of [...REGION_SUMMARY, ...FEDERAL_STATES_SUMMARY, ...PROCESS_STATISTICS]) {
      expect(soContent.figures[stat.label], stat.label).toBeTruthy();
    }
  });

  it('lists three static elections with unique ids, dates as precise as the record, and their words', () => {
    expect(STATIC_ELECTIONS.map((election) => enContent.voting.elections[election.id].title)).toEqual([
      'House of the People elections 2021–2022',
      'Presidential election 2022',
      'Federal elections 2026',
    ]);
    expect(new Set(STATIC_ELECTIONS.map((election) => election.id)).size).toBe(3);
    for (const election of STATIC_ELECTIONS) {
      for (const date of [election.startDate, election.endDate]) {
        expect(date === null || /^\d{4}-\d{2}(-\d{2})?$/.test(date), election.id).toBe(true);
      }
      expect(soContent.voting.elections[election.id].title, election.id).toBeTruthy();
    }
  });
});
