import type { MapRegionCode, StateId } from '../federal-states';
import type { HouseRegion } from '../regions';

/** SPEC §3: the eight Region slugs of /regions/{slug}. */
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

export const DATA_NOT_AVAILABLE = 'Data not available';

export interface RegionSource {
  label: string;
  url: string;
}

/**
 * What a small locator map highlights: the map regions that are the entity's own, and those it shares with
 * another entity or that are contested (drawn differently, so the map takes no side).
 */
export interface RegionMapImage {
  own: readonly MapRegionCode[];
  sharedOrContested: readonly MapRegionCode[];
  alt: string;
}

/** SPEC §3 "Region (static)", with the spec's field names. */
export interface RegionProfile {
  slug: RegionSlug;
  name: string;
  population: string;
  capital: string;
  regions_or_districts: readonly string[];
  /** Square kilometres, or "Data not available" where the boundary is contested or split. */
  area_km2: number | typeof DATA_NOT_AVAILABLE;
  overview: string;
  governance: string;
  security: string;
  economy: string;
  sources: readonly RegionSource[];
  mapImage: RegionMapImage;
  /** The House directory's region and the /states/{id} profile for the same seats. */
  houseRegion: HouseRegion;
  stateId: StateId;
}

const WIKIPEDIA = 'https://en.wikipedia.org/wiki/';
const UNFPA_PESS: RegionSource = {
  label: 'UNFPA: Population Estimation Survey 2014',
  url: 'https://somalia.unfpa.org/en/publications/newly-launched-population-estimation-survey-report',
};
// Areas given for whole states are the sums of their pre-war regions' areas listed here.
const REGIONS_OF_SOMALIA: RegionSource = {
  label: 'Wikipedia: Regions of Somalia',
  url: `${WIKIPEDIA}Regions_of_Somalia`,
};
const PARLIAMENT: RegionSource = {
  label: 'Wikipedia: Federal Parliament of Somalia',
  url: `${WIKIPEDIA}Federal_Parliament_of_Somalia`,
};

export const REGIONS: Readonly<Record<RegionSlug, RegionProfile>> = {
  banadir: {
    slug: 'banadir',
    name: 'Banaadir',
    population: '1,650,227 (UNFPA estimate, 2014)',
    capital: 'Mogadishu',
    regions_or_districts: [
      'Abdiaziz',
      'Bondhere',
      'Daynile',
      'Hamar Jajab',
      'Hamar Weyne',
      'Hawl Wadag',
      'Heliwa',
      'Hodan',
      'Kahda',
      'Karan',
      'Shangani',
      'Shibis',
      'Waberi',
      'Wadajir',
      'Warta Nabada',
      'Yaqshid',
      'Gubta',
    ],
    area_km2: 370,
    overview:
      "Banaadir is the capital region: its territory is the city of Mogadishu, Somalia's capital since independence in 1960 and the seat of the federal government and parliament. It is the smallest region by area and the most populous.",
    governance:
      'The Benadir Regional Administration governs the region. Its head is both Mayor of Mogadishu and Governor of Banaadir and is appointed by the federal government; each district has a district commissioner. Banaadir is not a federal member state, so it elects 5 members of the House of the People and has no Senate seats.',
    security:
      'Security is provided by federal forces and the city police. Al-Shabaab has carried out bombings and attacks in the city, and checkpoints and road closures are common around government sites and during major events.',
    economy:
      "Mogadishu's seaport and Aden Adde International Airport are the country's main gateways. Trade, construction, telecommunications and mobile money employ many residents, and remittances from the diaspora support many households.",
    sources: [
      { label: 'Benadir Regional Administration: About Benaadir', url: 'https://bra.gov.so/about-benaadir/' },
      { label: 'Wikipedia: Banaadir', url: `${WIKIPEDIA}Banaadir` },
      UNFPA_PESS,
      REGIONS_OF_SOMALIA,
    ],
    mapImage: { own: ['SOBN'], sharedOrContested: [], alt: 'Banaadir, on the coast of southern Somalia' },
    houseRegion: 'Banaadir',
    stateId: 'banadir',
  },
  hirshabelle: {
    slug: 'hirshabelle',
    name: 'Hirshabelle',
    population: DATA_NOT_AVAILABLE,
    capital: 'Jowhar',
    regions_or_districts: ['Hiraan', 'Middle Shabelle'],
    area_km2: 54_173,
    overview:
      'Hirshabelle joins the Hiraan and Middle Shabelle regions, north of Mogadishu, and takes its name from both. It was the last of the southern member states to be formed, in October 2016.',
    governance:
      'A state president is elected by the state assembly. The state government sits in Jowhar and works with the federal government on elections, security and reconciliation between communities.',
    security:
      'Al-Shabaab is active in rural areas. Local forces and the Somali National Army, supported by African Union troops, retook many towns in 2022 and 2023, but fighting continues and some of those towns have changed hands again since.',
    economy:
      'The Shabelle River irrigates farms growing maize, sesame and fruit, and herding is widespread. The river floods regularly, especially around Beledweyne, destroying crops and homes.',
    sources: [
      { label: 'Wikipedia: Hirshabelle State', url: `${WIKIPEDIA}Hirshabelle_State` },
      REGIONS_OF_SOMALIA,
      UNFPA_PESS,
    ],
    mapImage: {
      own: ['SOHI', 'SOSD'],
      sharedOrContested: [],
      alt: 'Hiraan and Middle Shabelle, in south-central Somalia',
    },
    houseRegion: 'Hirshabelle',
    stateId: 'hirshabelle',
  },
  galmudug: {
    slug: 'galmudug',
    name: 'Galmudug',
    population: DATA_NOT_AVAILABLE,
    capital: 'Dhusamareb',
    regions_or_districts: ['Galgaduud', 'Mudug (south)'],
    area_km2: DATA_NOT_AVAILABLE,
    overview:
      'Galmudug covers the Galgaduud region and the south of Mudug in central Somalia, from the Ethiopian border to the Indian Ocean. The current state was formed at a conference in Adado in 2015.',
    governance:
      'A state president is elected by the state assembly, and the government sits in Dhusamareb. Mudug is split with Puntland, so the city of Galkayo has two administrations.',
    security:
      'Al-Shabaab holds or contests parts of the south and the coast. Clan militias and the Somali National Army have fought it there since 2022, and disputes over grazing land and water sometimes turn violent.',
    economy:
      'Camel, goat and sheep herding is the main livelihood, with fishing on the coast around Hobyo. Galkayo is a trading hub on the road between the north and the south.',
    sources: [{ label: 'Wikipedia: Galmudug', url: `${WIKIPEDIA}Galmudug` }, PARLIAMENT],
    mapImage: {
      own: ['SOGA'],
      sharedOrContested: ['SOMU'],
      alt: 'Galgaduud in central Somalia, with Mudug shown as shared with Puntland',
    },
    houseRegion: 'Galmudug',
    stateId: 'galmudug',
  },
  puntland: {
    slug: 'puntland',
    name: 'Puntland',
    population: DATA_NOT_AVAILABLE,
    capital: 'Garowe',
    regions_or_districts: ['Bari', 'Nugaal', 'Mudug (north)'],
    area_km2: DATA_NOT_AVAILABLE,
    overview:
      "Puntland, in Somalia's north-east, declared itself an autonomous state in August 1998. It holds Bari, Nugaal and the north of Mudug, and claims Sool, eastern Sanaag and the Buuhoodle area, which are also claimed by Somaliland and the North Eastern State.",
    governance:
      'Puntland has its own constitution, parliament and president, elected by the parliament. In March 2024 it withdrew its recognition of the federal institutions over the constitutional amendments and said it would govern itself until a constitution is agreed by referendum.',
    security:
      "Puntland's forces have fought an Islamic State affiliate in the Cal Miskaad mountains of Bari, and al-Shabaab in parts of the state. Piracy off the coast, once widespread, fell sharply after 2012 but has been reported again since 2023.",
    economy:
      'Bosaso port exports livestock to the Gulf. Fishing, frankincense from the Bari mountains and trade are important, and remittances support many families.',
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
      alt: 'Bari and Nugaal in north-east Somalia, with Mudug, Sanaag and Sool shown as shared or contested',
    },
    houseRegion: 'Puntland',
    stateId: 'puntland',
  },
  'north-east': {
    slug: 'north-east',
    name: 'North East',
    population: DATA_NOT_AVAILABLE,
    capital: 'Las Anod',
    regions_or_districts: ['Sool', 'Sanaag (east)', 'Togdheer (Buuhoodle area)'],
    area_km2: DATA_NOT_AVAILABLE,
    overview:
      'The North East covers the areas known as SSC (Sool, Sanaag and Cayn). After fighting around Las Anod in 2023, the SSC-Khaatumo administration took control of most of Sool; in July 2025 a conference in Las Anod reconstituted it as the North Eastern State, a federal member state.',
    governance:
      'A state assembly was chosen in August 2025 and elected the first state president on 30 August 2025. The federal government recognises the state; Somaliland and Puntland both reject it because of their own claims to the area.',
    security:
      'The area remains contested between the North Eastern State and Somaliland. The 2023 fighting around Las Anod killed hundreds of civilians and displaced tens of thousands of people, according to UN and news reports.',
    economy:
      'Livestock herding is the main livelihood, and Las Anod is a market town on the routes between the coast and Ethiopia. Conflict damage and displacement have set back trade and services.',
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
      alt: 'Sool in northern Somalia, with Sanaag and Togdheer shown as contested',
    },
    houseRegion: 'North East',
    stateId: 'northeastern',
  },
  'north-west': {
    slug: 'north-west',
    name: 'North West',
    population: DATA_NOT_AVAILABLE,
    capital: 'Hargeisa',
    regions_or_districts: ['Awdal', 'Woqooyi Galbeed', 'Togdheer', 'Sanaag', 'Sool'],
    area_km2: DATA_NOT_AVAILABLE,
    overview:
      "The North West is the former British Somaliland protectorate, which joined the former Italian Somaliland in 1960 to form the Somali Republic. Somaliland declared independence on 18 May 1991; Somalia's federal government does not recognise the declaration.",
    governance:
      'Somaliland has its own constitution, president, parliament and elections, run from Hargeisa. Its authorities take no part in federal elections; the House seats allocated to the North West are filled at elections held in Mogadishu.',
    security:
      'The western regions have been largely stable for many years. Sool, eastern Sanaag and the Buuhoodle area are contested, and fighting around Las Anod in 2023 moved the front line west.',
    economy:
      'Livestock exports through Berbera port, trade with Ethiopia along the Berbera corridor, and remittances from the diaspora are the mainstays. Hargeisa has a busy private sector, including mobile money.',
    sources: [{ label: 'Wikipedia: Somaliland', url: `${WIKIPEDIA}Somaliland` }, PARLIAMENT],
    mapImage: {
      own: ['SOAW', 'SOWO', 'SOTO'],
      sharedOrContested: ['SOSA', 'SOSO'],
      alt: 'Awdal, Woqooyi Galbeed and Togdheer in north-west Somalia, with Sanaag and Sool shown as contested',
    },
    houseRegion: 'North West',
    stateId: 'somaliland',
  },
  jubbaland: {
    slug: 'jubbaland',
    name: 'Jubbaland',
    population: DATA_NOT_AVAILABLE,
    capital: 'Kismayo',
    regions_or_districts: ['Gedo', 'Middle Juba', 'Lower Juba'],
    area_km2: 113_101,
    overview:
      "Jubbaland is Somalia's southernmost member state, along the Juba River and the borders with Kenya and Ethiopia. Its interim administration was recognised by the federal government in an agreement signed in Addis Ababa on 27 August 2013.",
    governance:
      'A state president is elected by the state assembly, and the government sits in Kismayo. After a disputed state election in November 2024, Jubaland suspended cooperation with the federal government.',
    security:
      "Al-Shabaab controls much of Middle Juba and parts of the other regions. Jubbaland's forces, the Somali National Army and African Union troops hold Kismayo and the main towns, and Gedo has seen clashes between federal and state forces.",
    economy:
      'Kismayo port, farming along the Juba River, and cattle and camel herding drive the economy, with trade across the Kenyan border.',
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
      alt: 'Gedo, Middle Juba and Lower Juba in southern Somalia',
    },
    houseRegion: 'Jubbaland',
    stateId: 'jubaland',
  },
  'south-west': {
    slug: 'south-west',
    name: 'South West',
    population: DATA_NOT_AVAILABLE,
    capital: 'Baidoa',
    regions_or_districts: ['Bay', 'Bakool', 'Lower Shabelle'],
    area_km2: 87_403,
    overview:
      'The South West State joins Bay, Bakool and Lower Shabelle, between Mogadishu and the Ethiopian border. It was formed in 2014; it elects 69 members of the House of the People, more than any other state.',
    governance:
      'A state president is elected by the state assembly. The government sits in Baidoa, while Barawe on the coast is designated the official capital.',
    security:
      'Al-Shabaab controls many rural areas, and some towns depend on supplies by air. African Union troops and the Somali National Army hold the main towns, including Baidoa.',
    economy:
      'Farming is the main livelihood: sorghum in Bay and irrigated maize, sesame and bananas along the Shabelle River in Lower Shabelle. Droughts have repeatedly driven families into camps around Baidoa.',
    sources: [
      { label: 'Wikipedia: South West State of Somalia', url: `${WIKIPEDIA}South_West_State_of_Somalia` },
      REGIONS_OF_SOMALIA,
    ],
    mapImage: {
      own: ['SOBY', 'SOBK', 'SOSH'],
      sharedOrContested: [],
      alt: 'Bay, Bakool and Lower Shabelle in southern Somalia',
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

/** "54,173 km²", or the spec's "Data not available". */
export function formatArea(area: RegionProfile['area_km2']): string {
  return typeof area === 'number' ? `${area.toLocaleString('en-US')} km²` : area;
}
