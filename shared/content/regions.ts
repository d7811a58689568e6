import type { MapRegionCode, StateId } from '../federal-states';
import type { HouseRegion } from '../regions';
import { type FigureSource, PARLIAMENT, UNFPA_PESS } from './seats';

/** The eight region slugs (docs/product.md#regions) of /regions/{slug}. */
export const REGION_SLUGS = [
  'banadir',
  'hirshabelle',
  'galmudug',
  'puntland',
  'north-east',
  'north-west',
  'jubbaland',
  'south-west',
] as const;
export type RegionSlug = (typeof REGION_SLUGS)[number];

/** A cited source (docs/product.md#regions). */
export type RegionSource = FigureSource;

/**
 * What a small locator map highlights: the map regions that are the entity's own, and those it shares with
 * another entity or that are contested (drawn differently, so the map takes no side).
 */
export interface RegionMapImage {
  own: readonly MapRegionCode[];
  sharedOrContested: readonly MapRegionCode[];
}

/**
 * A region page's facts (docs/product.md#regions) that are the same in every language. The region's words (name,
 * capital, regions or districts, population, overview, governance, security, economy, map description) are
 * in the client's locale files, namespace `regions`, under `region.<slug>`.
 */
export interface RegionProfile {
  slug: RegionSlug;
  /** Square kilometres, or null ("Data not available") where the boundary is contested or split. */
  area_km2: number | null;
  /** The UNFPA 2014 estimate, or null ("Data not available") where none covers the region alone. */
  population: number | null;
  /** Banaadir lists its districts; the others list the pre-war regions they cover. */
  parts: 'districts' | 'regions';
  sources: readonly RegionSource[];
  mapImage: RegionMapImage;
  /** The House directory's region and the /states/{id} profile for the same seats. */
  houseRegion: HouseRegion;
  stateId: StateId;
}

const WIKIPEDIA = 'https://en.wikipedia.org/wiki/';
// Areas given for whole states are the sums of their pre-war regions' areas listed here.
const REGIONS_OF_SOMALIA: RegionSource = {
  label: 'Wikipedia: Regions of Somalia',
  url: `${WIKIPEDIA}Regions_of_Somalia`,
};

export const REGIONS: Readonly<Record<RegionSlug, RegionProfile>> = {
  banadir: {
    slug: 'banadir',
    area_km2: 370,
    population: 1_650_227,
    parts: 'districts',
    sources: [
      { label: 'Benadir Regional Administration: About Benaadir', url: 'https://bra.gov.so/about-benaadir/' },
      { label: 'Wikipedia: Banaadir', url: `${WIKIPEDIA}Banaadir` },
      UNFPA_PESS,
      REGIONS_OF_SOMALIA,
    ],
    mapImage: { own: ['SOBN'], sharedOrContested: [] },
    houseRegion: 'Banaadir',
    stateId: 'banadir',
  },
  hirshabelle: {
    slug: 'hirshabelle',
    area_km2: 54_173,
    population: null,
    parts: 'regions',
    sources: [
      { label: 'Wikipedia: Hirshabelle State', url: `${WIKIPEDIA}Hirshabelle_State` },
      REGIONS_OF_SOMALIA,
      UNFPA_PESS,
    ],
    mapImage: {
      own: ['SOHI', 'SOSD'],
      sharedOrContested: [],
    },
    houseRegion: 'Hirshabelle',
    stateId: 'hirshabelle',
  },
  galmudug: {
    slug: 'galmudug',
    area_km2: null,
    population: null,
    parts: 'regions',
    sources: [{ label: 'Wikipedia: Galmudug', url: `${WIKIPEDIA}Galmudug` }, PARLIAMENT],
    mapImage: {
      own: ['SOGA'],
      sharedOrContested: ['SOMU'],
    },
    houseRegion: 'Galmudug',
    stateId: 'galmudug',
  },
  puntland: {
    slug: 'puntland',
    area_km2: null,
    population: null,
    parts: 'regions',
    sources: [
      { label: 'Wikipedia: Puntland', url: `${WIKIPEDIA}Puntland` },
      {
        label: 'The EastAfrican: Puntland refuses to recognise federal government (April 2024)',
        url: 'https://www.theeastafrican.co.ke/tea/news/east-africa/somalia-puntland-disputed-constitutional-changes-4575450',
      },
    ],
    mapImage: {
      own: ['SOBR', 'SONU'],
      sharedOrContested: ['SOMU', 'SOSA', 'SOSO'],
    },
    houseRegion: 'Puntland',
    stateId: 'puntland',
  },
  'north-east': {
    slug: 'north-east',
    area_km2: null,
    population: null,
    parts: 'regions',
    sources: [
      { label: 'Wikipedia: North Eastern State (Khatumo State)', url: `${WIKIPEDIA}Khatumo_State` },
      {
        label: 'Hiiraan Online: leaders back Northeast State after Las Anod election (August 2025)',
        url: 'https://www.hiiraan.com/news4/2025/Aug/202729/somali_president_and_pm_back_northeast_state_leaders_after_las_anod_election.aspx',
      },
    ],
    mapImage: {
      own: ['SOSO'],
      sharedOrContested: ['SOSA', 'SOTO'],
    },
    houseRegion: 'North East',
    stateId: 'northeastern',
  },
  'north-west': {
    slug: 'north-west',
    area_km2: null,
    population: null,
    parts: 'regions',
    sources: [{ label: 'Wikipedia: Somaliland', url: `${WIKIPEDIA}Somaliland` }, PARLIAMENT],
    mapImage: {
      own: ['SOAW', 'SOWO', 'SOTO'],
      sharedOrContested: ['SOSA', 'SOSO'],
    },
    houseRegion: 'North West',
    stateId: 'somaliland',
  },
  jubbaland: {
    slug: 'jubbaland',
    area_km2: 113_101,
    population: null,
    parts: 'regions',
    sources: [
      { label: 'Wikipedia: Jubaland', url: `${WIKIPEDIA}Jubaland` },
      {
        label: 'PA-X: Agreement between the Federal Government of Somalia and the Jubba delegation (2013)',
        url: 'https://pax.peaceagreements.org/agreements/791',
      },
      REGIONS_OF_SOMALIA,
    ],
    mapImage: {
      own: ['SOGE', 'SOJD', 'SOJH'],
      sharedOrContested: [],
    },
    houseRegion: 'Jubbaland',
    stateId: 'jubaland',
  },
  'south-west': {
    slug: 'south-west',
    area_km2: 87_403,
    population: null,
    parts: 'regions',
    sources: [
      { label: 'Wikipedia: South West State of Somalia', url: `${WIKIPEDIA}South_West_State_of_Somalia` },
      REGIONS_OF_SOMALIA,
    ],
    mapImage: {
      own: ['SOBY', 'SOBK', 'SOSH'],
      sharedOrContested: [],
    },
    houseRegion: 'South West',
    stateId: 'southwest',
  },
};

/** The 8 regions in the order of /regions. */
export const REGION_LIST: readonly RegionProfile[] = REGION_SLUGS.map((slug) => REGIONS[slug]);

export function isRegionSlug(value: string): value is RegionSlug {
  return (REGION_SLUGS as readonly string[]).includes(value);
}
