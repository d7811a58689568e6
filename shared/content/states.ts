import { STATE_IDS, type StateId } from '../federal-states';
import type { RegionSlug } from './regions';

/** The badge on a state card and profile. Somaliland's wording is qualified because Israel recognised it in December 2025. */
export type StateStatusType =
  | 'Federal Member State'
  | 'Capital region'
  | 'Self-declared independent'
  | 'Newly formed';

/** A seat count from SPEC §9, or TBD where the spec gives none. */
export type SeatCount = number | 'TBD';

export interface KeyFact {
  label: string;
  value: string;
}

/** SPEC §3 "State card" plus what the /states/{id} profile shows. */
export interface StateProfile {
  id: StateId;
  name: string;
  /** Short text for cards; "TBD" where no figure is confirmed. */
  population: string;
  status: string;
  statusType: StateStatusType;
  description: string;
  houseSeats: SeatCount;
  senateSeats: SeatCount;
  /** Said next to the seat counts where they need a qualification. */
  seatsNote: string | null;
  capital: string;
  /** Year the current entity was formed or declared; null where it does not apply. */
  formed: string | null;
  /** The pre-war regions (SPEC §2 map names) it covers, with "(north)" and the like where it covers part. */
  regions: readonly string[];
  demographics: string;
  keyInformation: readonly KeyFact[];
  /** Where a region is shared with another entity or contested. */
  sharedRegionsNote: string | null;
  /** The Region page (SPEC §3 Region) that covers the same seats. */
  regionSlug: RegionSlug;
}

/** SPEC §9: the key languages on every profile (Somalia's two official languages). */
export const KEY_LANGUAGES = 'Somali, Arabic';

function keyFacts(
  profile: Pick<StateProfile, 'capital' | 'formed' | 'regions' | 'houseSeats' | 'senateSeats'>,
  extra: readonly KeyFact[] = [],
): KeyFact[] {
  return [
    { label: 'Capital', value: profile.capital },
    { label: 'Formed', value: profile.formed ?? 'Not applicable' },
    { label: 'Regions', value: profile.regions.join(', ') },
    { label: 'Key languages', value: KEY_LANGUAGES },
    { label: 'House of the People seats', value: String(profile.houseSeats) },
    { label: 'Senate seats', value: String(profile.senateSeats) },
    ...extra,
  ];
}

type ProfileInput = Omit<StateProfile, 'keyInformation'> & { extraFacts?: readonly KeyFact[] };

function profile({ extraFacts, ...input }: ProfileInput): StateProfile {
  return { ...input, keyInformation: keyFacts(input, extraFacts) };
}

export const STATES: Readonly<Record<StateId, StateProfile>> = {
  banadir: profile({
    id: 'banadir',
    name: 'Banadir',
    population: '1.65M (2014 estimate)',
    status: 'Capital region, run by the Benadir Regional Administration',
    statusType: 'Capital region',
    description:
      'The capital region, covering the city of Mogadishu. It is not a federal member state: the Benadir Regional Administration runs it, headed by the Mayor of Mogadishu, who is also Governor of Banadir and is appointed by the federal government. Its final status within the federation is still to be settled.',
    houseSeats: 5,
    senateSeats: 0,
    seatsNote: 'Banadir has no Senate seats because it is not a federal member state.',
    capital: 'Mogadishu',
    formed: null,
    regions: ['Banadir'],
    demographics:
      "Somalia's most populous region and its smallest by area (about 370 km²). The 2014 UNFPA Population Estimation Survey counted 1,650,227 people, 369,288 of them displaced from elsewhere; the regional administration has said the real figure is much higher. Many families displaced by conflict and drought have since settled on the city's outskirts.",
    sharedRegionsNote: null,
    regionSlug: 'banadir',
    extraFacts: [{ label: 'Administration', value: 'Benadir Regional Administration' }],
  }),
  hirshabelle: profile({
    id: 'hirshabelle',
    name: 'Hirshabelle',
    population: 'TBD',
    status: 'Federal Member State since 2016',
    statusType: 'Federal Member State',
    description:
      'Formed in October 2016 from the Hiraan and Middle Shabelle regions, whose names it joins. Its capital, Jowhar, lies on the Shabelle River about 90 km north of Mogadishu.',
    houseSeats: 38,
    senateSeats: 8,
    seatsNote: null,
    capital: 'Jowhar',
    formed: '2016',
    regions: ['Hiraan', 'Middle Shabelle'],
    demographics:
      'Farming and herding communities along the Shabelle River, which crosses the state from the Ethiopian border towards the coast. Beledweyne is the main town of Hiraan. No state-wide population figure has been confirmed; the 2014 UNFPA survey estimated 520,685 people in Hiraan alone.',
    sharedRegionsNote: null,
    regionSlug: 'hirshabelle',
  }),
  galmudug: profile({
    id: 'galmudug',
    name: 'Galmudug',
    population: 'TBD',
    status: 'Federal Member State since 2015',
    statusType: 'Federal Member State',
    description:
      'The member state of central Somalia, formed in 2015 from the Galgaduud region and the south of Mudug; its name joins the two. An earlier Galmudug administration had been declared in 2006. The state capital is Dhusamareb.',
    houseSeats: 37,
    senateSeats: 8,
    seatsNote: null,
    capital: 'Dhusamareb',
    formed: '2015',
    regions: ['Galgaduud', 'Mudug (south)'],
    demographics:
      'Largely pastoral, with camel and goat herding across the central plains and fishing communities on the Indian Ocean coast around Hobyo. Galkayo, the main trading town, is divided between Galmudug and Puntland. Population: TBD.',
    sharedRegionsNote:
      'Mudug is shared with Puntland: Galmudug administers the south of the region and Puntland the north, with the line running through the city of Galkayo.',
    regionSlug: 'galmudug',
  }),
  puntland: profile({
    id: 'puntland',
    name: 'Puntland',
    population: 'TBD',
    status: 'Federal Member State; declared autonomy in 1998',
    statusType: 'Federal Member State',
    description:
      'Declared an autonomous state in August 1998, with its capital at Garowe, and does not seek independence. On 31 March 2024, after the federal parliament amended the constitution, Puntland withdrew its recognition of the federal institutions and said it would govern itself until a constitution agreed by a referendum in which it takes part is adopted.',
    houseSeats: 37,
    senateSeats: 11,
    seatsNote: null,
    capital: 'Garowe',
    formed: '1998',
    regions: ['Bari', 'Nugaal', 'Mudug (north)'],
    demographics:
      'Bosaso, the port city of Bari, is the largest city and Garowe the seat of government. Herding is the main livelihood inland, with fishing along the Gulf of Aden and Indian Ocean coasts. Population: TBD.',
    sharedRegionsNote:
      'Puntland shares Mudug with Galmudug (the line runs through Galkayo). It also claims Sool, eastern Sanaag and the Buuhoodle area on grounds of clan ties; Somaliland claims the same areas, and since 2025 much of Sool is administered by the North Eastern State.',
    regionSlug: 'puntland',
  }),
  northeastern: profile({
    id: 'northeastern',
    name: 'North Eastern State',
    population: 'TBD',
    status: 'Federal Member State since 2025',
    statusType: 'Newly formed',
    description:
      'The newest member state, declared in Las Anod on 30 July 2025 by a conference that replaced the SSC-Khaatumo administration. Its parliament elected the first state president on 30 August 2025, and the federal government recognises it as a federal member state.',
    houseSeats: 'TBD',
    senateSeats: 'TBD',
    seatsNote: 'Seats in the federal parliament for the new state have not been published.',
    capital: 'Las Anod',
    formed: '2025',
    regions: ['Sool', 'Sanaag (east)', 'Togdheer (Buuhoodle area)'],
    demographics:
      'Mostly pastoral communities in Sool, eastern Sanaag and the Buuhoodle area, together known as SSC (Sool, Sanaag and Cayn). Fighting around Las Anod in 2023 displaced many residents. Population: TBD.',
    sharedRegionsNote:
      'The whole area is contested. Somaliland claims it within the borders of the former British Somaliland protectorate; Puntland claims it on grounds of clan ties; the North Eastern State has administered Las Anod and much of Sool since 2023.',
    regionSlug: 'north-east',
  }),
  somaliland: profile({
    id: 'somaliland',
    name: 'Somaliland',
    population: 'TBD',
    status: 'Declared independence in 1991; not recognised by Somalia',
    statusType: 'Self-declared independent',
    description:
      "Declared independence from Somalia on 18 May 1991 within the borders of the former British Somaliland protectorate, and runs its own government, currency and elections from Hargeisa. Somalia's federal government regards it as part of Somalia and does not recognise the declaration. In December 2025 Israel became the first UN member state to recognise it; Somalia and the African Union rejected the move.",
    houseSeats: 46,
    senateSeats: 13,
    seatsNote:
      'Allocated but unfilled from within Somaliland: its authorities take no part in federal elections, so members for these seats are chosen at elections held in Mogadishu.',
    capital: 'Hargeisa',
    formed: '1991',
    regions: ['Awdal', 'Woqooyi Galbeed', 'Togdheer', 'Sanaag', 'Sool'],
    demographics:
      'Hargeisa is the largest city, Berbera on the Gulf of Aden the main port and Burao the main town of Togdheer. Livestock herding and exports through Berbera, together with remittances from the diaspora, carry the economy. Population: TBD.',
    sharedRegionsNote:
      'Sool, eastern Sanaag and the Buuhoodle area of Togdheer are contested: Somaliland claims them, Puntland claims parts of them, and since 2023 much of Sool has been held by the SSC-Khaatumo administration, now the North Eastern State.',
    regionSlug: 'north-west',
  }),
  jubaland: profile({
    id: 'jubaland',
    name: 'Jubaland',
    population: 'TBD',
    status: 'Federal Member State since 2013',
    statusType: 'Federal Member State',
    description:
      'Formed in 2013 from the Gedo, Middle Juba and Lower Juba regions, with its capital at the port city of Kismayo. The federal government recognised its interim administration in an agreement signed in Addis Ababa on 27 August 2013. In November 2024 Jubaland suspended cooperation with the federal government in a dispute over its state election.',
    houseSeats: 43,
    senateSeats: 8,
    seatsNote: null,
    capital: 'Kismayo',
    formed: '2013',
    regions: ['Gedo', 'Middle Juba', 'Lower Juba'],
    demographics:
      'Farming along the Juba River, herding in the interior and trade through Kismayo port. The state borders Kenya and Ethiopia, and many families live on both sides of those borders. Population: TBD.',
    sharedRegionsNote: null,
    regionSlug: 'jubbaland',
  }),
  southwest: profile({
    id: 'southwest',
    name: 'South West',
    population: 'TBD',
    status: 'Federal Member State since 2014',
    statusType: 'Federal Member State',
    description:
      'Formed in 2014 from the Bay, Bakool and Lower Shabelle regions. The administration sits in Baidoa; Barawe, on the coast, is designated the official capital. An earlier South West State had been declared in 2002.',
    houseSeats: 69,
    senateSeats: 8,
    seatsNote: null,
    capital: 'Baidoa (seat of government); Barawe (official capital)',
    formed: '2014',
    regions: ['Bay', 'Bakool', 'Lower Shabelle'],
    demographics:
      'Holds more House seats than any other state. Mostly farming and agro-pastoral communities: Bay is known for sorghum, and the irrigated land of Lower Shabelle grows maize, sesame and bananas. Af-Maay is widely spoken alongside standard Somali. Population: TBD.',
    sharedRegionsNote: null,
    regionSlug: 'south-west',
  }),
};

/** The 8 entities in the order of /federal-states. */
export const STATE_LIST: readonly StateProfile[] = STATE_IDS.map((id) => STATES[id]);

export function isStateId(value: string): value is StateId {
  return (STATE_IDS as readonly string[]).includes(value);
}

/** "TBD" stays as it is; a number is shown as digits. */
export function formatSeats(seats: SeatCount): string {
  return typeof seats === 'number' ? String(seats) : seats;
}
